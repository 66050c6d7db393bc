/**
 * The depth ladder's arithmetic, pure: the book's tick size (inferred from its
 * price steps), grouping levels into multiples of the tick, cumulative sizes,
 * spread and mid. The component only draws what `buildLadder` returns.
 */
import type { DepthBook, DepthLevel } from '../../../../shared/model';
import { clean, decimalsOf, priceDecimals, snapDiff } from '../../../../shared/format/numbers';

/** One row of a ladder side; `price` null is an empty level. */
export interface LadderRow {
  price: number | null;
  volume: number;
  orders: number;
  /** Size from the best level through this one. */
  cumulative: number;
}

export interface Ladder {
  /** Best first (the component draws asks reversed so the best sits in the middle). */
  asks: LadderRow[];
  /** Best first. */
  bids: LadderRow[];
  /** Largest cumulative size of either side: the bars' full width. */
  maxCumulative: number;
  spread: number | null;
  /** Spread in basis points of the mid. */
  spreadBps: number | null;
  mid: number | null;
  /** Inferred tick size; null when the book has fewer than two prices on a side. */
  tick: number | null;
  /** Decimals to show prices with. */
  decimals: number;
  /**
   * Decimals to show every size of the book with (the most any level carries, at
   * most 8), so fractional sizes line up on their decimal point: 0.2170 over 0.3827.
   */
  sizeDecimals: number;
}

/** Most decimals a ladder shows sizes with. */
export const MAX_SIZE_DECIMALS = 8;

/** Price grouping multiples the pane offers. */
export const GROUPINGS = [1, 5, 10, 50] as const;

/**
 * The tick size: the smallest positive difference between adjacent prices of
 * either side, without float noise. Null when no side has two prices.
 */
export function inferTick(book: DepthBook): number | null {
  let tick = Infinity;
  for (const side of [book.asks, book.bids]) {
    let prev: number | null = null;
    for (const level of side) {
      if (level.price === null) continue;
      if (prev !== null) {
        const diff = snapDiff(Math.abs(level.price - prev), level.price);
        if (diff > 0 && diff < tick) tick = diff;
      }
      prev = level.price;
    }
  }
  return Number.isFinite(tick) ? tick : null;
}

/**
 * The bucket of `step` a price falls in, as a whole number of steps: asks round up,
 * bids down. The epsilon keeps 100.00000000001 / 0.01 from landing in the next bucket.
 */
export function groupUnits(price: number, step: number, side: 'ask' | 'bid'): number {
  const units = price / step;
  return side === 'ask' ? Math.ceil(units - 1e-9) : Math.floor(units + 1e-9);
}

/**
 * Groups one side into buckets of `step`: asks round up (a grouped ask is the
 * worst price it covers), bids round down. Empty levels drop out of a grouping.
 */
export function groupSide(
  levels: readonly DepthLevel[],
  step: number,
  side: 'ask' | 'bid',
): LadderRow[] {
  const rows: LadderRow[] = [];
  let cumulative = 0;
  for (const level of levels) {
    if (level.price === null) continue;
    const bucket = clean(groupUnits(level.price, step, side) * step);
    cumulative += level.volume;
    const last = rows.at(-1);
    if (last && last.price === bucket) {
      last.volume += level.volume;
      last.orders += level.orders;
      last.cumulative = cumulative;
    } else {
      rows.push({ price: bucket, volume: level.volume, orders: level.orders, cumulative });
    }
  }
  return rows;
}

function rawSide(levels: readonly DepthLevel[]): LadderRow[] {
  let cumulative = 0;
  return levels.map((level) => {
    if (level.price !== null) cumulative += level.volume;
    return {
      price: level.price,
      volume: level.price === null ? 0 : level.volume,
      orders: level.price === null ? 0 : level.orders,
      cumulative: level.price === null ? 0 : cumulative,
    };
  });
}

function best(levels: readonly DepthLevel[]): number | null {
  for (const level of levels) if (level.price !== null) return level.price;
  return null;
}

/** The ladder of a book at a grouping multiple of the inferred tick (1: as is). */
export function buildLadder(book: DepthBook, multiple = 1): Ladder {
  const tick = inferTick(book);
  const grouped = multiple > 1 && tick !== null;
  const step = grouped ? clean(tick * multiple) : 0;
  const asks = grouped ? groupSide(book.asks, step, 'ask') : rawSide(book.asks);
  const bids = grouped ? groupSide(book.bids, step, 'bid') : rawSide(book.bids);
  let maxCumulative = 0;
  for (const row of asks) maxCumulative = Math.max(maxCumulative, row.cumulative);
  for (const row of bids) maxCumulative = Math.max(maxCumulative, row.cumulative);
  const bestAsk = best(book.asks);
  const bestBid = best(book.bids);
  let spread: number | null = null;
  let mid: number | null = null;
  let spreadBps: number | null = null;
  if (bestAsk !== null && bestBid !== null) {
    spread = snapDiff(bestAsk - bestBid, bestAsk);
    mid = clean((bestAsk + bestBid) / 2);
    spreadBps = mid > 0 ? (spread / mid) * 10_000 : null;
  }
  // Prices show the tick's decimals, at least those the best prices carry and the
  // magnitude's usual (a 0.2 tick still reads 378.20, like the quote board).
  const ref = bestAsk ?? bestBid;
  const decimals = Math.max(
    tick === null ? 0 : decimalsOf(tick),
    ref === null ? 2 : priceDecimals(ref),
    ...[bestAsk, bestBid].map((p) => (p === null ? 0 : decimalsOf(p))),
  );
  let sizeDecimals = 0;
  for (const row of [...asks, ...bids]) {
    if (row.price !== null) sizeDecimals = Math.max(sizeDecimals, decimalsOf(row.volume));
  }
  return {
    asks,
    bids,
    maxCumulative,
    sizeDecimals: Math.min(sizeDecimals, MAX_SIZE_DECIMALS),
    spread,
    spreadBps,
    mid,
    tick,
    decimals: Math.min(decimals, 10),
  };
}

/**
 * What the ladder says in place of a replayed book with no priced level, or null when
 * it draws the book. In a replay an empty book is the replay's answer for an instrument
 * whose book was not being recorded at the replay time (before its first depth frame,
 * or once its quotes or trades went on `STALE_BOOK_MS` past its newest book: see
 * core/replay/player.ts): not a book the exchange had empty then, only none in the
 * recording, so no prices, spread or mid are drawn for it. Live, an empty book is the
 * service's own and drawn as it is.
 */
export function noRecordedBookText(
  book: DepthBook | null,
  replaying: boolean,
  code: string,
): string | null {
  if (!replaying || book === null) return null;
  const priced = (levels: readonly DepthLevel[]) => levels.some((l) => l.price !== null);
  return priced(book.asks) || priced(book.bids)
    ? null
    : `No order book of ${code} in the recording at this time: none was being recorded then.`;
}
