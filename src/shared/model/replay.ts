/**
 * A replay: a recorded span played back as a data source of its own (issue 28). Its
 * source id is the recorded source's behind `replay:`, so nothing of it is ever filed,
 * read or alerted as the live or demo source's.
 */
import type { Instrument, UnixMs } from './market';
import type { DataSourceId } from './settings';

/** The slowest and fastest replay speeds (times the recorded pace). */
export const REPLAY_MIN_SPEED = 0.25;
export const REPLAY_MAX_SPEED = 100;
/** The speeds the replay bar offers, slowest first. */
export const REPLAY_SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100];

/** Why a replay speed is refused, or null. */
export function replaySpeedProblem(speed: number): string | null {
  return Number.isFinite(speed) && speed >= REPLAY_MIN_SPEED && speed <= REPLAY_MAX_SPEED
    ? null
    : `replay speed must be from ${REPLAY_MIN_SPEED}× to ${REPLAY_MAX_SPEED}× (got ${speed})`;
}

/** The source id of a replay of `recorded` (`replay:demo`, `replay:live:https://…`). */
export function replaySourceId(recorded: DataSourceId): DataSourceId {
  return `replay:${recorded.replace(/^replay:/, '')}`;
}

export function isReplaySource(source: DataSourceId): boolean {
  return source.startsWith('replay:');
}

/**
 * Who answers a source's requests: the market data service (live), the simulator built
 * into the app (demo), or the recording on this computer (a replay). Only the service's
 * answers spend the plan's requests: the demo and a replay spend none of them, whatever
 * pace the feed keeps there. The status bar's meter, its feeds popover and the feed
 * plan's reasons all say so from this one rule.
 */
export type SourceKind = 'live' | 'demo' | 'replay';

export function sourceKind(source: DataSourceId): SourceKind {
  if (isReplaySource(source)) return 'replay';
  return source === 'demo' ? 'demo' : 'live';
}

/** One recorded session of the current source: what a replay can play. */
export interface RecordedSpan {
  /** The recording's session id. */
  session: number;
  from: UnixMs;
  to: UnixMs;
  frames: number;
  /** False while still being recorded (or after a crash). */
  closed: boolean;
}

/** What the current source recorded: its sessions and the instruments in them. */
export interface ReplaySpans {
  recorded: DataSourceId;
  spans: RecordedSpan[];
  instruments: Instrument[];
}

/** What a replay starts from. */
export interface ReplayRequest {
  from: UnixMs;
  to: UnixMs;
  /** One instrument, or null for everything recorded (the whole workspace). */
  instrument: Instrument | null;
  speed?: number;
}

/** A change to a running replay. Seek and step are alone in theirs; speed and pause combine. */
export interface ReplayControl {
  speed?: number;
  paused?: boolean;
  seek?: UnixMs;
  /** Moves to the next recorded frame and pauses there. */
  step?: true;
}

/** A running replay as the replay bar shows it. */
export interface ReplayStatus {
  source: DataSourceId;
  /** The recorded source it plays. */
  recorded: DataSourceId;
  instrument: Instrument | null;
  from: UnixMs;
  to: UnixMs;
  /** The replay clock's time. */
  time: UnixMs;
  speed: number;
  paused: boolean;
  ended: boolean;
  /**
   * The times the clock was moved (a seek, or playing again from the start), from any
   * window: each starts the panes' timeline again.
   */
  seeks: number;
  /** Alerts that fired on the replayed prices (in the replay's sandbox: never live ones). */
  alertsFired: number;
  /** The last of them, in words; null when none fired. */
  lastAlert: string | null;
}
