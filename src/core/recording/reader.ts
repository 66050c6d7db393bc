/**
 * Reading a recording: the frames of a span in order (`read`), one instrument's book at
 * any moment (`bookAt`), and a cursor for replay (`RecordingCursor`: `seek` to a time,
 * the books there, then the frames from there on). Depth deltas are applied as they are
 * read; a delta whose key frame is gone (pruned) is skipped until the next key frame.
 * A book read after a delta shares its unchanged levels with the book before: treat what
 * is read as read-only.
 */
import type { DepthBook, Instrument, Quote, Tick, UnixMs } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { decodeDepthDelta, decodeDepthKey, decodeQuote, decodeTick } from './codec';
import type { RecordingDb } from './open-recording';
import { CHANNEL_OF_KIND, KIND } from './schema';

/** A frame as recorded: when it arrived, the exchange's time (quotes, ticks), what it was. */
export type RecordedFrame = {
  /** Arrival time, Unix ms. */
  t: UnixMs;
  /** The record's own time; null for depth (the service's books carry none). */
  exchangeTime: UnixMs | null;
  instrument: Instrument;
} & (
  | { channel: 'depth'; record: DepthBook }
  | { channel: 'quote'; record: Quote }
  | { channel: 'tick'; record: Tick }
);

export interface Span {
  from: UnixMs;
  /** Inclusive. */
  to: UnixMs;
}

interface Row {
  id: number;
  t: number;
  exch_t: number | null;
  kind: number;
  instrument: number;
  payload: Buffer;
}

const FRAME_COLUMNS = 'id, t, exch_t, kind, instrument, payload';
/** A row of FRAME_COLUMNS as an array (a raw statement's). */
type RawRow = [number, number, number | null, number, number, Buffer];

/** The instruments of the file by id. */
export function instrumentsOf(db: RecordingDb): Map<number, Instrument> {
  const rows = db.sqlite
    .prepare('SELECT id, class, region, exchange, code FROM instruments')
    .all() as {
    id: number;
    class: Instrument['class'];
    region: string;
    exchange: string;
    code: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      { class: r.class, region: r.region, exchange: r.exchange, code: r.code },
    ]),
  );
}

/** The file's id of `instrument`, or null when it was never recorded. */
export function instrumentIdOf(db: RecordingDb, instrument: Instrument): number | null {
  const [id] = idsOf(db, [instrument])!;
  return id ?? null;
}

function idsOf(db: RecordingDb, instruments: readonly Instrument[] | null): Set<number> | null {
  if (!instruments) return null;
  const wanted = new Set(instruments.map(instrumentKey));
  const out = new Set<number>();
  for (const [id, i] of instrumentsOf(db)) if (wanted.has(instrumentKey(i))) out.add(id);
  return out;
}

/**
 * The id of the first frame that arrived at or after `t` (one past the last when none
 * did): a binary search over ids, which arrival times follow.
 */
export function frameIdAt(db: RecordingDb, t: UnixMs): number {
  const s = db.sqlite;
  // Two queries: SQLite answers min() or max() of the rowid from the b-tree's ends, but
  // scans the whole table for both in one query.
  const lo0 = s.prepare('SELECT min(id) FROM frames').pluck().get() as number | null;
  const hi0 = s.prepare('SELECT max(id) FROM frames').pluck().get() as number | null;
  if (lo0 === null || hi0 === null) return 1;
  const at = s.prepare('SELECT id, t FROM frames WHERE id >= ? ORDER BY id LIMIT 1');
  let lo = lo0;
  let hi = hi0 + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const row = at.get(mid) as { id: number; t: number } | undefined;
    if (!row) hi = mid;
    else if (row.t < t) lo = row.id + 1;
    else hi = mid;
  }
  return lo;
}

/** The newest key frame of `instrument` at or before `t`, as a frame id. */
function keyframeBefore(db: RecordingDb, instrument: number, t: UnixMs): number | null {
  const row = db.sqlite
    .prepare(
      'SELECT frame FROM keyframes WHERE instrument = ? AND t <= ? ORDER BY t DESC, frame DESC LIMIT 1',
    )
    .pluck()
    .get(instrument, t) as number | undefined;
  return row ?? null;
}

/** Decodes rows in id order, keeping each instrument's book to apply deltas to. */
class Decoder {
  readonly books = new Map<number, DepthBook>();
  constructor(readonly instruments: Map<number, Instrument>) {}

  /** The frame of `row`, or null for a delta with no base. */
  take(row: Row): RecordedFrame | null {
    return this.frame(row.instrument, row.t, row.exch_t, row.kind, row.payload);
  }

