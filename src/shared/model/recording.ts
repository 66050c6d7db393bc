/**
 * What the recording of live data (src/core/recording) tells the user: whether it
 * records now, and why not; its size against the budget in Settings; and the workspace's
 * symbols with their per-symbol switch.
 */
import type { Instrument, UnixMs } from './market';
import type { DataSourceId } from './settings';

/**
 * - `recording`: what the workspace shows is written (the last write succeeded);
 * - `idle`: on, but nothing the workspace shows can be recorded (no quotes, books or
 *   ticks shown, or every symbol shown switched off);
 * - `off`: recording is turned off for this run (`--no-record`);
 * - `failing`: the last write failed (`problem`: disk full…); the frames of that batch
 *   are lost, and writing is tried again with the next;
 * - `unavailable`: the source's recording could not be opened (`problem`); nothing is
 *   recorded for it this run.
 */
export type RecordingState = 'recording' | 'idle' | 'off' | 'failing' | 'unavailable';

/** A symbol the workspace shows, and whether its frames are recorded. */
export interface RecordedSymbol {
  instrument: Instrument;
  /** The channels the workspace shows of it (quote, depth, tick). */
  channels: ('quote' | 'depth' | 'tick')[];
  /** The per-symbol switch (on unless turned off; kept in the source's recording). */
  recorded: boolean;
}

export interface RecordingStatus {
  source: DataSourceId;
  state: RecordingState;
  /** Why it is failing or unavailable, in words; null otherwise. */
  problem: string | null;
  /** This run's notice of a damaged recording set aside (renamed, never emptied); else null. */
  setAside: string | null;
  /** The bytes the source's recording file uses now; null while it is not open. */
  usedBytes: number | null;
  /** The size budget (Settings' Recording size), per source. */
  budgetBytes: number;
  /** Time spanned by the sessions the file keeps (ms). */
  recordedMs: number;
  /**
   * The file's bytes per hour of recording, measured over the sessions it keeps; null
   * until a minute has been recorded (too little to tell).
   */
  bytesPerHour: number | null;
  /** Frames written this run, and when the last were. */
  framesWritten: number;
  lastWriteAt: UnixMs | null;
  /** The symbols the workspace shows, each with its switch, in a stable order. */
  symbols: RecordedSymbol[];
}
