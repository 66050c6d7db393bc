/**
 * The depth heatmap's arithmetic, pure: time buckets, price rows in multiples of the
 * book's tick, a column per time bucket holding the resting size of each price row
 * (bids and asks apart) and the best bid and ask, the trades, and the volume profile
 * of a range. The renderers (heatmap-gl.ts, heatmap-canvas.ts) only draw what this
 * answers.
 *
 * What the book says and nothing more: a cell is the size the book listed at that
 * price in that bucket; a price the book's 5–10 levels did not reach is empty, never
 * interpolated. A bucket without a frame of its own shows the book last seen before
 * it (an order rests until the book says otherwise), for at most `HOLD_MS`: past that
 * the feed said nothing and the column stays empty.
 */
import type { DepthBook, DepthLevel, UnixMs } from '../../../../shared/model';
import { DEPTH_HISTORY_MAX_BUCKETS, DEPTH_HISTORY_MAX_TRADES } from '../../../../shared/bridge';
import { clean, snapDiff } from '../../../../shared/format/numbers';
import { groupUnits, inferTick } from '../depth/ladder';

/** The time buckets the pane offers, 100 ms to 1 min. */
export { HEATMAP_BUCKETS_MS as BUCKETS_MS } from '../../workspace/pane-kinds';

/**
 * Price grouping multiples of the tick the pane offers. Up to 1,000: BTCUSDT's 0.01
 * tick, its five levels a side and a price that moves 200 USD in the two minutes the
 * plot shows need rows of a few dollars to be seen at all (`autoGrouping`).
 */
export const HEATMAP_GROUPINGS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000] as const;

/** Columns a heatmap keeps (the oldest fall off): the GPU texture's width, and its past's. */
export const MAX_COLUMNS = DEPTH_HISTORY_MAX_BUCKETS;

/** Trades a heatmap keeps, as many as its past may bring. */
export const MAX_TRADES = DEPTH_HISTORY_MAX_TRADES;

/** The longest a book is taken to rest unchanged without a new frame. */
export const HOLD_MS = 5_000;

/** The bucket `t` falls in: its start (Unix ms). */
export function bucketStart(t: UnixMs, bucketMs: number): UnixMs {
  if (!(bucketMs > 0)) throw new Error(`a time bucket must be positive, not ${bucketMs}`);
  return Math.floor(t / bucketMs) * bucketMs;
}

/** The index of a price row of `step` (price = row × step). */
export function rowOf(price: number, step: number): number {
  return Math.round(price / step);
}

/** A row's price. */
export function rowPrice(row: number, step: number): number {
  return clean(row * step);
}

/** One side of a column: row indices (ascending) and the size resting at each. */
export interface SideCells {
  rows: Int32Array;
  sizes: Float64Array;
}

/** A time bucket of the book. */
export interface Column {
  /** The bucket's start. */
  t: UnixMs;
  /** The frame the column shows (its own bucket's last, or the last one before it). */
  book: DepthBook;
  /** True when the book is carried from an earlier bucket (no frame in this one). */
  held: boolean;
  bids: SideCells;
  asks: SideCells;
  /** Best bid and ask rows (null: that side was empty). */
  bestBid: number | null;
  bestAsk: number | null;
  /** The largest size of any cell. */
  max: number;
}

/** A trade drawn as a circle. */
export interface Trade {
  t: UnixMs;
  price: number;
  volume: number;
}

/**
 * A side grouped into rows of `step`: bids rounded down and asks up (as the ladder
 * groups them), empty levels dropped. Only the levels the book lists: no others.
 */
export function sideCells(
  levels: readonly DepthLevel[],
  step: number,
  side: 'bid' | 'ask',
): SideCells {
  // A grouped row is a whole number of steps (the ladder's `groupUnits`): summed by row
  // in a few small arrays (a side lists 5–100 levels), no map, no row objects.
  const rows: number[] = [];
  const sizes: number[] = [];
  for (const level of levels) {
    if (level.price === null) continue;
    const r = groupUnits(level.price, step, side);
    const i = rows.lastIndexOf(r);
    if (i >= 0) sizes[i]! += level.volume;
    else {
      rows.push(r);
      sizes.push(level.volume);
    }
  }
  // Rows ascending, empty rows out.
  const order = rows.map((_, i) => i).sort((a, b) => rows[a]! - rows[b]!);
  let n = 0;
  for (const i of order) if (sizes[i]! > 0) n++;
  const out = { rows: new Int32Array(n), sizes: new Float64Array(n) };
  let k = 0;
  for (const i of order) {
    if (!(sizes[i]! > 0)) continue;
    out.rows[k] = rows[i]!;
    out.sizes[k++] = sizes[i]!;
  }
  return out;
}

