/**
 * The price path of one symbol. Two levels, both pure functions of (seed, symbol, day):
 *
 * - the daily close of any date comes from multi-octave value noise over the day
 *   number (no walk from an epoch, so any date costs the same O(octaves));
 * - a trading day's minutes are a Brownian bridge from the day's open to its close,
 *   drawn from a PRNG seeded by the day, rounded onto the symbol's tick grid.
 *
 * Inside the forming minute, the price at second s follows a piecewise-linear path
 * through the minute's open, high, low and close, so a quote moves every second and
 * the minute, once complete, equals its stored candle exactly.
 */
import type { WireKline } from '../../shared/api/wire';
import { previousTradingDate } from '../../shared/calendar/calendars';
import type { DaySessions } from '../../shared/calendar/calendars';
import { fmix, gaussFromHash, mix, unit } from './hash';
import { bandOf, roundToGrid } from './ticks';
import { splitFactor, type SymbolModel } from './symbol-model';

/** A trading day's minute candles (prices on the grid; volumes in units; turnover whole). */
export interface DayPath {
  day: number;
  sessions: DaySessions;
  /** Minutes in the day. */
  n: number;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
  tu: Float64Array;
}

const OCTAVES = 8;

/** The unrounded close level of a date: base price × exp(sum of octaves of value noise). */
function closeLevel(sym: SymbolModel, day: number): number {
  let x = 0;
  for (let k = 0; k < OCTAVES; k++) {
    const span = 1 << k;
    const i = Math.floor(day / span);
    const f = (day - i * span) / span;
    const g0 = gaussFromHash(mix(sym.seed, k + 1, i));
    const g1 = gaussFromHash(mix(sym.seed, k + 1, i + 1));
    x += sym.dailyVol * Math.sqrt(span) * 0.45 * (g0 + (g1 - g0) * f);
  }
  // Before a split, raw prices stand on the old share count: `factor` times higher.
  return sym.basePrice * Math.exp(x) * (sym.splits.length === 0 ? 1 : splitFactor(sym, day));
}

/** The official close of a trading date. */
export function dayClose(sym: SymbolModel, day: number): number {
  return roundToGrid(closeLevel(sym, day), sym.tickRule);
}

/** The open of a trading date: the previous close, plus an overnight gap where markets sleep. */
export function dayOpen(sym: SymbolModel, day: number): number {
  const before = previousTradingDate(sym.calendar, day);
  let prev = dayClose(sym, before);
  // A split between the two dates: the open continues the close on the new share count.
  if (sym.splits.length > 0) {
    const ratio = splitFactor(sym, before) / splitFactor(sym, day);
    if (ratio !== 1) prev = roundToGrid(prev / ratio, sym.tickRule);
  }
  if (sym.gapVol === 0) return prev;
  const gap = sym.gapVol * gaussFromHash(mix(sym.seed, 0x6a9, day));
  return roundToGrid(prev * Math.exp(gap), sym.tickRule);
}

let walk = new Float64Array(1600);

function allocate(n: number): Omit<DayPath, 'day' | 'sessions' | 'n'> {
  return {
    o: new Float64Array(n),
    h: new Float64Array(n),
    l: new Float64Array(n),
    c: new Float64Array(n),
    v: new Float64Array(n),
    tu: new Float64Array(n),
  };
}

/** An empty path with room for any day (24 h plus a DST hour), for `buildDayPath`'s `reuse`. */
export function scratchPath(): DayPath {
  const sessions = { day: 0, starts: [], counts: [], minutes: 0, open: 0, close: 0 };
  return { day: 0, sessions, n: 0, ...allocate(1500) };
}

/**
 * Generates every minute of a trading day. Cost O(minutes); callers memoise. With
 * `reuse` (a path whose arrays are long enough) the minutes are written into it
 * instead of fresh arrays: for callers that only fold the day.
 */
