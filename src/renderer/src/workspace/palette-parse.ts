/**
 * Parses what a trader types into the command palette: `<code> [region] [pane kind]
 * [interval]`, e.g. `AAPL US`, `700 HK chart 1d`, `BTCUSDT BA depth`. Words after the
 * code may come in any order; a class word (`fund`, `crypto`…) overrides inference.
 * The code comes out canonical (`00700 HK` → `700`). A parsed command is a guess to be
 * checked with the source before it acts (see workspace/symbol-gate).
 */
import type { AssetClass, KType } from '../../../shared/model';
import { canonicalCode, parseKType } from '../../../shared/model';
import type { PaneKind, SymbolRef } from './pane-contract';
import { expandBareCode, inferAssetClass, inferRegion } from './symbol-inference';

export interface SymbolCommand {
  symbol: SymbolRef;
  /** The pane kind asked for; null to use the focused pane. */
  kind: PaneKind | null;
  /** The chart interval asked for. */
  kType: KType | null;
  /** True when the region was not typed but guessed from the code. */
  regionGuessed: boolean;
}

const KIND_WORDS: Record<string, PaneKind> = {
  quote: 'quotes',
  quotes: 'quotes',
  board: 'quotes',
  watch: 'quotes',
  watchlist: 'quotes',
  depth: 'depth',
  book: 'depth',
  ladder: 'depth',
  dom: 'depth',
  chart: 'chart',
  candles: 'chart',
  kline: 'chart',
  klines: 'chart',
  tick: 'ticks',
  ticks: 'ticks',
  tape: 'ticks',
  trades: 'ticks',
  company: 'company',
  info: 'company',
  profile: 'company',
  card: 'company',
  news: 'news',
};

const CLASS_WORDS: Record<string, AssetClass> = {
  stock: 'stock',
  crypto: 'crypto',
  fund: 'fund',
  etf: 'fund',
  index: 'indices',
  indices: 'indices',
  forex: 'forex',
  fx: 'forex',
  future: 'future',
  futures: 'future',
};

/** Lower-case interval spellings; `1M` (month) keeps its case, `1mo` is the same. */
function parseInterval(word: string): KType | null {
  if (word === '1M' || word.toLowerCase() === '1mo') return 10;
  if (/^\d+$/.test(word)) return null; // a bare number is a code, not an interval
  return parseKType(word.toLowerCase());
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,23}$/;

/** The symbol command in `text`, or null when it is not one. */
export function parseSymbolCommand(text: string): SymbolCommand | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first || !CODE.test(first)) return null;
  let code = first.toUpperCase();
  let region: string | null = null;
  let kind: PaneKind | null = null;
  let kType: KType | null = null;
  let cls: AssetClass | null = null;
  for (const word of rest) {
    const lower = word.toLowerCase();
    const interval = parseInterval(word);
    if (KIND_WORDS[lower] && !kind) kind = KIND_WORDS[lower];
    else if (CLASS_WORDS[lower] && !cls) cls = CLASS_WORDS[lower];
    else if (interval !== null && kType === null) kType = interval;
    else if (/^[A-Za-z]{2}$/.test(word) && !region) region = word.toUpperCase();
    else return null;
  }
  // An interval alone means a chart.
  if (kType !== null && !kind) kind = 'chart';
  const regionGuessed = region === null;
  if (regionGuessed && !cls) code = expandBareCode(code);
  // A code no market's codes look like is no command unless its region is typed.
  const finalRegion = region ?? inferRegion(code);
  if (finalRegion === null) return null;
  code = canonicalCode(finalRegion, code);
  return {
    symbol: {
      class: cls ?? inferAssetClass(code, finalRegion),
      region: finalRegion,
      exchange: '',
      code,
    },
    kind,
    kType,
    regionGuessed,
  };
}

/** What the palette searches the symbol directory for, and what a chosen result opens. */
export interface PaletteSearch {
  /** The words left once the trailing modifiers are taken off. */
  text: string;
  /** The whole query's words, for a search without the region (see SymbolSearchState). */
  whole: string;
  class?: AssetClass;
  region?: string;
  kind: PaneKind | null;
  kType: KType | null;
}

/**
 * Splits a palette query into search text and modifiers: trailing pane kinds, classes,
 * intervals and one two-letter region come off the end ("tencent chart 1d", "apple us",
 * "700 HK chart"); the words before them are searched by code or name.
 */
export function paletteSearchOf(query: string): PaletteSearch {
  const words = query.trim().split(/\s+/).filter(Boolean);
  let kind: PaneKind | null = null;
  let kType: KType | null = null;
  let cls: AssetClass | undefined;
  let region: string | undefined;
  while (words.length > 1) {
    const word = words[words.length - 1]!;
    const lower = word.toLowerCase();
    const interval = parseInterval(word);
    if (KIND_WORDS[lower] && !kind) kind = KIND_WORDS[lower];
    else if (CLASS_WORDS[lower] && !cls) cls = CLASS_WORDS[lower];
    else if (interval !== null && kType === null) kType = interval;
    else if (/^[A-Za-z]{2}$/.test(word) && !region) region = word.toUpperCase();
    else break;
    words.pop();
  }
  if (kType !== null && !kind) kind = 'chart';
  const out: PaletteSearch = { text: words.join(' '), whole: query.trim(), kind, kType };
  if (cls) out.class = cls;
  if (region) out.region = region;
  return out;
}
