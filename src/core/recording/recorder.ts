/**
 * The recorder: what the feed hub receives live (its `onReceived` tap), appended to the
 * recording of the source it came from. The source is read at every frame: demo and live
 * switch in the same step as the hub's client, so a frame always lands in its own
 * source's file (one file per source, never mixed). The size budget is checked every
 * `budgetCheckMs` of writing; a damaged file is set aside and told as a notice.
 */
import type { DataSourceId, Instrument, UnixMs } from '../../shared/model';
import { errorMessage } from '../../shared/errors';
import type { ReceivedFrame } from '../feed';
import { DEFAULT_RECORDING_BUDGET_BYTES, prune } from './maintenance';
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
}

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

  constructor(options: RecorderOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#budget = options.budgetBytes ?? DEFAULT_RECORDING_BUDGET_BYTES;
  }

  /** The hub's tap. */
  readonly take = (frame: ReceivedFrame): void => {
    if (!this.#enabled || this.#closed) return;
    this.#writer()?.append(frame);
  };

  /** Recording on or off as a whole. */
  setEnabled(on: boolean): void {
    this.#enabled = on;
    if (!on) this.#open?.writer.flush();
  }

  setBudget(bytes: number): void {
    this.#budget = bytes;
    this.#checkedAt = 0;
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
      if (recovery) this.#o.notice?.(recovery.message);
      const writer = new RecordingWriter(db, {
        now: this.#now,
        ...(this.#o.flushMs === undefined ? {} : { flushMs: this.#o.flushMs }),
        ...(this.#o.keyframeMs === undefined ? {} : { keyframeMs: this.#o.keyframeMs }),
        ...(this.#o.timers === undefined ? {} : { timers: this.#o.timers }),
        onError: (error) => this.#o.onError?.(error),
        afterFlush: () => this.#afterFlush(),
      });
      this.#open = { source, db, writer };
      return writer;
    } catch (error) {
      this.#failed.add(source);
      this.#o.notice?.(
        `The recording of ${source} could not be opened (${errorMessage(error)}); ` +
          'nothing is recorded for it this session.',
      );
      return null;
    }
  }

  #afterFlush(): void {
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
