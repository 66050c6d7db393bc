/**
 * An instrument's recorded past as a heatmap takes it (the `loadDepthHistory` command):
 * the depth frames and trades of one instrument over a span, read through the reader's
 * `read` (books whole, in arrival order), kept as one book per time bucket — the last
 * frame of the bucket, the one a live heatmap's column shows — and sent as flat columns.
 * A bucket without a frame is absent: the heatmap decides what rests into it, as live.
 */
import {
  DEPTH_HISTORY_MAX_BUCKETS,
  DEPTH_HISTORY_MAX_TRADES,
  type DepthHistory,
} from '../../shared/bridge';
import type { DataSourceId, DepthBook, Instrument, UnixMs } from '../../shared/model';
import type { RecordingDb } from './open-recording';
import { read } from './reader';

export interface DepthHistoryQuery {
  instrument: Instrument;
  from: UnixMs;
  /** Inclusive. */
  to: UnixMs;
  bucketMs: number;
}

/** Refuses a span a heatmap cannot hold or a bucket that is not a whole positive ms. */
export function checkDepthHistoryQuery({ from, to, bucketMs }: DepthHistoryQuery): void {
  if (!(Number.isInteger(bucketMs) && bucketMs > 0))
    throw new RangeError(`a time bucket is a whole number of ms above 0, not ${bucketMs}`);
  if (!(from <= to)) throw new RangeError(`the span's start (${from}) is after its end (${to})`);
  const buckets = Math.floor(to / bucketMs) - Math.floor(from / bucketMs) + 1;
  if (buckets > DEPTH_HISTORY_MAX_BUCKETS)
    throw new RangeError(
      `the span holds ${buckets} buckets of ${bucketMs} ms; at most ${DEPTH_HISTORY_MAX_BUCKETS}`,
    );
}

/**
 * The recorded depth and trades of `query.instrument` in `db` (the recording of
 * `source`), a book per bucket. `db` null (no recording could be opened): nothing.
 */
export function readDepthHistory(
  db: RecordingDb | null,
  source: DataSourceId,
  query: DepthHistoryQuery,
): DepthHistory {
  checkDepthHistoryQuery(query);
  const { instrument, from, to, bucketMs } = query;
  const out: DepthHistory = {
    instrument,
    source,
    from,
    to,
    bucketMs,
    times: [],
    bidCounts: [],
    askCounts: [],
    prices: [],
    volumes: [],
    orders: [],
    trades: { times: [], prices: [], volumes: [] },
    lastAt: null,
  };
  if (!db) return out;
  let bucket: number | null = null;
  let last: { t: UnixMs; book: DepthBook } | null = null;
  const flush = () => {
    if (last) put(out, last.t, last.book);
    last = null;
  };
  for (const frame of read(db, { from, to }, [instrument])) {
    out.lastAt = frame.t;
    if (frame.channel === 'depth') {
      const b = Math.floor(frame.t / bucketMs);
      if (b !== bucket) flush();
      bucket = b;
      last = { t: frame.t, book: frame.record };
    } else if (frame.channel === 'tick') {
      const tick = frame.record;
      out.trades.times.push(tick.time);
      out.trades.prices.push(tick.last);
      out.trades.volumes.push(tick.volume);
    }
  }
  flush();
  const extra = out.trades.times.length - DEPTH_HISTORY_MAX_TRADES;
  if (extra > 0) {
    out.trades.times.splice(0, extra);
    out.trades.prices.splice(0, extra);
    out.trades.volumes.splice(0, extra);
  }
  return out;
}

function put(out: DepthHistory, t: UnixMs, book: DepthBook): void {
  out.times.push(t);
  out.bidCounts.push(book.bids.length);
  out.askCounts.push(book.asks.length);
  for (const side of [book.bids, book.asks]) {
    for (const level of side) {
      out.prices.push(level.price);
      out.volumes.push(level.volume);
      out.orders.push(level.orders);
    }
  }
}
