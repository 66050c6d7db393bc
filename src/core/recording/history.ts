/**
 * An instrument's recorded past as a heatmap takes it (the `loadDepthHistory` command):
 * one book per time bucket — the last depth frame of the bucket, the one a live heatmap's
 * column shows — and the span's trades, sent as flat columns. A bucket without a frame is
 * absent: the heatmap decides what rests into it, as live.
 *
 * The read is proportional to what is drawn, not to the span: the instrument's key frames
 * (`keyframes`, indexed by instrument and time) cut its depth into runs of a key frame and
 * its deltas; a run whose frames all fall in the bucket of the next key frame holds no
 * bucket's last book (that key frame comes later in the same bucket) and is not read. Of
 * the other runs only the frames before the next key frame's bucket are decoded. So buckets
 * wider than the key frame interval (5 s) cost about one key frame and a few deltas each;
 * finer buckets read every frame, as each is some bucket's last. The answer is the same
 * as reading every frame in order (`history.test.ts` checks both against each other).
 */
import {
  DEPTH_HISTORY_MAX_BUCKETS,
  DEPTH_HISTORY_MAX_TRADES,
  type DepthHistory,
} from '../../shared/bridge';
import type { DataSourceId, DepthBook, Instrument, UnixMs } from '../../shared/model';
import { decodeDepthDelta, decodeDepthKey, decodeTick } from './codec';
import type { RecordingDb } from './open-recording';
import { frameIdAt, instrumentIdOf } from './reader';
import { KIND } from './schema';

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

export function emptyDepthHistory(source: DataSourceId, query: DepthHistoryQuery): DepthHistory {
  const { instrument, from, to, bucketMs } = query;
  return {
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
}

interface KeyRow {
  t: number;
  frame: number;
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
  const out = emptyDepthHistory(source, query);
  if (!db) return out;
  const id = instrumentIdOf(db, query.instrument);
  if (id === null) return out;
  const { from, to, bucketMs } = query;
  const s = db.sqlite;
  const startId = frameIdAt(db, from);
  const endId = frameIdAt(db, to + 1);
  if (startId >= endId) return out;

  // The key frames that start the runs: the newest at or before `from` (the book at the
  // span's start), then every one in the span. Deltas before the first (a pruned key
  // frame's) have no base and are skipped, as the reader skips them.
  const before = s
    .prepare(
      'SELECT t, frame FROM keyframes WHERE instrument = ? AND t <= ? ORDER BY t DESC, frame DESC LIMIT 1',
    )
    .get(id, from) as KeyRow | undefined;
  const keys = s
    .prepare(
      'SELECT t, frame FROM keyframes WHERE instrument = ? AND t >= ? AND t <= ? AND frame >= ? AND frame < ? ORDER BY t, frame',
    )
    .all(id, before?.t ?? from, to, before?.frame ?? startId, endId) as KeyRow[];
  // The runs to read: from a key frame to the next one (or the span's end), and only
  // their frames before the next key frame's bucket. One query for all of them (a query
  // per run costs more than its few rows).
  const runs: [number, number, number][] = [];
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const next = keys[k + 1];
    // Every frame of this run is in the next key frame's bucket: none is a bucket's last.
    if (next && Math.floor(key.t / bucketMs) === Math.floor(next.t / bucketMs)) continue;
    const cut = next ? Math.floor(next.t / bucketMs) * bucketMs : to + 1;
    runs.push([key.frame, next?.frame ?? endId, cut]);
  }
  const rows = s
    .prepare(
      `SELECT r.key, f.id, f.t, f.kind, f.payload FROM json_each(?) r CROSS JOIN frames f
         WHERE f.id >= r.value->>0 AND f.id < r.value->>1 AND f.t < r.value->>2
           AND f.instrument = ? AND f.kind IN (${KIND.depthKey}, ${KIND.depthDelta})`,
    )
    .raw()
    .all(JSON.stringify(runs), id) as [number, number, number, number, Buffer][];
  // The runs come in order, and each run's rows in id order (a rowid range); checked, not assumed.
  for (let k = 1; k < rows.length; k++) {
    if (rows[k]![1] <= rows[k - 1]![1]) {
      rows.sort((a, b) => a[1] - b[1]);
      break;
    }
  }

  let bucket = -1;
  let lastT = 0;
  let lastBook: DepthBook | null = null;
  let lastDepthId = startId - 1;
  let book: DepthBook | null = null;
  let run = -1;
  for (const [r, rowId, t, kind, payload] of rows) {
    // A run starts at its key frame: nothing carries over from the run before.
    if (r !== run) book = null;
    run = r;
    if (kind === KIND.depthKey) book = decodeDepthKey(payload);
    else if (book) book = decodeDepthDelta(payload, book);
    else continue;
    if (t < from) continue;
    const b = Math.floor(t / bucketMs);
    if (b !== bucket && lastBook) put(out, lastT, lastBook);
    bucket = b;
    lastT = t;
    lastBook = book;
    lastDepthId = rowId;
  }
  if (lastBook) {
    put(out, lastT, lastBook);
    out.lastAt = lastT;
  }

  // The newest tick after the last depth frame, if one came later: a trade is drawn too.
  // Not a quote: the map draws none, and the quotes go on being recorded for a board
  // after the book stopped (its pane closed), so one says nothing of the book.
  const later = s
    .prepare(
      `SELECT t FROM frames WHERE id > ? AND id < ? AND instrument = ? AND kind = ${KIND.tick} ORDER BY id DESC LIMIT 1`,
    )
    .pluck()
    .get(lastDepthId, endId, id) as number | undefined;
  if (later !== undefined) out.lastAt = later;

  // The span's trades, the newest up to the cap, oldest first.
  const ticks = s
    .prepare(
      `SELECT t, exch_t, payload FROM frames WHERE id >= ? AND id < ? AND instrument = ? AND kind = ${KIND.tick} ORDER BY id DESC LIMIT ?`,
    )
    .raw()
    .all(startId, endId, id, DEPTH_HISTORY_MAX_TRADES) as [number, number | null, Buffer][];
  const { trades } = out;
  for (let k = ticks.length - 1; k >= 0; k--) {
    const [t, exch, payload] = ticks[k]!;
    const tick = decodeTick(payload, exch ?? t);
    trades.times.push(tick.time);
    trades.prices.push(tick.last);
    trades.volumes.push(tick.volume);
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
