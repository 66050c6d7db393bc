/**
 * The recorder: what the feed hub receives live (its `onReceived` tap), appended to the
 * recording of the source it came from. The source is read at every frame: demo and live
 * switch in the same step as the hub's client, so a frame always lands in its own
 * source's file (one file per source, never mixed). The size budget is checked every
 * `budgetCheckMs` of writing; a damaged file is set aside and told as a notice.
 */
import type {
  DataSourceId,
  Instrument,
  RecordedSymbol,
  RecordingStatus,
  UnixMs,
} from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { errorMessage } from '../../shared/errors';
import { shownKey, type ReceivedFrame, type ShownFrame } from '../feed';
import { DEFAULT_RECORDING_BUDGET_BYTES, listSessions, prune, usedBytes } from './maintenance';
import {
  closeRecording,
  openRecording,
  recordingFilePath,
  type RecordingDb,
} from './open-recording';
import { RecordingWriter, type WriterTimers } from './writer';

export interface RecorderOptions {
  /** The data folder (recordings go in its `recordings/`). */
  folder: string;
  /** The source of what the hub receives now. */
  source: () => DataSourceId;
  now?: () => UnixMs;
  /** Default 1 GiB per source. */
  budgetBytes?: number;
  /** Told what the user should know (a recording set aside, one that cannot be opened). */
  notice?: (message: string) => void;
  onError?: (error: unknown) => void;
  flushMs?: number;
  keyframeMs?: number;
  timers?: WriterTimers | null;
  /** How often (ms of writing) the budget is checked; default 10 s. */
  budgetCheckMs?: number;
  /**
   * What the workspace shows now, by `shownKey` (the hub's `shown`): only those frames
   * are recorded. Absent: every frame taken is.
   */
  shown?: () => ReadonlyMap<string, ShownFrame>;
}

/** Under this much recorded time, a rate per hour would be a guess: none is told. */
const MIN_RATE_SPAN_MS = 60_000;

interface Open {
  source: DataSourceId;
  db: RecordingDb;
  writer: RecordingWriter;
}

export class Recorder {
  readonly #o: RecorderOptions;
  readonly #now: () => UnixMs;
  #open: Open | null = null;
  /** Sources whose file could not be opened: not asked again this run. */
  readonly #failed = new Set<DataSourceId>();
  #budget: number;
  #checkedAt = 0;
  #enabled = true;
  #closed = false;
  /** The current failure to write (cleared by the next write that succeeds). */
  #failing: string | null = null;
  /** Why each source's file could not be opened, and the notice of one set aside. */
  readonly #problems = new Map<DataSourceId, string>();
  readonly #setAside = new Map<DataSourceId, string>();
  #framesWritten = 0;
  #lastWriteAt: UnixMs | null = null;

  constructor(options: RecorderOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#budget = options.budgetBytes ?? DEFAULT_RECORDING_BUDGET_BYTES;
  }

