/**
 * The one canonical form of an instrument, and what checking a symbol against the
 * current source answers. Every layer that takes a code from a person or a file (the
 * palette, the add-symbol form, a saved workspace, the command line) canonicalises it
 * here, so "aapl" and "AAPL", or "00700" and "700" on HK, are one instrument.
 */
import type { AssetClass, Instrument } from './market';

/**
 * The one pattern of a symbol code: 1–32 letters, digits, `.`, `_` or `-`, starting
 * with a letter or digit. Whatever takes a code from a person, a file, a link or the
 * service checks it here — so a cell such as `=CMD|' /C CALC'!A0` or `@SUM(1+1)` saved
 * into a workspace by hand can never come back as a symbol.
 *
 * Why 32 and not 24 (the deep links and the palette once stopped at 24): the service's
 * documentation bounds no code's length (docs/api-gaps.md), its longest codes are
 * crypto and future contracts such as `BTCUSDT-PERP-240628`, and the simulator, the
 * bridge, the alerts file and saved workspaces have always taken 32. A shorter copy only
 * made a code the board accepts unreachable from a link or the palette.
 */
export const SYMBOL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** Longest symbol code, in characters ({@link SYMBOL_CODE_PATTERN}). */
export const SYMBOL_CODE_MAX_LENGTH = 32;

/** Words for a code that does not match {@link SYMBOL_CODE_PATTERN}. */
export const SYMBOL_CODE_RULE = 'must be 1–32 letters, digits, . _ or - (e.g. AAPL)';

/** True when `code` matches {@link SYMBOL_CODE_PATTERN}. */
export function isSymbolCode(code: string): boolean {
  return SYMBOL_CODE_PATTERN.test(code);
}

/**
 * The one pattern of a region as the app keeps and sends it: two capital letters (`US`,
 * `HK`, `BA`). The service's regions are market codes of two letters (docs/api-gaps.md);
 * everything past the API boundary, the simulator and the bridge's canonical arguments
 * hold this form.
 */
export const REGION_PATTERN = /^[A-Z]{2}$/;

/** Words for a region that does not match {@link REGION_PATTERN}. */
export const REGION_RULE = 'must be two capital letters (e.g. US)';

/** True when `region` is a canonical region ({@link REGION_PATTERN}). */
export function isRegion(region: string): boolean {
  return REGION_PATTERN.test(region);
}

/**
 * A region as people type it: two letters in any case (`us`, `Hk`), made canonical by
 * {@link canonicalRegion} before it is used. The palette, the symbol fields, deep links
 * and the bridge's typed-by-a-person arguments take this form.
 */
export const REGION_TEXT_PATTERN = /^[A-Za-z]{2}$/;

/** Words for typed region text that does not match {@link REGION_TEXT_PATTERN}. */
export const REGION_TEXT_RULE = 'must be two letters (e.g. US)';

/** The canonical region of `text` typed in any case (`us` → `US`), or null when it is none. */
export function readRegion(text: string): string | null {
  return REGION_TEXT_PATTERN.test(text) ? text.toUpperCase() : null;
}

const REGION_SUFFIX = /^(.+)[.$]([A-Za-z]{2})$/;

/**
 * A code spelt with its region, as the stream and some symbol lists write it (`AAPL.US`,
 * `BTCUSDT$BA`): the code and the canonical region, or null when `text` carries none.
 */
export function splitRegionSuffix(text: string): { code: string; region: string } | null {
  const m = REGION_SUFFIX.exec(text);
  return m ? { code: m[1]!, region: m[2]!.toUpperCase() } : null;
}

/**
 * The pattern of a stock's exchange as a person or the bridge gives it: empty (the
 * market's primary exchange) or up to 16 letters, digits, spaces, `.`, `_` or `-`.
 */
export const EXCHANGE_PATTERN = /^[A-Za-z0-9 ._-]{0,16}$/;

/** Words for an exchange that does not match {@link EXCHANGE_PATTERN}. */
export const EXCHANGE_RULE = 'must be at most 16 letters, digits, space, . _ or -';

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
