/**
 * Appending frames: encoded at once (the caller's objects may change after), held in
 * memory and written in one transaction at least every `flushMs` (default 500 ms), so a
 * killed process loses at most that much. Each instrument's book is a key frame every
 * `keyframeMs` (default 5 s) and deltas between; a frame equal to the last one of its
 * instrument and channel (a REST poll answering what was already known) is not written.
 */
import type Database from 'better-sqlite3';
import type { DepthBook, Instrument, UnixMs } from '../../shared/model';
import type { ReceivedFrame } from '../feed';
import { instrumentKey } from '../../shared/model';
import {
  ByteWriter,
  deltaFits,
  encodeDepthDelta,
  encodeDepthKey,
  encodeQuote,
  encodeTick,
  sameBook,
} from './codec';
import type { RecordingDb } from './open-recording';
import { KIND } from './schema';

/** One frame as the feed hub received it (the hub's tap). */
export type LiveFrame = ReceivedFrame;

export const DEFAULT_FLUSH_MS = 500;
export const DEFAULT_KEYFRAME_MS = 5_000;
/** A batch this big is written at once, whatever the clock. */
const MAX_BATCH = 8_192;
/**
 * Frames inserted by one statement: one call into SQLite per 64 rows instead of per row
 * (the per-call cost was the writer's biggest). The rows of one statement get
 * consecutive ids (an INTEGER PRIMARY KEY takes the largest id + 1, one writer).
 */
const ROWS_PER_INSERT = 64;

export interface WriterTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface RecordingWriterOptions {
  now?: () => UnixMs;
  flushMs?: number;
  keyframeMs?: number;
  /** Default the global setInterval (unref'd: a pending flush does not keep a CLI alive). */
  timers?: WriterTimers | null;
  /** Told of a failed write (disk full…); the frames of that batch are dropped. */
  onError?: (error: unknown) => void;
  /** After each flush that wrote (the budget check): how many frames it wrote. */
  afterFlush?: (frames: number) => void;
}

interface Pending {
  t: number;
  exch: number | null;
  kind: number;
  instrument: number;
  payload: Buffer;
}

/** The last quote or tick recorded of an instrument: its exchange time and bytes. */
interface LastTimed {
  time: number | null;
  payload: Buffer | null;
}

interface Last {
  book: DepthBook | null;
  keyAt: number;
  quote: LastTimed;
  tick: LastTimed;
}

/**
 * Whether a quote or tick repeats the last one recorded (the same exchange time and
 * bytes: a poll that brought nothing new); if not, it becomes the last one.
 */
function repeatsLast(last: LastTimed, time: number, payload: Buffer): boolean {
  if (last.time === time && last.payload?.equals(payload)) return true;
  last.time = time;
  last.payload = payload;
  return false;
}

