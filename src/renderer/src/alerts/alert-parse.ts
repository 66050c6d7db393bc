/**
 * Parses an alert typed into the command palette: `alert <symbol> <condition> [once|every]`
 * — `alert AAPL US > 230`, `alert BTCUSDT BA crosses 90000`, `alert 700 HK < 380.5 every`,
 * `alert AAPL US move 2% 5m`. The symbol is read as the palette reads symbols
 * (palette-parse.ts: canonical code, region typed or guessed); the draft is checked
 * again on the main side before it is kept.
 */
import {
  formatWindow,
  isAlertPrice,
  isMovePercent,
  isMoveWindow,
  type AlertCondition,
  type AlertDraft,
  type AlertRepeat,
} from '../../../shared/model';
import { MAX_MOVE_WINDOW_MS } from '../../../shared/model';
import { parseSymbolCommand } from '../workspace/palette-parse';

export type AlertParse =
  /** A whole alert: ready to make. */
  | { ok: true; draft: AlertDraft; regionGuessed: boolean }
  /** It starts with `alert` but is not (yet) one: what is missing or wrong. */
  | { ok: false; problem: string };

const LEVEL_WORDS: Record<string, 'above' | 'below' | 'crosses'> = {
  '>': 'above',
  '>=': 'above',
  above: 'above',
  '<': 'below',
  '<=': 'below',
  below: 'below',
  crosses: 'crosses',
  cross: 'crosses',
  crossing: 'crosses',
  x: 'crosses',
};

/** The example shown while an alert is typed. */
export const ALERT_EXAMPLE = 'alert AAPL US > 230 · crosses 90000 · < 380 · move 2% 5m [every]';

/** `230`, `90,000`, `231.40` → the number; null otherwise. */
function readNumber(word: string): number | null {
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(word)) return null;
  const n = Number(word.replace(/,/g, ''));
  return isAlertPrice(n) ? n : null;
}

/** `30s`, `5m`, `1h` → ms; null otherwise. */
function readWindow(word: string): number | null {
  const m = /^(\d+)(s|m|min|h)$/i.exec(word);
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  return Number(m[1]) * (unit === 's' ? 1000 : unit === 'h' ? 3_600_000 : 60_000);
}

/** Splits `>230` and `<=5` into the operator and the number. */
function splitOperators(words: string[]): string[] {
  return words.flatMap((w) => {
    const m = /^(>=|<=|>|<)(.+)$/.exec(w);
    return m ? [m[1]!, m[2]!] : [w];
  });
}

/**
 * The alert in `text`; null when `text` is not an alert command at all (it does not
 * start with the word `alert`).
 */
export function parseAlertCommand(text: string): AlertParse | null {
  const [first, ...rest] = text.trim().split(/\s+/);
  if (first?.toLowerCase() !== 'alert') return null;
  const words = splitOperators(rest.filter(Boolean));
  let repeat: AlertRepeat = 'once';
  const last = words.at(-1)?.toLowerCase();
  if (last === 'every' || last === 'once') {
    repeat = last;
    words.pop();
  }
  const at = words.findIndex(
    (w) => Object.hasOwn(LEVEL_WORDS, w.toLowerCase()) || /^move$/i.test(w),
  );
  if (at < 1) {
    return {
      ok: false,
      problem:
        words.length === 0
          ? 'Type a symbol, then a condition.'
          : 'Type a condition: > price, < price, crosses price, or move 2% 5m.',
    };
  }
  const symbolText = words.slice(0, at).join(' ');
  const symbol = parseSymbolCommand(symbolText);
  if (!symbol || symbol.kind !== null || symbol.kType !== null) {
    return {
      ok: false,
      problem: `"${symbolText}" is not a symbol: type its code and region, e.g. AAPL US.`,
    };
  }
  const op = words[at]!.toLowerCase();
  const args = words.slice(at + 1);
  let condition: AlertCondition;
  if (op === 'move') {
    const percent = /^(\d+(\.\d+)?)%?$/.exec(args[0] ?? '');
    const value = percent ? Number(percent[1]) : NaN;
    if (!isMovePercent(value)) {
      return {
        ok: false,
        problem: 'Type the move in percent (above 0, at most 100), e.g. move 2% 5m.',
      };
    }
    const windowMs = args[1] === undefined ? 5 * 60_000 : readWindow(args[1]);
    if (windowMs === null || !isMoveWindow(windowMs)) {
      const most = formatWindow(MAX_MOVE_WINDOW_MS);
      return { ok: false, problem: `Type the window as 30s, 5m or 1h (at most ${most}).` };
    }
    if (args.length > 2)
      return { ok: false, problem: `"${args.slice(2).join(' ')}" is not understood.` };
    condition = { kind: 'move', percent: value, windowMs };
  } else {
    const price = readNumber(args[0] ?? '');
    if (price === null)
      return { ok: false, problem: 'Type the price, a number above 0, e.g. 230 or 90,000.' };
    if (args.length > 1)
      return { ok: false, problem: `"${args.slice(1).join(' ')}" is not understood.` };
    condition = { kind: LEVEL_WORDS[op]!, price };
  }
  return {
    ok: true,
    draft: { instrument: symbol.symbol, condition, repeat },
    regionGuessed: symbol.regionGuessed,
  };
}