export function buildDayPath(sym: SymbolModel, sessions: DaySessions, reuse?: DayPath): DayPath {
  const n = sessions.minutes;
  const day = sessions.day;
  const open = dayOpen(sym, day);
  const close = dayClose(sym, day);
  // mulberry32, written out in both loops: this is the simulator's hottest code and a
  // closure would keep the state in a heap context instead of a register.
  let state = mix(sym.seed, 0x5eed, day) | 0;
  let t: number;
  if (walk.length < n + 1) walk = new Float64Array(n + 1);
  const w = walk;
  w[0] = 0;
  for (let k = 1; k <= n; k++) {
    state = (state + 0x6d2b79f5) | 0;
    t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    w[k] = w[k - 1]! + (((t ^ (t >>> 14)) >>> 0) / 2147483648 - 1);
  }
  // Uniform steps have variance 1/3; sqrt(3) makes the minute sigma what we ask for.
  const sigma = ((sym.dailyVol * 0.8) / Math.sqrt(n)) * Math.sqrt(3);
  const wick = (sym.dailyVol * 0.6) / Math.sqrt(n);
  // Within one day an arithmetic bridge is indistinguishable from a geometric one.
  const slope = (close - open) / n;
  const sigmaP = sigma * open;
  const wn = w[n]!;
  const drift = wn / n;
  const arrays = reuse && reuse.o.length >= n ? reuse : allocate(n);
  const { o, h, l, c, v, tu } = arrays;
  // Before a split fewer (older) shares traded: volumes shrink as prices grow.
  const shares = sym.splits.length === 0 ? 1 : splitFactor(sym, day);
  const dayVolume =
    (sym.minuteVolume * Math.exp(0.35 * gaussFromHash(mix(sym.seed, 0x701, day)))) / shares;
  const shaped = sym.cls === 'stock' || sym.cls === 'fund' || sym.cls === 'indices';
  const lot = sym.lot;
  const volScale = sym.volScale;
  // The grid band of the open; prices outside it take the general path (roundToGrid).
  const band = bandOf(sym.tickRule, open);
  const lo = band.lo;
  const hi = band.hi;
  const tick = band.grid.tick;
  const units = band.grid.units;
  const scale = band.grid.scale;
  const rule = sym.tickRule;
  const round = (x: number): number =>
    x > lo && x <= hi ? (Math.max(1, Math.round(x / tick)) * units) / scale : roundToGrid(x, rule);
  let prev = open;
  for (let i = 0; i < n; i++) {
    const k = i + 1;
    const ci = k === n ? close : round(open + slope * k + sigmaP * (w[k]! - drift * k));
    // One draw feeds the upper wick, the lower wick and the volume (10 + 10 + 12 bits).
    state = (state + 0x6d2b79f5) | 0;
    t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const bits = (t ^ (t >>> 14)) >>> 0;
    const up = (bits & 0x3ff) / 1024;
    const down = ((bits >>> 10) & 0x3ff) / 1024;
    const volU = (bits >>> 20) / 4096;
    const top = prev > ci ? prev : ci;
    const bottom = prev < ci ? prev : ci;
    const hiP = round(top * (1 + wick * up * up));
    const loP = round(bottom * (1 - wick * down * down));
    const hv = hiP > top ? hiP : top;
    const lv = loP < bottom ? loP : bottom;
    const x = (2 * i) / n - 1;
    // Stocks trade most at the open and the close (the intraday "smile").
    const profile = shaped ? 0.55 + 1.4 * x * x : 1;
    const vol = Math.round((dayVolume * profile * (0.25 + 1.5 * volU)) / lot) * lot;
    o[i] = prev;
    h[i] = hv;
    l[i] = lv;
    c[i] = ci;
    v[i] = vol;
    tu[i] = Math.round((vol / volScale) * ((prev + hv + lv + ci) / 4));
    prev = ci;
  }
  return { day, sessions, n, o, h, l, c, v, tu };
}

/**
 * A candle in internal units (volume in volume units, turnover in whole currency
 * units): the kline record's fields, before the market scales them for the wire.
 */
export type RawCandle = WireKline;

/**
 * Minute `i` as it stands during second `seconds` (0–59) of it: open, running high and
 * low, the price now, and the volume so far, the current second's trading included. So
 * the last second shows the stored minute whole: its close is the last price anyone saw
 * in the minute (a quote or a tick of that second), as a real bar's close is its last
 * trade, and a bar built from the pushes can equal the service's at its close.
 */
export function partialMinute(
  sym: SymbolModel,
  path: DayPath,
  i: number,
  seconds: number,
): Omit<RawCandle, 't'> {
  const o = path.o[i]!;
  const hi = path.h[i]!;
  const lo = path.l[i]!;
  const c = path.c[i]!;
  const hash = fmix(mix(sym.seed, path.day, i + 1, 0x51));
  const highFirst = (hash & 1) === 1;
  const ta = 8 + ((hash >>> 1) % 20);
  const tb = 32 + ((hash >>> 6) % 20);
  const va = highFirst ? hi : lo;
  const vb = highFirst ? lo : hi;
  // The end of the current second: 1–60.
  const at = seconds + 1;
  let price: number;
  if (at <= ta) price = o + ((va - o) * at) / ta;
  else if (at <= tb) price = va + ((vb - va) * (at - ta)) / (tb - ta);
  else price = vb + ((c - vb) * (at - tb)) / (60 - tb);
  price = Math.min(hi, Math.max(lo, roundToGrid(price, sym.tickRule)));
  let h = Math.max(o, price);
  let l = Math.min(o, price);
  if (at >= ta) {
    h = Math.max(h, va);
    l = Math.min(l, va);
  }
  if (at >= tb) {
    h = Math.max(h, vb);
    l = Math.min(l, vb);
  }
  const frac = at / 60;
  const v = Math.floor((path.v[i]! * frac) / sym.lot) * sym.lot;
  return { o, h, l, c: price, v, tu: Math.round(path.tu[i]! * frac) };
}

/** Size of the latest trade in minute `i` at `seconds`, in volume units (crypto ticks). */
export function lastTradeUnits(
  sym: SymbolModel,
  path: DayPath,
  i: number,
  seconds: number,
): number {
  const u = unit(mix(sym.seed, path.day, i + 1, seconds + 0x7a));
  return Math.max(sym.lot, Math.round((path.v[i]! * (0.005 + 0.05 * u)) / sym.lot) * sym.lot);
}
