/**
 * Number formatting for the panes: prices, sizes, volumes, percentages and big
 * money figures. Pure functions (no DOM), one cached `Intl.NumberFormat` per shape,
 * since formatters are expensive to build and the panes format at 4 Hz.
 */

/** Shown wherever a value is missing (null, NaN, infinite). */
export const EMPTY = '—';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(
  min: number,
  max: number,
  grouping = true,
  signDisplay: 'auto' | 'negative' = 'auto',
): Intl.NumberFormat {
  const key = `${min}:${max}:${grouping}:${signDisplay}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: grouping,
      signDisplay,
    });
    formatters.set(key, f);
  }
  return f;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Decimals a price of this magnitude deserves: 2 from 1 upward (4 below 1, more
 * for tiny crypto prices), so 0.000012 keeps its significant digits.
 */
export function priceDecimals(value: number): number {
  const abs = Math.abs(value);
  if (abs === 0 || abs >= 1) return 2;
  if (abs >= 0.01) return 4;
  // Keep four significant digits for tiny prices (e.g. 0.00001234).
  return Math.min(10, Math.ceil(-Math.log10(abs)) + 3);
}

/**
 * Decimals of a number as written, without float noise: 0.1 + 0.2 → 1 decimal
 * after rounding to 10 significant places.
 */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = Number(value.toPrecision(10)).toString();
  const exp = /e-(\d+)$/.exec(text);
  if (exp) {
    const mantissa = text.slice(0, text.indexOf('e'));
    const dot = mantissa.indexOf('.');
    return Number(exp[1]) + (dot < 0 ? 0 : mantissa.length - dot - 1);
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * A price with thousands separators. `decimals` fixes the fraction digits (e.g. the
 * decimals of an order book's tick); otherwise they follow the magnitude.
 */
export function formatPrice(value: number | null | undefined, decimals?: number): string {
  if (!isNumber(value)) return EMPTY;
  const d = decimals ?? priceDecimals(value);
  return numberFormat(d, d).format(value);
}

/**
 * `value` with `decimals` fraction digits as a file takes it (no separators, "-" for a
 * sign, none on a value that rounds to zero), rounded as every formatter here rounds:
 * -1.575 is "-1.58" as the board shows it, where `toFixed` gives "-1.57" (it rounds
 * the binary value, 1.57499…).
 */
export function formatPlain(value: number, decimals: number): string {
  return numberFormat(decimals, decimals, false, 'negative').format(value);
}

/** A signed price change: +1.25 / −0.50. */
export function formatChange(value: number | null | undefined, decimals?: number): string {
  if (!isNumber(value)) return EMPTY;
  const text = formatPrice(Math.abs(value), decimals ?? priceDecimals(value));
  if (isZero(value, decimals ?? priceDecimals(value))) return text;
  return (value > 0 ? '+' : '−') + text;
}

/** A signed percentage with two decimals: +1.23% / −0.40% / 0.00%. */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (!isNumber(value)) return EMPTY;
  const text = numberFormat(decimals, decimals).format(Math.abs(value)) + '%';
  if (isZero(value, decimals)) return numberFormat(decimals, decimals).format(0) + '%';
  return (value > 0 ? '+' : '−') + text;
}

function isZero(value: number, decimals: number): boolean {
  return Math.abs(value) < 0.5 * 10 ** -decimals;
}

/**
 * A size in an order book or a tick: whole numbers as integers with separators,
 * fractional sizes (crypto) with up to four significant decimals: 1,234.5678 /
 * 0.0001234.
 */
export function formatSize(value: number | null | undefined): string {
  if (!isNumber(value)) return EMPTY;
  if (Number.isInteger(value)) return numberFormat(0, 0).format(value);
  const abs = Math.abs(value);
  let max = 4;
  if (abs < 1 && abs > 0) max = Math.min(10, Math.ceil(-Math.log10(abs)) + 3);
  return numberFormat(0, max).format(value);
}

const SUFFIXES = [
  { at: 1e12, suffix: 'T' },
  { at: 1e9, suffix: 'B' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const;

/**
 * An abbreviated figure: 1.2M, 456.7B, 1.23T; below 1,000 as is (fractions kept to
 * `decimals`). `decimals` applies to the abbreviated mantissa.
 */
export function formatAbbrev(value: number | null | undefined, decimals = 1): string {
  if (!isNumber(value)) return EMPTY;
  const abs = Math.abs(value);
  for (const { at, suffix } of SUFFIXES) {
    // Largest suffix first, rounded first: 999,960 reads 1.0M, never 1,000.0K.
    const scaled = Number((abs / at).toFixed(decimals));
    if (scaled >= 1) {
      const sign = value < 0 ? '−' : '';
      return sign + numberFormat(decimals, decimals).format(scaled) + suffix;
    }
  }
  return formatSize(value);
}

/** A volume or turnover: abbreviated with one decimal (1.2M). */
export function formatVolume(value: number | null | undefined): string {
  return formatAbbrev(value, 1);
}

/** Market capitalisation and similar: two decimals (1.23T, 456.70B, 12.30M). */
export function formatBigNumber(value: number | null | undefined): string {
  return formatAbbrev(value, 2);
}

/** A ratio such as P/E with two decimals. */
export function formatRatio(value: number | null | undefined): string {
  if (!isNumber(value)) return EMPTY;
  return numberFormat(2, 2).format(value);
}

/**
 * Rounds a difference of two prices near `ref` to the precision those prices
 * carry (10 significant digits of `ref`): 82508.97 − 82508.96 is 0.01, not
 * 0.010000000009.
 */
export function snapDiff(diff: number, ref: number): number {
  const magnitude = Math.floor(Math.log10(Math.abs(ref) || 1));
  const decimals = Math.max(0, Math.min(20, 9 - magnitude));
  return Number(diff.toFixed(decimals));
}

/** Rounds away binary float noise (0.1 + 0.2 → 0.3) at 10 significant places. */
export function clean(value: number): number {
  return Number(value.toPrecision(10));
}

/**
 * Stable decimals for a quote's prices by asset class, so digits do not jump as
 * trailing zeros come and go: forex 5 (3 for JPY-sized rates), crypto 2 above
 * 1,000 and 4 above 1, others 2 (more below 1).
 */
export function classPriceDecimals(assetClass: string, price: number | null | undefined): number {
  if (typeof price !== 'number' || !Number.isFinite(price)) return 2;
  const abs = Math.abs(price);
  if (assetClass === 'forex') return abs >= 20 ? 3 : 5;
  if (assetClass === 'crypto') return abs >= 1000 ? 2 : abs >= 1 ? 4 : priceDecimals(price);
  return priceDecimals(price);
}

// Made on first use, like the others: building an Intl formatter while modules load
// puts ICU's start-up on every start's critical path (the host's and the renderer's).
let bpsSmallFormat: Intl.NumberFormat | null = null;
const bpsSmall = (): Intl.NumberFormat =>
  (bpsSmallFormat ??= new Intl.NumberFormat('en-US', {
    minimumSignificantDigits: 2,
    maximumSignificantDigits: 2,
  }));

/**
 * A spread in basis points: one decimal from 1 bps upward (12.3 bps), two
 * significant digits below (0.12 bps, 0.0012 bps), so a one-cent spread on a
 * 82,419 price does not read as "0.00 bps".
 */
export function formatBps(value: number | null | undefined): string {
  if (!isNumber(value)) return EMPTY;
  const abs = Math.abs(value);
  if (abs === 0) return '0 bps';
  return `${abs >= 1 ? numberFormat(1, 1).format(value) : bpsSmall().format(value)} bps`;
}

/** 1536 → "1.5 KiB", 2^30 → "1.0 GiB": a size in binary units, one decimal above bytes. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes;
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${i === 0 ? n : n.toFixed(1)} ${units[i]}`;
}