  /** The frame of a row's columns (a raw row: no object per row), or null for a delta with no base. */
  frame(
    id: number,
    t: UnixMs,
    exchangeTime: UnixMs | null,
    kind: number,
    payload: Buffer,
  ): RecordedFrame | null {
    const instrument = this.instruments.get(id);
    if (!instrument) return null;
    switch (kind) {
      case KIND.depthKey:
      case KIND.depthDelta: {
        let book: DepthBook;
        if (kind === KIND.depthKey) book = decodeDepthKey(payload);
        else {
          const prev = this.books.get(id);
          if (!prev) return null;
          book = decodeDepthDelta(payload, prev);
        }
        this.books.set(id, book);
        return { t, exchangeTime, instrument, channel: 'depth', record: book };
      }
      case KIND.quote:
      case KIND.tick: {
        // The record's time is the exchange's (the writer keeps it); the receipt time stands
        // in where a row has none.
        const time = exchangeTime ?? t;
        return kind === KIND.quote
          ? { t, exchangeTime, instrument, channel: 'quote', record: decodeQuote(payload, time) }
          : { t, exchangeTime, instrument, channel: 'tick', record: decodeTick(payload, time) };
      }
      default:
        throw new RangeError(`unknown frame kind ${kind} (${CHANNEL_OF_KIND.length} known)`);
    }
  }
}

/** `instrument`'s book as it stood at `t` (the last depth frame at or before it); null if none. */
export function bookAt(db: RecordingDb, instrument: Instrument, t: UnixMs): DepthBook | null {
  const ids = idsOf(db, [instrument])!;
  const [id] = [...ids];
  if (id === undefined) return null;
  const key = keyframeBefore(db, id, t);
  if (key === null) return null;
  const end = frameIdAt(db, t + 1);
  const decoder = new Decoder(instrumentsOf(db));
  let book: DepthBook | null = null;
  const rows = db.sqlite
    .prepare(
      `SELECT ${FRAME_COLUMNS} FROM frames WHERE id >= ? AND id < ? AND instrument = ? AND kind IN (0, 1) ORDER BY id`,
    )
    .iterate(key, end, id) as IterableIterator<Row>;
  for (const row of rows) {
    const frame = decoder.take(row);
    if (frame?.channel === 'depth') book = frame.record;
  }
  return book;
}

/**
 * A replay's reader: `seek(t)` puts it at `t` and answers every instrument's book there;
 * `next(limit)` gives the frames from there on, in arrival order, up to `until`.
 */
export class RecordingCursor {
  readonly #db: RecordingDb;
  readonly #ids: Set<number> | null;
  #decoder: Decoder;
  #nextId = 1;
  /** The arrival time of each book's newest depth frame at the last `seek`, by instrument key. */
  readonly bookTimes = new Map<string, UnixMs>();
  /** The end id of the last `until` asked (times follow ids: no row past it is read). */
  #end: { until: UnixMs; id: number } | null = null;

  constructor(db: RecordingDb, instruments: readonly Instrument[] | null = null) {
    this.#db = db;
    this.#ids = idsOf(db, instruments);
    this.#decoder = new Decoder(instrumentsOf(db));
  }

