/**
 * Order books for the heatmap's tests: the one way they write a `DepthBook`, from
 * [price, size] pairs or as a ladder of evenly spaced levels.
 */
import type { DepthBook } from '../../../../../shared/model';

/** A book of `bids` and `asks` as [price, size] pairs, best first (orders: the size). */
export function depthBook(
  bids: readonly (readonly [number, number])[],
  asks: readonly (readonly [number, number])[],
  symbol = 'X',
): DepthBook {
  const side = (levels: readonly (readonly [number, number])[]) =>
    levels.map(([price, volume], i) => ({ level: i + 1, price, volume, orders: volume }));
  return { symbol, bids: side(bids), asks: side(asks) };
}

/**
 * A ladder: `levels` a side, `step` apart (0.01), bids from `bid` down, asks from `ask`
 * (one step above the bid unless given) up.
 */
export function ladderBook(options: {
  bid: number;
  ask?: number;
  levels: number;
  /** Every level's size (the asks' too unless `askSize`). */
  size?: number;
  askSize?: number;
  step?: number;
  symbol?: string;
}): DepthBook {
  const { bid, ask, levels, size = 1, askSize = size, step = 0.01 } = options;
  const rungs = Array.from({ length: levels }, (_, i) => i);
  return depthBook(
    rungs.map((i) => [bid - i * step, size]),
    rungs.map((i) => [ask === undefined ? bid + (i + 1) * step : ask + i * step, askSize]),
    options.symbol,
  );
}