  /** The hub's tap. */
  readonly take = (frame: ReceivedFrame): void => {
    if (!this.#enabled || this.#closed) return;
    if (this.#o.shown && !this.#o.shown().has(shownKey(frame.channel, frame.instrument))) return;
    this.#writer()?.append(frame);
  };

  /** Whether recording is on at all this run. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** What the user is told: recording or why not, the size, the symbols and their switches. */
  status(): RecordingStatus {
    const source = this.#o.source();
    const writer = this.#enabled ? this.#writer() : null;
    const db = writer ? this.#open!.db : null;
    const off = new Set((writer?.switchedOff() ?? []).map(instrumentKey));
    const symbols = new Map<string, RecordedSymbol>();
    for (const { channel, instrument } of this.#o.shown?.().values() ?? []) {
      const key = instrumentKey(instrument);
      let symbol = symbols.get(key);
      if (!symbol) {
        symbol = { instrument, channels: [], recorded: !off.has(key) };
        symbols.set(key, symbol);
      }
      if (!symbol.channels.includes(channel)) symbol.channels.push(channel);
    }
    const list = [...symbols.values()].sort((a, b) =>
      instrumentKey(a.instrument).localeCompare(instrumentKey(b.instrument)),
    );
    let used: number | null = null;
    let recordedMs = 0;
    if (db) {
      used = usedBytes(db);
      for (const s of listSessions(db)) if (s.frames > 0) recordedMs += s.endedAt - s.startedAt;
    }
    const problem = this.#problems.get(source) ?? (writer ? this.#failing : null);
    return {
      source,
      state: !this.#enabled
        ? 'off'
        : this.#problems.has(source)
          ? 'unavailable'
          : this.#failing !== null
            ? 'failing'
            : !this.#o.shown || list.some((s) => s.recorded)
              ? 'recording'
              : 'idle',
      problem: this.#enabled ? problem : null,
      setAside: this.#setAside.get(source) ?? null,
      usedBytes: used,
      budgetBytes: this.#budget,
      recordedMs,
      bytesPerHour:
        used !== null && recordedMs >= MIN_RATE_SPAN_MS ? (used / recordedMs) * 3_600_000 : null,
      framesWritten: this.#framesWritten,
      lastWriteAt: this.#lastWriteAt,
      symbols: list,
    };
  }

  /** Recording on or off as a whole. */
  setEnabled(on: boolean): void {
    this.#enabled = on;
    if (!on) this.#open?.writer.flush();
  }

  /** The size budget per source (Settings' Recording size): applied at the next write. */
  setBudget(bytes: number): void {
    this.#budget = bytes;
    this.#checkedAt = 0;
  }

  get budgetBytes(): number {
    return this.#budget;
  }

  /** The per-symbol switch of the current source's recording. */
  setRecorded(instrument: Instrument, on: boolean): void {
    this.#writer()?.setRecorded(instrument, on);
  }

  isRecorded(instrument: Instrument): boolean {
    return this.#writer()?.isRecorded(instrument) ?? false;
  }

  /** Writes what is held now (tests, shutdown). */
  flush(): void {
    this.#open?.writer.flush();
  }

  /**
   * Writes what is held now if a frame held arrived at or before `t`: a read up to `t`
   * then sees it (a read of an older span writes nothing early).
   */
  flushThrough(t: UnixMs): void {
    const since = this.#open?.writer.heldSince ?? null;
    if (since !== null && since <= t) this.#open!.writer.flush();
  }

  /** The current source's open recording (the replay and the heatmap read it). */
  get db(): RecordingDb | null {
    return this.#writer() ? this.#open!.db : null;
  }

  close(): void {
    this.#closed = true;
    this.#release();
  }

  #release(): void {
    const open = this.#open;
    this.#open = null;
    this.#failing = null;
    if (!open) return;
    try {
      open.writer.close();
    } finally {
      closeRecording(open.db);
    }
  }

  #writer(): RecordingWriter | null {
    const source = this.#o.source();
    if (this.#open?.source === source) return this.#open.writer;
    this.#release();
    if (this.#failed.has(source) || this.#closed) return null;
    const file = recordingFilePath(this.#o.folder, source);
    try {
      const { db, recovery } = openRecording(file, source, this.#now);
      if (recovery) {
        this.#setAside.set(source, recovery.message);
        this.#o.notice?.(recovery.message);
      }
      const writer = new RecordingWriter(db, {
        now: this.#now,
        ...(this.#o.flushMs === undefined ? {} : { flushMs: this.#o.flushMs }),
        ...(this.#o.keyframeMs === undefined ? {} : { keyframeMs: this.#o.keyframeMs }),
        ...(this.#o.timers === undefined ? {} : { timers: this.#o.timers }),
        onError: (error) => this.#writeFailed(source, error),
        afterFlush: (frames) => this.#afterFlush(frames),
      });
      this.#open = { source, db, writer };
      return writer;
    } catch (error) {
      this.#failed.add(source);
      this.#problems.set(source, errorMessage(error));
      this.#o.notice?.(
        `The recording of ${source} could not be opened (${errorMessage(error)}); ` +
          'nothing is recorded for it this session.',
      );
      return null;
    }
  }

  /** A failed write: told once as a notice until a write succeeds again. */
  #writeFailed(source: DataSourceId, error: unknown): void {
    const message = errorMessage(error);
    if (this.#failing === null) {
      this.#o.notice?.(
        `Recording ${source} failed (${message}); what arrives is not recorded until ` +
          'writing succeeds again.',
      );
    }
    this.#failing = message;
    this.#o.onError?.(error);
  }

  #afterFlush(frames: number): void {
    this.#failing = null;
    this.#framesWritten += frames;
    this.#lastWriteAt = this.#now();
    const open = this.#open;
    if (!open) return;
    const now = this.#now();
    if (now - this.#checkedAt < (this.#o.budgetCheckMs ?? 10_000)) return;
    this.#checkedAt = now;
    try {
      prune(open.db, this.#budget, open.writer.session);
    } catch (error) {
      this.#o.onError?.(error);
    }
  }
}
