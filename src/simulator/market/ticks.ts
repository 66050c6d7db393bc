/**
 * Price grids: the tick size of each asset class and price level, and rounding onto
 * it. Every price the simulator emits goes through `roundToGrid`, so a client never
 * sees float noise such as 101.30000000000001.
 */
import type { AssetClass } from '../../shared/model';

/** A tick size with what exact decimal rounding needs. */
export interface Grid {
  tick: number;
  /** 10^decimals of the tick. */
  scale: number;
  /** The tick in units of 1/scale (an integer). */
  units: number;
}

const grids = new Map<number, Grid>();

/** The grid of a tick size (memoised; ticks are a handful of constants). */
export function grid(tick: number): Grid {
  let g = grids.get(tick);
  if (!g) {
    const text = tick.toFixed(10).replace(/0+$/, '');
    const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
    const scale = 10 ** decimals;
    g = { tick, scale, units: Math.round(tick * scale) };
    grids.set(tick, g);
  }
  return g;
}

/** A price band with one tick size: prices in (lo, hi]. */
export interface Band {
  lo: number;
  hi: number;
  grid: Grid;
}

/** Chooses the tick size for a price; `bands` lets hot loops round without a call. */
export interface TickRule {
  (price: number): Grid;
  bands: readonly Band[];
}

/** The band holding `price`. */
export function bandOf(rule: TickRule, price: number): Band {
  for (const b of rule.bands) if (price <= b.hi) return b;
  return rule.bands[rule.bands.length - 1]!;
}

/** Rounds a positive price to the nearest tick (never below one tick). */
export function roundToGrid(price: number, rule: TickRule): number {
  const g = rule(price);
  const k = Math.max(1, Math.round(price / g.tick));
  return (k * g.units) / g.scale;
}

/** True if `price` lies on `rule`'s grid (within float tolerance). */
export function isOnGrid(price: number, rule: TickRule): boolean {
  const g = rule(price);
  const k = price / g.tick;
  return Math.abs(k - Math.round(k)) < 1e-6 && Math.round(price * g.scale) / g.scale === price;
}

const fixed = (tick: number): TickRule => {
  const g = grid(tick);
  return Object.assign(() => g, { bands: [{ lo: -Infinity, hi: Infinity, grid: g }] });
};

/** HKEX spread table (part A). */
const HK_TABLE: Array<[number, number]> = [
  [0.25, 0.001],
  [0.5, 0.005],
  [10, 0.01],
  [20, 0.02],
  [100, 0.05],
  [200, 0.1],
  [500, 0.2],
  [1000, 0.5],
  [2000, 1],
  [5000, 2],
  [Infinity, 5],
];
/** Tokyo Stock Exchange's basic table (non-TOPIX100). */
const JP_TABLE: Array<[number, number]> = [
  [3000, 1],
  [5000, 5],
  [30_000, 10],
  [50_000, 50],
  [300_000, 100],
  [Infinity, 500],
];
/** London quotes in pence; a simplified liquidity-band table. */
const GB_TABLE: Array<[number, number]> = [
  [10, 0.002],
  [100, 0.02],
  [1000, 0.1],
  [5000, 0.5],
  [Infinity, 1],
];
const US_TABLE: Array<[number, number]> = [
  [1, 0.0001],
  [Infinity, 0.01],
];
const DEFAULT_TABLE: Array<[number, number]> = [
  [1, 0.001],
  [Infinity, 0.01],
];
const CRYPTO_TABLE: Array<[number, number]> = [
  [1, 0.00001],
  [10, 0.0001],
  [Infinity, 0.01],
];

/** Price below the band's upper bound (HKEX's bounds are inclusive: 10.00 ticks at 0.01). */
const table = (rows: Array<[number, number]>): TickRule => {
  const bands: Band[] = rows.map(([hi, tick], i) => ({
    lo: i === 0 ? -Infinity : rows[i - 1]![0],
    hi,
    grid: grid(tick),
  }));
  const rule = (price: number): Grid => {
    for (let i = 0; i < bands.length; i++) if (price <= bands[i]!.hi) return bands[i]!.grid;
    return bands[bands.length - 1]!.grid;
  };
  return Object.assign(rule, { bands });
};

const RULES = {
  hk: table(HK_TABLE),
  jp: table(JP_TABLE),
  gb: table(GB_TABLE),
  us: table(US_TABLE),
  other: table(DEFAULT_TABLE),
  crypto: table(CRYPTO_TABLE),
  cn: fixed(0.01),
  cnFund: fixed(0.001),
  indices: fixed(0.01),
  forex: fixed(0.00001),
  forexJpy: fixed(0.001),
  future: fixed(0.01),
};

/** The tick rule of a symbol; `fixedTick` (a known future's contract tick) wins. */
export function tickRuleFor(
  cls: AssetClass,
  region: string,
  code: string,
  fixedTick?: number,
): TickRule {
  if (fixedTick !== undefined) return fixed(fixedTick);
  switch (cls) {
    case 'crypto':
      return RULES.crypto;
    case 'forex':
      return code.toUpperCase().includes('JPY') ? RULES.forexJpy : RULES.forex;
    case 'indices':
      return RULES.indices;
    case 'future':
      return RULES.future;
    case 'fund':
    case 'stock':
      if (region === 'HK') return RULES.hk;
      if (region === 'JP') return RULES.jp;
      if (region === 'GB') return RULES.gb;
      if (region === 'US') return RULES.us;
      if (region === 'SH' || region === 'SZ') return cls === 'fund' ? RULES.cnFund : RULES.cn;
      return RULES.other;
  }
}
