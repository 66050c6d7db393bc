/**
 * The trades a worker's copy needs to catch up with the pane's, and nothing more: a live
 * tick is one trade sent, not the whole set (up to `MAX_TRADES`) every frame. The pane's
 * trades are a log (`HeatmapData.tradeLog`): appended in time order, trimmed off the
 * front past `MAX_TRADES`; a trade put in between (out of time order, rare) or another
 * data (a new symbol, a replay) means the copy takes them all again.
 */
import type { Trade } from './heatmap-model';

/** What the copy must do: take them all, or drop some off the front and append some. */
export type TradeDelta =
  { reset: true; trades: Trade[] } | { reset: false; drop: number; trades: Trade[] };

/** What a sender reads of the pane's data (a `HeatmapData`). */
export interface TradeSource {
  readonly trades: readonly Trade[];
  readonly tradeLog: { readonly dropped: number; readonly revision: number };
}

/** The main side: what was last sent, and what changed since (null: nothing). */
export class TradeSender {
  #source: TradeSource | null = null;
  #revision = 0;
  #dropped = 0;
  /** The log's end as last sent (`dropped + length`). */
  #end = 0;

  delta(source: TradeSource): TradeDelta | null {
    const { trades } = source;
    const { dropped, revision } = source.tradeLog;
    const end = dropped + trades.length;
    const added = end - this.#end;
    const fresh =
      source !== this.#source || revision !== this.#revision || added < 0 || added > trades.length;
    const drop = dropped - this.#dropped;
    this.#source = source;
    this.#revision = revision;
    this.#dropped = dropped;
    this.#end = end;
    if (fresh) return { reset: true, trades: trades.slice() };
    if (drop === 0 && added === 0) return null;
    return { reset: false, drop, trades: trades.slice(trades.length - added) };
  }
}

/**
 * The copy after `delta`: a new array when any were dropped or it was reset (the volume
 * profile is kept per array and length, heatmap-overlay.ts), else `trades` appended to.
 */
export function applyTrades(trades: Trade[], delta: TradeDelta): Trade[] {
  if (delta.reset) return delta.trades;
  const kept = delta.drop > 0 ? trades.slice(delta.drop) : trades;
  for (const t of delta.trades) kept.push(t);
  return kept;
}
