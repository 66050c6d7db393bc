/**
 * The cumulative depth chart's geometry, pure: from the ladder the pane shows (the
 * same levels, grouped or not), each side as a staircase of cumulative size against
 * price. At a price p the bid curve is the size bid at p or higher, the ask curve the
 * size asked at p or lower; so each step sits at a level's price and rises by that
 * level's size. Coordinates are in a 0–100 box (x: price, low to high; y: size, 0 at
 * the bottom), which the component stretches over whatever room the pane has.
 */
import type { Ladder, LadderRow } from './ladder';

/** One step of a side: a level's price and the cumulative size through it. */
export interface CurveStep {
  price: number;
  cumulative: number;
  /** Where the step is drawn, in the 0–100 box. */
  x: number;
  y: number;
}

export interface DepthCurve {
  bids: CurveStep[];
  asks: CurveStep[];
  /** SVG path data of each side's filled area. */
  bidArea: string;
  askArea: string;
  /** The price range across (lowest bid to highest ask) and the size range up. */
  minPrice: number;
  maxPrice: number;
  maxCumulative: number;
}

const round = (v: number) => Math.round(v * 100) / 100;

function steps(rows: readonly LadderRow[], x: (p: number) => number, y: (c: number) => number) {
  return rows
    .filter((r): r is LadderRow & { price: number } => r.price !== null)
    .map((r) => ({ price: r.price, cumulative: r.cumulative, x: x(r.price), y: y(r.cumulative) }));
}

/** The staircase from the best level outward, closed down to the baseline. */
function area(side: readonly CurveStep[]): string {
  const first = side[0];
  if (!first) return '';
  let d = `M${round(first.x)},100V${round(first.y)}`;
  for (let i = 1; i < side.length; i++) {
    const step = side[i] as CurveStep;
    // Across at the previous level's height to this price, then up to this level's.
    d += `H${round(step.x)}V${round(step.y)}`;
  }
  // Down to the baseline at the outermost level, and back along it to the best.
  return `${d}V100Z`;
}

/** The curve of a ladder; null when either side has no priced level. */
export function depthCurve(ladder: Ladder): DepthCurve | null {
  const priced = (rows: readonly LadderRow[]) => rows.filter((r) => r.price !== null);
  const bids = priced(ladder.bids);
  const asks = priced(ladder.asks);
  if (bids.length === 0 || asks.length === 0) return null;
  const prices = [...bids, ...asks].map((r) => r.price as number);
  const minPrice = Math.min(...prices);
  const maxPrice = Math.max(...prices);
  const maxCumulative = Math.max(...[...bids, ...asks].map((r) => r.cumulative));
  const span = maxPrice - minPrice;
  const x = (p: number) => (span > 0 ? ((p - minPrice) / span) * 100 : 50);
  const y = (c: number) => (maxCumulative > 0 ? 100 - (c / maxCumulative) * 100 : 100);
  const bidSteps = steps(bids, x, y);
  const askSteps = steps(asks, x, y);
  return {
    bids: bidSteps,
    asks: askSteps,
    bidArea: area(bidSteps),
    askArea: area(askSteps),
    minPrice,
    maxPrice,
    maxCumulative,
  };
}
