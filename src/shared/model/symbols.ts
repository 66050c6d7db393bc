/**
 * The one canonical form of an instrument, and what checking a symbol against the
 * current source answers. Every layer that takes a code from a person or a file (the
 * palette, the add-symbol form, a saved workspace, the command line) canonicalises it
 * here, so "aapl" and "AAPL", or "00700" and "700" on HK, are one instrument.
 */
import type { AssetClass, Instrument } from './market';

/**
 * The one pattern of a symbol code: 1–32 letters, digits, `.`, `_` or `-`, starting
 * with a letter or digit. Whatever takes a code from a person, a file or the service
 * checks it here — so a cell such as `=CMD|' /C CALC'!A0` or `@SUM(1+1)` saved into a
 * workspace by hand can never come back as a symbol.
 */
export const SYMBOL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** Words for a code that does not match {@link SYMBOL_CODE_PATTERN}. */
export const SYMBOL_CODE_RULE = 'must be 1–32 letters, digits, . _ or - (e.g. AAPL)';

/** True when `code` matches {@link SYMBOL_CODE_PATTERN}. */
export function isSymbolCode(code: string): boolean {
  return SYMBOL_CODE_PATTERN.test(code);
}

/**
 * The canonical code: trimmed and upper-case; HKEX codes without their leading zeros
 * (the service lists Tencent as `700`; people write `00700`).
 */
export function canonicalCode(region: string, code: string): string {
  const upper = code.trim().toUpperCase();
  if (region.trim().toUpperCase() === 'HK' && /^\d+$/.test(upper)) {
    return upper.replace(/^0+(?=\d)/, '');
  }
  return upper;
}

/** The canonical region: trimmed, upper-case. */
export function canonicalRegion(region: string): string {
  return region.trim().toUpperCase();
}

/** An instrument in its canonical form (region and exchange upper-case, canonical code). */
export function canonicalInstrument<T extends Instrument>(i: T): T {
  const region = canonicalRegion(i.region);
  return {
    ...i,
    region,
    exchange: i.exchange.trim().toUpperCase(),
    code: canonicalCode(region, i.code),
  };
}

/** The canonical, deduplicated codes of one region, in order. */
export function canonicalCodes(region: string, codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const code of codes) {
    const c = canonicalCode(region, code);
    if (c !== '') out.add(c);
  }
  return [...out];
}

/** What the current source says of a symbol (the bridge's `checkSymbol`). */
export type SymbolCheck =
  /** The source knows it; `name` when it told one (stock info, the demo catalog). */
  | { status: 'known'; instrument: Instrument; name: string | null }
  /** The source answered that no such product exists (the real service's `E001`). */
  | { status: 'unknown'; instrument: Instrument; message: string }
  /** It could not be checked now (offline, rate limited, token rejected); `message` says why. */
  | { status: 'unverified'; instrument: Instrument; message: string };

/** A symbol typed by a person: the class is known, the rest is text. */
export interface SymbolQuery {
  class: AssetClass;
  region: string;
  /** Stock only; empty for the primary exchange. */
  exchange: string;
  code: string;
}
