/**
 * The grouping a heatmap picks itself while the user has picked none ("Auto", a new
 * pane's default), pure: from the book's tick, how deep a side reaches in price, how far
 * the book moves from a bucket to the next, the price range the columns in view list
 * and the plot's height.
 */
import type { HeatmapData } from './heatmap-data';
import { HEATMAP_GROUPINGS, bestBidPrice, sideDepth } from './heatmap-model';
import { fittedRowPx } from './heatmap-view';

/**
 * At the grouping a heatmap picks itself, the least height (CSS px) of a price row, and
 * of a side of the book (its levels' rows, at least one): a band the eye reads, well
 * over the best-price lines (1.5 px) drawn across it.
 */
export const READABLE_ROW_PX = 4;
export const READABLE_SIDE_PX = 8;

/** What the grouping a heatmap picks itself is fitted to. */
export interface GroupingFit {
  /** The book's tick. */
  tick: number;
  /** The lowest and highest price the columns in view list. */
  span: { lo: number; hi: number };
  /** How far in price a side of the book reaches from its best level (its deeper side). */
  depth: number;
  /** How far the best bid typically moves from one bucket to the next (the median move). */
  move: number;
  /** The plot's height, CSS px. */
  height: number;
}

/**
 * The grouping a heatmap shows while the user has chosen none ("Auto"): the finest of
 * `groupings` at which the rows fitted to the span in view are at least
 * `READABLE_ROW_PX` tall, a side of the book at least `READABLE_SIDE_PX`, and a side
 * reaches in price as far as the book moves from a bucket to the next (so a column's
 * book shares rows with the last one's: a band across time, not a staircase
 * of cells a column wide hidden under the best-price lines and the trades' rings). So a
 * book of a few levels a tick apart whose price moves many times its depth (BTCUSDT:
 * five levels in 0.07 USD, two dollars a second, 200 in the two minutes the plot shows)
 * is drawn as bands of its size a trader sees, not as sub-pixel rows; a book that moves
 * little against its depth (AAPL, ES, a quiet forex pair) keeps one tick a row. The
 * grouping follows the span and the moves, but not back and forth at the threshold:
 * from `current`, a finer one is taken only once it passes with half as much again to
 * spare (rows and a side half as tall again, a side reaching half as far again). Every row still
 * holds only what the book lists in it (a grouped row sums its levels, as the ladder's
 * grouping does); an empty row stays empty.
 */
export function autoGrouping(
  fit: GroupingFit,
  current: number | null,
  groupings: readonly number[] = HEATMAP_GROUPINGS,
): number {
  const { tick, span, depth, move, height } = fit;
  const readable = (g: number, k: number) => {
    const step = tick * g;
    const rows = Math.ceil(span.hi / step - 1e-9) - Math.floor(span.lo / step + 1e-9) + 1;
    const rowPx = fittedRowPx(rows, height);
    const sideRows = Math.floor(depth / step + 1e-9) + 1;
    return (
      rowPx >= READABLE_ROW_PX * k &&
      sideRows * rowPx >= READABLE_SIDE_PX * k &&
      sideRows * step >= move * k
    );
  };
  const finest = (k: number) => groupings.find((g) => readable(g, k)) ?? groupings.at(-1)!;
  const wanted = finest(1);
  if (current === null || !groupings.includes(current) || wanted > current) return wanted;
  const roomy = finest(1.5);
  return roomy < current ? roomy : current;
}

/**
 * What `autoGrouping` needs of the newest `columns` columns of `data` (null: no tick or
 * column yet): the lowest and highest price they list, the newest book's deeper side,
 * and the median move of the best bid from one bucket's book to the next (buckets
 * without a book of their own aside).
 */
export function groupingFit(
  data: HeatmapData,
  columns: number,
  height: number,
): GroupingFit | null {
  const tick = data.tick;
  const step = data.step;
  const newest = data.newest;
  if (tick === null || step === null || newest === null) return null;
  const book = data.column(newest)?.book;
  if (!book) return null;
  let lo = Infinity;
  let hi = -Infinity;
  const moves: number[] = [];
  let last: number | null = null;
  for (
    let b = Math.max(newest - Math.max(1, columns) + 1, data.oldest ?? newest);
    b <= newest;
    b++
  ) {
    const c = data.column(b);
    if (!c) continue;
    lo = Math.min(lo, c.bids.rows[0] ?? c.asks.rows[0] ?? Infinity);
    hi = Math.max(hi, c.asks.rows[c.asks.rows.length - 1] ?? c.bestBid ?? -Infinity);
    if (c.held) continue;
    const bid = bestBidPrice(c.book.bids);
    if (bid !== null && last !== null) moves.push(Math.abs(bid - last));
    last = bid;
  }
  if (lo === Infinity) return null;
  moves.sort((x, y) => x - y);
  return {
    tick,
    span: { lo: lo * step, hi: hi * step },
    depth: Math.max(sideDepth(book.bids), sideDepth(book.asks)),
    move: moves.length > 0 ? moves[moves.length >> 1]! : 0,
    height,
  };
}
