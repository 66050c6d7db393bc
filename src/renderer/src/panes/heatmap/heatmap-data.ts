/**
 * A heatmap's history, pure: the ring of its last `MAX_COLUMNS` columns (one per time
 * bucket, built from depth frames) and its trades. Each change answers what it
 * changed (a list of bucket numbers, or 'all') so a renderer uploads only those.
 */
import type { DepthBook, Tick, UnixMs } from '../../../../shared/model';
import { clean } from '../../../../shared/format/numbers';
import {
  HOLD_MS,
  MAX_COLUMNS,
  MAX_TRADES,
  buildColumn,
  firstAtOrAfter,
  tickOf,
  type Column,
  type Trade,
} from './heatmap-model';

/** What a change touched: bucket numbers (`t / bucketMs`), or every column. */
export type Changed = readonly number[] | 'all';

/** A depth frame: a book and when it was seen. */
export interface DepthFrame {
  t: UnixMs;
  book: DepthBook;
}

/** Every data's rows and buckets get a number of their own (see `HeatmapData.epoch`). */
let epochs = 0;

export class HeatmapData {
  #epoch = ++epochs;
  readonly #ring: (Column | undefined)[] = new Array<Column | undefined>(MAX_COLUMNS);
  /** The frame time of each ring slot's column (a held column shares its frame's). */
  readonly #frameT = new Float64Array(MAX_COLUMNS);
  #newest: number | null = null;
  #tick: number | null = null;
  #trades: Trade[] = [];
  /** Trades trimmed off the front so far, and a number changed when one is put in between. */
  #tradesDropped = 0;
  #tradesRevision = 0;
  #lastTick: Tick | null = null;

  constructor(
    private bucket: number,
    private grouping: number,
  ) {
    if (!(bucket > 0)) throw new Error(`a time bucket must be positive, not ${bucket}`);
    if (!(Number.isInteger(grouping) && grouping >= 1))
      throw new Error(`a grouping is a whole multiple of the tick, not ${grouping}`);
  }

  /**
   * Which rows and buckets the columns are on: another number after a rebuild on
   * another tick, grouping or bucket, and for every new data. A frame drawn from
   * another epoch shows other cells (the crosshair then reads nothing from it).
   */
  get epoch(): number {
    return this.#epoch;
  }

