/**
 * Plays a recording on a replay clock: what each instrument's book, quote and tick are
 * at the clock's time, and the frames in order as the clock passes them. `advance` is
 * called on a timer by the replay service; seek and step move the clock and the
 * recording's cursor together. Reads only: the recording is never written.
 */
import { Emitter, type Event } from '../../shared/emitter';
import type { DepthBook, Instrument, Quote, Tick, UnixMs } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import {
  DEFAULT_KEYFRAME_MS,
  RecordingCursor,
  lastRecordsBefore,
  read,
  recordedInstruments,
  type RecordedFrame,
  type RecordingDb,
} from '../recording';
import { ReplayClock } from './clock';

/** How long after a span's start its first records may come in (a poll's round, a push). */
export const SETTLE_WINDOW_MS = 30_000;

/**
 * Where a replay of `[from, to]` starts: just after each channel of each instrument first
 * recorded in the span's first `SETTLE_WINDOW_MS` has its first record (a session's
 * first quote comes a poll after its first book), so the panes start with every record
 * the span's first moments have. A channel first recorded later than that is answered
 * before its first frame as known with nothing yet (replay-server.ts: "no data yet in
 * this replay"), never as an unknown symbol.
 */
export function settledStart(
  db: RecordingDb,
  instruments: readonly Instrument[] | null,
  from: UnixMs,
  to: UnixMs,
): UnixMs {
  let start = from;
  const seen = new Set<string>();
  for (const f of read(db, { from, to: Math.min(to, from + SETTLE_WINDOW_MS) }, instruments)) {
    const key = `${instrumentKey(f.instrument)}|${f.channel}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The clock's records are those before its time: one past the frame's own.
    start = Math.max(start, f.t + 1);
  }
  return Math.min(start, to);
}

/**
 * A book is no longer the book once its instrument's quotes or ticks go on being recorded
 * this long after its newest depth frame: the recording writes every book change, and a
 * key frame at least every 5 s while it changes (`DEFAULT_KEYFRAME_MS`), so a book silent
 * for three of those while the same instrument still trades was not being recorded then
 * (its pane was closed). It is answered as before its first frame (an empty book), never
 * as the book at that time. A book whose instrument went quiet altogether (a closed
 * market) is kept: nothing newer says it stopped being true.
 */
export const STALE_BOOK_MS = 3 * DEFAULT_KEYFRAME_MS;

/** Most frames one `advance` hands on (the rest follow on the next): the event loop stays free. */
export const MAX_FRAMES_PER_ADVANCE = 20_000;

export interface ReplayPlayerOptions {
  db: RecordingDb;
  /** What is played: some instruments, or null for all the recording holds. */
  instruments: readonly Instrument[] | null;
  from: UnixMs;
  to: UnixMs;
  speed?: number;
  /** The wall clock. */
  now: () => UnixMs;
}

export class ReplayPlayer {
  readonly clock: ReplayClock;
  /** The instruments played. */
  readonly instruments: readonly Instrument[];
  readonly #db: RecordingDb;
  readonly #cursor: RecordingCursor;
  readonly #books = new Map<string, DepthBook>();
  readonly #quotes = new Map<string, Quote>();
  readonly #ticks = new Map<string, Tick>();
  /** The arrival time of each book's newest depth frame, by instrument key. */
  readonly #bookAt = new Map<string, UnixMs>();
  /** Each instrument's key, by the recording's instrument object (one per instrument): not rebuilt per frame. */
  readonly #keys = new Map<Instrument, string>();
  /** Every frame that arrived by this time has been played (told to `onFrames`, or loaded by a seek). */
  #playedTo: UnixMs;
  readonly #frames = new Emitter<readonly RecordedFrame[]>();
  readonly #reset = new Emitter<void>();
  /** Frames the clock passed, in order (a pane's stream pushes). */
  readonly onFrames: Event<readonly RecordedFrame[]> = this.#frames.event;
  /** The replay moved (seek): every current record changed at once. */
  readonly onReset: Event<void> = this.#reset.event;

  constructor(o: ReplayPlayerOptions) {
    this.#db = o.db;
    const all = recordedInstruments(o.db);
    const wanted = o.instruments ? new Set(o.instruments.map(instrumentKey)) : null;
    this.instruments = wanted ? all.filter((i) => wanted.has(instrumentKey(i))) : all;
    this.#cursor = new RecordingCursor(o.db, this.instruments);
    this.clock = new ReplayClock({
      from: o.from,
      to: o.to,
      now: o.now,
      ...(o.speed === undefined ? {} : { speed: o.speed }),
    });
    this.#playedTo = o.from - 1;
    this.#load(o.from);
  }

  /**
   * The time every frame up to which has been played: the clock's time once `advance`
   * caught up with it, behind it until then. What the stream has pushed is the recording
   * up to here, so a REST answer built up to here counts the same quotes (a chart's
   * forming bar: feed/forming-candle.ts `countedTo`).
   */
  get playedTo(): UnixMs {
    return this.#playedTo;
  }

  book(instrument: Instrument): DepthBook | null {
    return this.#books.get(instrumentKey(instrument)) ?? null;
  }

  quote(instrument: Instrument): Quote | null {
    return this.#quotes.get(instrumentKey(instrument)) ?? null;
  }

  tick(instrument: Instrument): Tick | null {
    return this.#ticks.get(instrumentKey(instrument)) ?? null;
  }

  /** Plays the frames up to the clock's time; answers them (also told to `onFrames`). */
  advance(): readonly RecordedFrame[] {
    const until = this.clock.time();
    const frames = this.#cursor.next(MAX_FRAMES_PER_ADVANCE, until);
    // Cut short: frames of the last one's time may be left for the next.
    this.#playedTo =
      frames.length < MAX_FRAMES_PER_ADVANCE
        ? until
        : Math.max(this.#playedTo, frames.at(-1)!.t - 1);
    this.#apply(frames);
    return frames;
  }

  /** Moves to `t` (within the span): every record as it stood there. */
  seek(t: UnixMs): void {
    this.clock.seek(t);
    this.#playedTo = this.clock.time() - 1;
    this.#load(this.clock.time());
    this.#reset.fire();
  }

  /** Plays the next frame and pauses at its time; false at the span's end. */
  step(): boolean {
    // What the clock passed already goes first.
    this.advance();
    const [frame] = this.#cursor.next(1, this.clock.to);
    if (!frame) {
      this.clock.pause();
      return false;
    }
    this.clock.step(frame.t);
    this.#playedTo = frame.t;
    this.#apply([frame]);
    return true;
  }

  dispose(): void {
    this.#frames.dispose();
    this.#reset.dispose();
  }

  #apply(frames: readonly RecordedFrame[]): void {
    if (frames.length === 0) return;
    // Frames told on: the played ones, with an empty book after a quote or tick that
    // makes its instrument's book stale (a pane's stream drops the book it holds).
    let told: RecordedFrame[] | null = null;
    for (let n = 0; n < frames.length; n++) {
      const f = frames[n]!;
      let key = this.#keys.get(f.instrument);
      if (key === undefined) this.#keys.set(f.instrument, (key = instrumentKey(f.instrument)));
      if (f.channel === 'depth') {
        this.#books.set(key, f.record);
        this.#bookAt.set(key, f.t);
        told?.push(f);
        continue;
      }
      if (f.channel === 'quote') this.#quotes.set(key, f.record);
      else this.#ticks.set(key, f.record);
      told?.push(f);
      const at = this.#bookAt.get(key);
      if (at !== undefined && f.t - at > STALE_BOOK_MS && this.#books.has(key)) {
        this.#books.delete(key);
        told ??= frames.slice(0, n + 1);
        told.push({
          t: f.t,
          exchangeTime: null,
          channel: 'depth',
          instrument: f.instrument,
          record: { symbol: f.instrument.code, asks: [], bids: [] },
        });
      }
    }
    this.#frames.fire(told ?? frames);
  }

  /** The records as they stood just before `t`; the cursor then reads from `t` on. */
  #load(t: UnixMs): void {
    this.#books.clear();
    this.#quotes.clear();
    this.#ticks.clear();
    this.#bookAt.clear();
    const books = this.#cursor.seek(t);
    for (const [key, last] of lastRecordsBefore(this.#db, this.instruments, t)) {
      if (last.quote) this.#quotes.set(key, last.quote);
      if (last.tick) this.#ticks.set(key, last.tick);
      const book = books.get(key);
      const bookAt = this.#cursor.bookTimes.get(key);
      if (!book || bookAt === undefined) continue;
      this.#bookAt.set(key, bookAt);
      // Stale at t (STALE_BOOK_MS): not the book then.
      if (last.at !== null && last.at - bookAt > STALE_BOOK_MS) books.delete(key);
    }
    for (const [key, book] of books) this.#books.set(key, book);
  }
}
