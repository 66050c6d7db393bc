/**
 * The check every typed symbol passes before the terminal acts on it (the palette's
 * "Go to", the quote board's add-symbol form): `checkSymbol` asks the current source.
 * Known: go on with the source's canonical instrument. Unknown: refuse, saying why.
 * Unverified (the source cannot tell now: offline, rate limited, token refused):
 * refuse once, saying why, and go on only when the user asks again for the same
 * symbol — an unchecked symbol is a deliberate choice, never a silent one (if it turns
 * out unknown, its panes say "unknown symbol" rather than show data).
 * Plain TypeScript (no runes): `SymbolGateState` backs the fields with `$state`.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import { instrumentKey, type Instrument, type SymbolCheck } from '../../../shared/model';
import type { SymbolRef } from './pane-contract';
import { errorMessage } from '../../../shared/errors';

/** What checking a symbol came to, with a sentence for the user. */
export type CheckVerdict =
  | { kind: 'known'; symbol: SymbolRef; name: string | null }
  | { kind: 'unknown'; symbol: SymbolRef; message: string }
  | { kind: 'unverified'; symbol: SymbolRef; message: string };

/** "TENCENT US stock", "700 HK·HKEX stock". */
export function symbolLabel(s: SymbolRef): string {
  return `${s.code} ${s.region}${s.exchange ? `·${s.exchange}` : ''} ${s.class}`;
}

/**
 * What a pane says in place of data for a symbol the source does not know. In a replay
 * (`replaying`) the source is the recording played, and what it has not got is a symbol
 * it does not play (another instrument's replay, not recorded), not an unknown one.
 */
export function unknownText(s: SymbolRef, replaying = false): string {
  return replaying
    ? `Not in this replay: the recording played has no ${symbolLabel(s)}.`
    : `Unknown symbol: the data source has no ${symbolLabel(s)}.`;
}

function toRef(i: Instrument): SymbolRef {
  return { class: i.class, region: i.region, exchange: i.exchange, code: i.code };
}

/** The reason in brackets, without its own full stop: the sentence ends after it (not ".)."). */
const because = (message: string) => {
  const reason = message.trim().replace(/\.+$/, '');
  return reason ? ` (${reason})` : '';
};

/** The verdict on a `checkSymbol` answer. */
export function verdictOf(check: SymbolCheck): CheckVerdict {
  const symbol = toRef(check.instrument);
  switch (check.status) {
    case 'known':
      return { kind: 'known', symbol, name: check.name };
    case 'unknown':
      return {
        kind: 'unknown',
        symbol,
        message: `${unknownText(symbol).slice(0, -1)}${because(check.message)}.`,
      };
    case 'unverified':
      return {
        kind: 'unverified',
        symbol,
        message: `${symbolLabel(symbol)} could not be checked${because(check.message)}.`,
      };
  }
}

/** Asks the source about a symbol; a failed call is "unverified", with its reason. */
export async function checkSymbolRef(
  bridge: MarketdeskBridge,
  symbol: SymbolRef,
): Promise<CheckVerdict> {
  try {
    const check = await bridge.invoke('checkSymbol', {
      symbol: {
        class: symbol.class,
        region: symbol.region,
        exchange: symbol.exchange,
        code: symbol.code,
      },
    });
    return verdictOf(check);
  } catch (error) {
    return verdictOf({ status: 'unverified', instrument: symbol, message: errorMessage(error) });
  }
}

/** What a gate shows: plain fields here, `$state` in `SymbolGateState`. */
export interface GateFields {
  /** A check is under way. */
  checking: boolean;
  /** Why the last symbol was not taken; null when nothing is wrong. */
  problem: string | null;
  /** The symbol (its instrument key) that goes ahead unverified if asked for again. */
  unverifiedKey: string | null;
}

export class SymbolGate {
  #generation = 0;

  /** `confirmHint`: how to go ahead unverified ("Press Enter again to open it anyway."). */
  constructor(
    private readonly bridge: MarketdeskBridge,
    private readonly f: GateFields,
    private readonly confirmHint: string,
  ) {}

  /**
   * The symbol to act on (the source's canonical form), or null: refused (the
   * fields say why), or superseded by a later `pass` or a `reset`.
   */
  async pass(symbol: SymbolRef): Promise<SymbolRef | null> {
    const generation = ++this.#generation;
    const key = instrumentKey(symbol);
    const confirmed = this.f.unverifiedKey === key;
    this.f.checking = true;
    try {
      const verdict = await checkSymbolRef(this.bridge, symbol);
      if (generation !== this.#generation) return null;
      if (verdict.kind === 'known' || (verdict.kind === 'unverified' && confirmed)) {
        this.f.problem = null;
        this.f.unverifiedKey = null;
        return verdict.symbol;
      }
      if (verdict.kind === 'unknown') {
        this.f.problem = verdict.message;
        this.f.unverifiedKey = null;
      } else {
        this.f.problem = `${verdict.message} ${this.confirmHint}`;
        this.f.unverifiedKey = key;
      }
      return null;
    } finally {
      if (generation === this.#generation) this.f.checking = false;
    }
  }

  /** Forgets the last check (the input changed): nothing pending, nothing to say. */
  reset(): void {
    this.#generation++;
    this.f.checking = false;
    this.f.problem = null;
    this.f.unverifiedKey = null;
  }
}