/** How far a side's listed prices reach from one another (0: one level, or none). */
export function sideDepth(levels: readonly DepthLevel[]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const level of levels) {
    if (level.price === null) continue;
    lo = Math.min(lo, level.price);
    hi = Math.max(hi, level.price);
  }
  return hi > lo ? hi - lo : 0;
}

/** The best (highest) bid of a side of bids (null: none listed). */
export function bestBidPrice(bids: readonly DepthLevel[]): number | null {
  let best: number | null = null;
  for (const level of bids)
    if (level.price !== null && (best === null || level.price > best)) best = level.price;
  return best;
}

/** The column of `book` for the bucket starting at `t`, in rows of `step`. */
export function buildColumn(t: UnixMs, book: DepthBook, step: number, held = false): Column {
  const bids = sideCells(book.bids, step, 'bid');
  const asks = sideCells(book.asks, step, 'ask');
  let max = 0;
  for (const s of bids.sizes) max = Math.max(max, s);
  for (const s of asks.sizes) max = Math.max(max, s);
  return {
    t,
    book,
    held,
    bids,
    asks,
    bestBid: bids.rows.length > 0 ? bids.rows[bids.rows.length - 1]! : null,
    bestAsk: asks.rows.length > 0 ? asks.rows[0]! : null,
    max,
  };
}

/** The size a column lists at `row`, by side (0: none). */
export function cellAt(column: Column, row: number): { bid: number; ask: number } {
  return { bid: sizeAt(column.bids, row), ask: sizeAt(column.asks, row) };
}

function sizeAt(side: SideCells, row: number): number {
  const i = side.rows.indexOf(row);
  return i < 0 ? 0 : side.sizes[i]!;
}

/**
 * Traded volume per price row of the trades in `[from, to)`: the volume profile of
 * the visible range. Rows ascending.
 */
export function volumeProfile(
  trades: readonly Trade[],
  from: UnixMs,
  to: UnixMs,
  step: number,
): { rows: number[]; volumes: number[]; max: number } {
  const byRow = new Map<number, number>();
  // Trades are in time order: skip to the range by bisection.
  let i = firstAtOrAfter(trades, from);
  for (; i < trades.length && trades[i]!.t < to; i++) {
    const tr = trades[i]!;
    const r = rowOf(tr.price, step);
    byRow.set(r, (byRow.get(r) ?? 0) + tr.volume);
  }
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  const volumes = rows.map((r) => byRow.get(r)!);
  return { rows, volumes, max: volumes.reduce((a, b) => Math.max(a, b), 0) };
}

/** The index of the first trade at or after `t` (trades in time order). */
export function firstAtOrAfter(trades: readonly Trade[], t: UnixMs): number {
  let lo = 0;
  let hi = trades.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (trades[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The smallest tick of the books seen (null: no book yet had two prices). Two prices of
 * a side, or the best bid and ask, are a whole number of ticks apart: a book of one
 * level a side (the service's forex and index books) tells its tick by its spread.
 */
export function tickOf(book: DepthBook, known: number | null): number | null {
  // Most books show no gap finer than the tick known: said without inferring it again
  // (a past's thousands of books each inferred cost more than their columns).
  if (known !== null && !finerGap(book, known)) return known;
  let tick = inferTick(book);
  const spread = spreadOf(book);
  if (spread !== null && (tick === null || spread < tick)) tick = spread;
  if (tick === null) return known;
  return known === null ? tick : Math.min(known, tick);
}

/** The best ask less the best bid, float noise off (null: a side empty, or crossed). */
function spreadOf(book: DepthBook): number | null {
  let bid = -Infinity;
  let ask = Infinity;
  for (const level of book.bids) if (level.price !== null) bid = Math.max(bid, level.price);
  for (const level of book.asks) if (level.price !== null) ask = Math.min(ask, level.price);
  if (!(ask > bid) || !Number.isFinite(ask - bid)) return null;
  const gap = snapDiff(ask - bid, ask);
  return gap > 0 ? gap : null;
}

/** Whether two prices of a side, or the spread, are closer than `tick` (float noise aside). */
function finerGap(book: DepthBook, tick: number): boolean {
  const below = tick * (1 - 1e-6);
  for (const side of [book.asks, book.bids]) {
    let prev: number | null = null;
    for (const level of side) {
      if (level.price === null) continue;
      if (prev !== null && Math.abs(level.price - prev) < below) return true;
      prev = level.price;
    }
  }
  const spread = spreadOf(book);
  return spread !== null && spread < below;
}