  get bucketMs(): number {
    return this.bucket;
  }
  /** The tick inferred from the books (null before a book with two prices a side). */
  get tick(): number | null {
    return this.#tick;
  }
  /** A price row's height: the tick times the grouping (null: no tick yet). */
  get step(): number | null {
    return this.#tick === null ? null : clean(this.#tick * this.grouping);
  }
  /** The newest bucket number with a column (null: none yet). */
  get newest(): number | null {
    return this.#newest;
  }
  /** The oldest bucket number the ring can still hold. */
  get oldest(): number | null {
    return this.#newest === null ? null : this.#newest - MAX_COLUMNS + 1;
  }
  get trades(): readonly Trade[] {
    return this.#trades;
  }
  /**
   * Where the trades are as a log (what a copy elsewhere needs to catch up, overlay-trades.ts):
   * `trades[i]` is the log's entry `dropped + i`; `revision` changes when a trade is put
   * in between (out of time order), so a copy must then take them all again.
   */
  get tradeLog(): { readonly dropped: number; readonly revision: number } {
    return { dropped: this.#tradesDropped, revision: this.#tradesRevision };
  }

  /** The column of bucket number `b`, if the ring holds one. */
  column(b: number): Column | undefined {
    const c = this.#ring[slot(b)];
    return c && c.t === b * this.bucket ? c : undefined;
  }

  /**
   * Adds a frame seen at `t`. A frame older than the newest column is dropped (the
   * column it belongs to was already drawn from a later book).
   */
  addFrame(t: UnixMs, book: DepthBook): Changed {
    const tick = tickOf(book, this.#tick);
    if (tick === null) return [];
    const reticked = this.#retick(tick);
    const changed = this.#put(t, book);
    return reticked ? 'all' : changed;
  }

  /**
   * Adds frames in time order (a recorded past): as `addFrame` one by one, but the tick
   * is inferred from all of them first, so the columns are built once, not again each
   * time a later book shows a finer tick.
   */
  addFrames(frames: readonly DepthFrame[]): Changed {
    let tick = this.#tick;
    for (const f of frames) tick = tickOf(f.book, tick);
    if (tick === null) return [];
    this.#retick(tick);
    for (const f of frames) this.#put(f.t, f.book);
    return 'all';
  }

  /** A finer tick: the columns are rebuilt from the frames kept, on its rows. */
  #retick(tick: number): boolean {
    if (tick === this.#tick) return false;
    const frames = this.frames();
    this.#tick = tick;
    this.#epoch = ++epochs;
    this.#clearColumns();
    for (const f of frames) this.#put(f.t, f.book);
    return true;
  }

  /**
   * Carries the newest book into the buckets up to `t`'s: called while the feed is live
   * (a stream pushes the book when it changes, so a silent live book is unchanged).
   */
  extendTo(t: UnixMs): Changed {
    const newest = this.#newest;
    if (newest === null) return [];
    const b = Math.floor(t / this.bucket);
    const prev = this.column(newest);
    if (!prev || b <= newest) return [];
    const changed: number[] = [];
    for (let k = Math.max(newest + 1, b - MAX_COLUMNS + 1); k <= b; k++) {
      this.#ring[slot(k)] = { ...prev, t: k * this.bucket, held: true };
      this.#frameT[slot(k)] = this.#frameT[slot(newest)]!;
      changed.push(k);
    }
    this.#newest = b;
    return changed;
  }

  /** Adds ticks (one per code, as pushed): a tick seen before is not a new trade. */
  addTicks(ticks: readonly Tick[]): boolean {
    const trades: Trade[] = [];
    for (const tick of ticks) {
      const prev = this.#lastTick;
      if (prev && prev.time === tick.time && prev.last === tick.last && prev.volume === tick.volume)
        continue;
      this.#lastTick = tick;
      trades.push({ t: tick.time, price: tick.last, volume: tick.volume });
    }
    return this.addTrades(trades);
  }

  /** Adds trades in time order (a trade without volume or price draws nothing: dropped). */
  addTrades(trades: readonly Trade[]): boolean {
    let added = false;
    for (const trade of trades) {
      if (!(trade.volume > 0) || !Number.isFinite(trade.price) || !(trade.price > 0)) continue;
      // In time order (a past's thousands, a live tick): appended, no search or splice.
      const last = this.#trades[this.#trades.length - 1];
      if (!last || last.t <= trade.t) this.#trades.push(trade);
      else {
        this.#trades.splice(firstAtOrAfter(this.#trades, trade.t + 1), 0, trade);
        this.#tradesRevision++;
      }
      added = true;
    }
    if (this.#trades.length > MAX_TRADES) {
      this.#tradesDropped += this.#trades.length - MAX_TRADES;
      this.#trades = this.#trades.slice(-MAX_TRADES);
    }
    return added;
  }

  /** Changes the bucket or the grouping: the columns are rebuilt from their frames. */
  regroup(bucket: number, grouping: number): Changed {
    if (bucket === this.bucket && grouping === this.grouping) return [];
    const frames = this.frames();
    this.bucket = bucket;
    this.grouping = grouping;
    this.#epoch = ++epochs;
    this.#clearColumns();
    for (const f of frames) this.#put(f.t, f.book);
    return 'all';
  }

  /** The distinct frames the columns show, oldest first (what a rebuild replays). */
  frames(): DepthFrame[] {
    const out: DepthFrame[] = [];
    if (this.#newest === null) return out;
    let last = -Infinity;
    for (let b = this.#newest - MAX_COLUMNS + 1; b <= this.#newest; b++) {
      const c = this.column(b);
      if (!c) continue;
      const t = this.#frameT[slot(b)]!;
      if (t !== last) out.push({ t, book: c.book });
      last = t;
    }
    return out;
  }

  #clearColumns(): void {
    this.#ring.fill(undefined);
    this.#newest = null;
  }

  #put(t: UnixMs, book: DepthBook): Changed {
    const step = this.step;
    if (step === null) return [];
    const b = Math.floor(t / this.bucket);
    const newest = this.#newest;
    if (newest !== null && b < newest) return [];
    const changed: number[] = [];
    if (newest !== null && b > newest + 1) {
      const prev = this.column(newest);
      const prevT = this.#frameT[slot(newest)]!;
      // The last book rests into the buckets without a frame, up to HOLD_MS after it;
      // past that (and in slots the jump passed over) nothing is known: empty.
      for (let k = Math.max(newest + 1, b - MAX_COLUMNS + 1); k < b; k++) {
        const held = prev !== undefined && k * this.bucket - prevT < HOLD_MS;
        this.#ring[slot(k)] = held ? { ...prev, t: k * this.bucket, held: true } : undefined;
        this.#frameT[slot(k)] = prevT;
        changed.push(k);
      }
    }
    this.#ring[slot(b)] = buildColumn(b * this.bucket, book, step);
    this.#frameT[slot(b)] = t;
    this.#newest = b;
    changed.push(b);
    return changed;
  }
}

/** The ring slot of bucket number `b`. */
export function slot(b: number): number {
  return ((b % MAX_COLUMNS) + MAX_COLUMNS) % MAX_COLUMNS;
}