const systemTimers: WriterTimers = {
  setInterval(fn, ms) {
    const h = setInterval(fn, ms);
    h.unref();
    return h;
  },
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

/** The writer of one session (one run of the app) into a source's recording file. */
export class RecordingWriter {
  readonly session: number;
  readonly #db: RecordingDb;
  readonly #now: () => UnixMs;
  readonly #keyframeMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #afterFlush: (frames: number) => void;
  readonly #w = new ByteWriter();
  readonly #ids = new Map<string, number>();
  readonly #recorded = new Map<number, boolean>();
  readonly #last = new Map<number, Last>();
  #pending: Pending[] = [];
  #lastT: number;
  #timer: unknown = null;
  readonly #timers: WriterTimers | null;
  #closed = false;
  readonly #insert: Database.Statement;
  readonly #insertMany: Database.Statement;
  readonly #params: unknown[] = [];
  readonly #key: Database.Statement;
  readonly #session: Database.Statement;

  constructor(db: RecordingDb, options: RecordingWriterOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.#keyframeMs = options.keyframeMs ?? DEFAULT_KEYFRAME_MS;
    this.#onError = options.onError ?? ((e) => console.error('marketdesk recording:', e));
    this.#afterFlush = options.afterFlush ?? (() => undefined);
    const s = db.sqlite;
    for (const row of s.prepare('SELECT id, key, recorded FROM instruments').all() as {
      id: number;
      key: string;
      recorded: number;
    }[]) {
      this.#ids.set(row.key, row.id);
      this.#recorded.set(row.id, row.recorded === 1);
    }
    // The newest frame's time is the last row's (times follow ids): no scan of the table.
    const newest =
      (s.prepare('SELECT t FROM frames ORDER BY id DESC LIMIT 1').pluck().get() as
        number | undefined) ?? 0;
    this.#lastT = Math.max(newest, this.#now());
    this.session = Number(
      s
        .prepare('INSERT INTO sessions (started_at, ended_at) VALUES (?, ?)')
        .run(this.#lastT, this.#lastT).lastInsertRowid,
    );
    this.#insert = s.prepare(
      'INSERT INTO frames (t, exch_t, kind, instrument, payload) VALUES (?, ?, ?, ?, ?)',
    );
    this.#insertMany = s.prepare(
      'INSERT INTO frames (t, exch_t, kind, instrument, payload) VALUES ' +
        Array.from({ length: ROWS_PER_INSERT }, () => '(?, ?, ?, ?, ?)').join(', '),
    );
    this.#key = s.prepare(
      'INSERT OR IGNORE INTO keyframes (instrument, t, frame) VALUES (?, ?, ?)',
    );
    this.#session = s.prepare(
      `UPDATE sessions SET ended_at = ?, first_frame = coalesce(first_frame, ?), last_frame = ?,
         frames = frames + ?, bytes = bytes + ? WHERE id = ?`,
    );
    this.#timers = options.timers === undefined ? systemTimers : options.timers;
    this.#timer = this.#timers?.setInterval(
      () => this.flush(),
      options.flushMs ?? DEFAULT_FLUSH_MS,
    );
  }

  /** Whether `instrument` is recorded (the per-symbol switch; on unless turned off). */
  isRecorded(instrument: Instrument): boolean {
    const id = this.#ids.get(instrumentKey(instrument));
    return id === undefined || this.#recorded.get(id) !== false;
  }

  /** The per-symbol switch, kept in the file. */
  setRecorded(instrument: Instrument, on: boolean): void {
    const id = this.#idOf(instrument);
    this.#recorded.set(id, on);
    this.#db.sqlite.prepare('UPDATE instruments SET recorded = ? WHERE id = ?').run(on ? 1 : 0, id);
    // The next frame after switching on is a whole book.
    this.#last.delete(id);
  }

  /** The instruments whose switch is off, as the file keeps them. */
  switchedOff(): Instrument[] {
    return this.#db.sqlite
      .prepare(
        'SELECT class, region, exchange, code FROM instruments WHERE recorded = 0 ORDER BY id',
      )
      .all() as Instrument[];
  }

  /** Takes one frame; false when it was not recorded (switched off, or nothing new). */
  append(frame: LiveFrame): boolean {
    if (this.#closed) return false;
    const id = this.#idOf(frame.instrument);
    if (this.#recorded.get(id) === false) return false;
    const now = this.#now();
    const t = now > this.#lastT ? now : this.#lastT;
    let last = this.#last.get(id);
    if (!last) {
      last = {
        book: null,
        keyAt: 0,
        quote: { time: null, payload: null },
        tick: { time: null, payload: null },
      };
      this.#last.set(id, last);
    }
    let kind: number;
    let payload: Buffer;
    let exch: number | null = null;
    switch (frame.channel) {
      case 'depth': {
        const book = frame.record;
        const prev = last.book;
        if (prev && sameBook(prev, book)) return false;
        if (prev && deltaFits(prev, book) && t - last.keyAt < this.#keyframeMs) {
          kind = KIND.depthDelta;
          payload = encodeDepthDelta(this.#w, prev, book);
        } else {
          kind = KIND.depthKey;
          payload = encodeDepthKey(this.#w, book);
          last.keyAt = t;
        }
        // Kept by reference, not copied: the hub's records are never changed once received
        // (each answer and push is a new object), and a copy per frame was the writer's
        // biggest cost.
        last.book = book;
        break;
      }
      case 'quote':
      case 'tick':
        kind = KIND[frame.channel];
        exch = frame.record.time;
        payload =
          frame.channel === 'quote'
            ? encodeQuote(this.#w, frame.record)
            : encodeTick(this.#w, frame.record);
        if (repeatsLast(last[frame.channel], exch, payload)) return false;
        break;
    }
    this.#lastT = t;
    this.#pending.push({ t, exch, kind, instrument: id, payload });
    if (this.#pending.length >= MAX_BATCH) this.flush();
    return true;
  }

  /** Writes what is held, in one transaction. */
  flush(): void {
    if (this.#pending.length === 0 || !this.#db.sqlite.open) return;
    const batch = this.#pending;
    this.#pending = [];
    try {
      this.#db.sqlite.transaction(() => {
        let first = 0;
        let lastId = 0;
        let bytes = 0;
        const params = this.#params;
        let at = 0;
        for (; at + ROWS_PER_INSERT <= batch.length; at += ROWS_PER_INSERT) {
          params.length = 0;
          for (let k = at; k < at + ROWS_PER_INSERT; k++) {
            const f = batch[k]!;
            params.push(f.t, f.exch, f.kind, f.instrument, f.payload);
          }
          lastId = Number(this.#insertMany.run(params).lastInsertRowid);
          const firstOf = lastId - ROWS_PER_INSERT + 1;
          if (first === 0) first = firstOf;
          for (let k = at; k < at + ROWS_PER_INSERT; k++) {
            const f = batch[k]!;
            bytes += f.payload.length;
            if (f.kind === KIND.depthKey) this.#key.run(f.instrument, f.t, firstOf + k - at);
          }
        }
        for (; at < batch.length; at++) {
          const f = batch[at]!;
          const id = Number(
            this.#insert.run(f.t, f.exch, f.kind, f.instrument, f.payload).lastInsertRowid,
          );
          if (first === 0) first = id;
          lastId = id;
          bytes += f.payload.length;
          if (f.kind === KIND.depthKey) this.#key.run(f.instrument, f.t, id);
        }
        params.length = 0;
        this.#session.run(batch.at(-1)!.t, first, lastId, batch.length, bytes, this.session);
      })();
    } catch (error) {
      // The deltas after a lost key frame would have no base: every book starts whole again.
      this.#last.clear();
      this.#onError(error);
      return;
    }
    this.#afterFlush(batch.length);
  }

  /** Frames held and not yet written. */
  get pending(): number {
    return this.#pending.length;
  }

  /** When the oldest frame held and not yet written arrived (null: none held). */
  get heldSince(): UnixMs | null {
    return this.#pending[0]?.t ?? null;
  }

  /** Writes what is held and ends the session. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    if (this.#timer !== null) this.#timers?.clearInterval(this.#timer);
    if (this.#db.sqlite.open) {
      this.#db.sqlite
        .prepare('UPDATE sessions SET closed = 1, ended_at = max(ended_at, ?) WHERE id = ?')
        .run(this.#lastT, this.session);
    }
  }

  #idOf(instrument: Instrument): number {
    const key = instrumentKey(instrument);
    let id = this.#ids.get(key);
    if (id === undefined) {
      const s = this.#db.sqlite;
      id = Number(
        s
          .prepare(
            `INSERT INTO instruments (key, class, region, exchange, code) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET key = excluded.key RETURNING id`,
          )
          .pluck()
          .get(key, instrument.class, instrument.region, instrument.exchange, instrument.code),
      );
      this.#ids.set(key, id);
      this.#recorded.set(id, true);
    }
    return id;
  }
}
