/**
 * Where a heatmap asks for an instrument's past: the depth frames and trades recorded
 * over a span, oldest first. `bridgeHistory` asks the current source's recording over
 * the bridge (`loadDepthHistory`: the store, never the network, so it answers offline
 * too); `NO_HISTORY` answers nothing and the pane starts from the live feed alone.
 */
import type { DepthHistory, MarketdeskBridge } from '../../../../shared/bridge';
import type { DataSourceId, DepthLevel, Instrument, UnixMs } from '../../../../shared/model';
import { HeatmapData, type DepthFrame } from './heatmap-data';
import { MAX_COLUMNS, type Trade } from './heatmap-model';

/** A span of time, `[from, to]`. */
export interface Span {
  from: UnixMs;
  to: UnixMs;
}

/** What was recorded of an instrument over a span. */
export interface HeatmapPast {
  frames: readonly DepthFrame[];
  trades: readonly Trade[];
  /** Whether the recording holds anything of the instrument in the span. */
  recorded: boolean;
  /** When its newest recorded frame arrived (null: none). */
  lastAt: UnixMs | null;
  /** The source whose recording answered (null: none did). */
  source: DataSourceId | null;
}

/** Where a heatmap reads an instrument's past. */
export interface HeatmapHistory {
  past(instrument: Instrument, span: Span, bucketMs: number): Promise<HeatmapPast>;
}

/** The history of a window with no recording store: nothing recorded. */
export const NO_HISTORY: HeatmapHistory = {
  past: () =>
    Promise.resolve({ frames: [], trades: [], recorded: false, lastAt: null, source: null }),
};

/** The current source's recording, over the bridge. */
export function bridgeHistory(bridge: MarketdeskBridge): HeatmapHistory {
  return {
    async past(instrument, span, bucketMs) {
      const h = await bridge.invoke('loadDepthHistory', { instrument, ...span, bucketMs });
      return pastOf(h);
    },
  };
}

/** A recorded history as frames (books rebuilt from its flat columns) and trades. */
export function pastOf(h: DepthHistory): HeatmapPast {
  const frames: DepthFrame[] = [];
  let k = 0;
  const side = (n: number): DepthLevel[] => {
    const levels: DepthLevel[] = [];
    for (let i = 0; i < n; i++, k++)
      levels.push({
        level: i + 1,
        price: h.prices[k]!,
        volume: h.volumes[k]!,
        orders: h.orders[k]!,
      });
    return levels;
  };
  for (let i = 0; i < h.times.length; i++) {
    const bids = side(h.bidCounts[i]!);
    const asks = side(h.askCounts[i]!);
    frames.push({ t: h.times[i]!, book: { symbol: h.instrument.code, bids, asks } });
  }
  const trades = h.trades.times.map((t, i) => ({
    t,
    price: h.trades.prices[i]!,
    volume: h.trades.volumes[i]!,
  }));
  return { frames, trades, recorded: h.lastAt !== null, lastAt: h.lastAt, source: h.source };
}

/**
 * The spans a pane asks of its past at `to`, in order: the newest `visible` buckets (what
 * the view shows at the live edge: drawn first), then the rest of the ring's
 * `MAX_COLUMNS` buckets (absent when the view shows them all).
 */
export function pastSpans(to: UnixMs, bucketMs: number, visible: number): Span[] {
  const newest = Math.floor(to / bucketMs);
  const oldest = newest - MAX_COLUMNS + 1;
  const first = Math.max(oldest, newest - Math.max(1, Math.ceil(visible)) + 1);
  const spans: Span[] = [{ from: first * bucketMs, to }];
  if (first > oldest) spans.push({ from: oldest * bucketMs, to: first * bucketMs - 1 });
  return spans;
}

/**
 * `data`'s columns with a past's frames and trades among them: a fresh map with every
 * frame in time order (the tick inferred from all of them first), trades oldest first.
 */
export function withPast(data: HeatmapData, past: HeatmapPast, grouping: number): HeatmapData {
  const fresh = new HeatmapData(data.bucketMs, grouping);
  fresh.addFrames([...past.frames, ...data.frames()].sort((a, b) => a.t - b.t));
  fresh.addTrades(past.trades);
  fresh.addTrades(data.trades);
  return fresh;
}