  /** Moves to `t`: the books there (by instrument key), and `next` starts at the first frame at or after `t`. */
  seek(t: UnixMs): Map<string, DepthBook> {
    this.#decoder = new Decoder(this.#decoder.instruments);
    const start = frameIdAt(this.#db, t);
    // From the oldest of the instruments' newest key frames before t: every book whole at t.
    let from = start;
    for (const id of this.#ids ?? this.#decoder.instruments.keys()) {
      const key = keyframeBefore(this.#db, id, t);
      if (key !== null && key < from) from = key;
    }
    const rows = this.#db.sqlite
      .prepare(
        `SELECT ${FRAME_COLUMNS} FROM frames WHERE id >= ? AND id < ? AND kind IN (0, 1) ORDER BY id`,
      )
      .iterate(from, start) as IterableIterator<Row>;
    const times = new Map<number, UnixMs>();
    for (const row of rows) {
      if (this.#ids && !this.#ids.has(row.instrument)) continue;
      if (this.#decoder.take(row)) times.set(row.instrument, row.t);
    }
    this.#nextId = start;
    const books = new Map<string, DepthBook>();
    this.bookTimes.clear();
    for (const [id, book] of this.#decoder.books) {
      const key = instrumentKey(this.#decoder.instruments.get(id)!);
      books.set(key, book);
      const at = times.get(id);
      if (at !== undefined) this.bookTimes.set(key, at);
    }
    return books;
  }

  /** Up to `limit` frames from the cursor on that arrived at or before `until`. */
  next(limit: number, until: UnixMs = Number.MAX_SAFE_INTEGER): RecordedFrame[] {
    const out: RecordedFrame[] = [];
    if (this.#end?.until !== until) this.#end = { until, id: frameIdAt(this.#db, until + 1) };
    const end = this.#end.id;
    // Raw rows (arrays in FRAME_COLUMNS' order): no object per row to build and drop.
    const stmt = this.#db.sqlite
      .prepare(`SELECT ${FRAME_COLUMNS} FROM frames WHERE id >= ? AND id < ? ORDER BY id LIMIT ?`)
      .raw();
    const ids = this.#ids;
    const decoder = this.#decoder;
    while (out.length < limit) {
      const rows = stmt.all(this.#nextId, end, Math.max(256, limit - out.length)) as RawRow[];
      if (rows.length === 0) break;
      for (const [id, t, exch, kind, instrument, payload] of rows) {
        this.#nextId = id + 1;
        if (ids && !ids.has(instrument)) continue;
        const frame = decoder.frame(instrument, t, exch, kind, payload);
        if (frame) out.push(frame);
        if (out.length >= limit) break;
      }
    }
    return out;
  }
}

/** The frames of `span` in arrival order (depth whole: deltas applied), of `instruments` or all. */
export function* read(
  db: RecordingDb,
  span: Span,
  instruments: readonly Instrument[] | null = null,
): Generator<RecordedFrame> {
  const cursor = new RecordingCursor(db, instruments);
  cursor.seek(span.from);
  for (;;) {
    const batch = cursor.next(4096, span.to);
    if (batch.length === 0) return;
    yield* batch;
  }
}

/** The last quote and tick of an instrument at a moment (either null when none). */
export interface LastRecords {
  quote: Quote | null;
  tick: Tick | null;
  /** The arrival time of the newer of the two (null when neither was found). */
  at: UnixMs | null;
}

/**
 * The last quote and tick of each of `instruments` that arrived before `t`, looked for up
 * to `lookbackMs` back (a replay's start or seek: what the panes showed at `t`), by
 * instrument key. One pass backwards over the window, stopping once every one is found.
 */
export function lastRecordsBefore(
  db: RecordingDb,
  instruments: readonly Instrument[],
  t: UnixMs,
  lookbackMs = 300_000,
): Map<string, LastRecords> {
  const out = new Map<string, LastRecords>();
  const ids = idsOf(db, instruments)!;
  const decoder = new Decoder(instrumentsOf(db));
  // Quotes and ticks still wanted, by instrument id; ticks only where the class has them.
  const wanted = new Map<number, { quote: boolean; tick: boolean }>();
  for (const id of ids) {
    const instrument = decoder.instruments.get(id)!;
    out.set(instrumentKey(instrument), { quote: null, tick: null, at: null });
    wanted.set(id, { quote: true, tick: instrument.class === 'crypto' });
  }
  let left = [...wanted.values()].reduce((n, w) => n + Number(w.quote) + Number(w.tick), 0);
  if (left === 0) return out;
  const rows = db.sqlite
    .prepare(
      `SELECT ${FRAME_COLUMNS} FROM frames WHERE id >= ? AND id < ? AND kind IN (${KIND.quote}, ${KIND.tick}) ORDER BY id DESC`,
    )
    .iterate(frameIdAt(db, t - lookbackMs), frameIdAt(db, t)) as IterableIterator<Row>;
  for (const row of rows) {
    const w = wanted.get(row.instrument);
    const channel = row.kind === KIND.quote ? 'quote' : 'tick';
    if (!w || !w[channel]) continue;
    w[channel] = false;
    const frame = decoder.take(row);
    const last = out.get(instrumentKey(decoder.instruments.get(row.instrument)!))!;
    if (frame?.channel === 'quote') last.quote = frame.record;
    else if (frame?.channel === 'tick') last.tick = frame.record;
    // Newest first: the first found is the newer.
    if (frame) last.at ??= row.t;
    if (--left === 0) break;
  }
  return out;
}

/**
 * The last `limit` trades (ticks) of each of `instruments` that arrived by `t` (its
 * frames at `t` included: a replay clock at `t` has played them), looked for up to
 * `lookbackMs` back, oldest first, by instrument key: a tick tape's rows at `t`. One
 * pass backwards over the window's ticks, stopping once every one has `limit`.
 */
export function ticksBefore(
  db: RecordingDb,
  instruments: readonly Instrument[],
  t: UnixMs,
  limit: number,
  lookbackMs = 300_000,
): Map<string, Tick[]> {
  const out = new Map<string, Tick[]>();
  const ids = idsOf(db, instruments)!;
  if (ids.size === 0 || limit <= 0) return out;
  const decoder = new Decoder(instrumentsOf(db));
  const found = new Map<number, Tick[]>([...ids].map((id) => [id, []]));
  let left = ids.size;
  const rows = db.sqlite
    .prepare(
      `SELECT ${FRAME_COLUMNS} FROM frames WHERE id >= ? AND id < ? AND kind = ${KIND.tick} ORDER BY id DESC`,
    )
    .iterate(frameIdAt(db, t - lookbackMs), frameIdAt(db, t + 1)) as IterableIterator<Row>;
  for (const row of rows) {
    const list = found.get(row.instrument);
    if (!list || list.length >= limit) continue;
    const frame = decoder.take(row);
    if (frame?.channel === 'tick') list.push(frame.record);
    if (list.length >= limit && --left === 0) break;
  }
  for (const [id, list] of found) {
    if (list.length > 0) out.set(instrumentKey(decoder.instruments.get(id)!), list.reverse());
  }
  return out;
}

/** The instruments a recording holds (by key order of first sight). */
export function recordedInstruments(db: RecordingDb): Instrument[] {
  return [...instrumentsOf(db).values()];
}
