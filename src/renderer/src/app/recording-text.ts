/**
 * The recording as the user reads it: the status bar's REC word and its tone, the
 * popover's sentences, and Settings' line on the size budget. Every figure comes from the
 * main side's `RecordingStatus` (sizes of the file, the rate measured over what it keeps);
 * nothing here estimates.
 */
import type {
  HealthState,
  Instrument,
  RecordedSymbol,
  RecordingStatus,
} from '../../../shared/model';
import { formatBytes } from '../../../shared/format/numbers';

export interface RecordingText {
  /** The status bar's word: REC, REC off, REC ⚠… */
  word: string;
  tone: 'ok' | 'muted' | 'warn' | 'bad';
  /** One sentence: what is recorded now, or why nothing is. */
  state: string;
  /** The size against the budget, and how long the budget lasts at the pace measured. */
  size: string;
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "2 h 05 min", "12 min", "45 s": a recorded span. */
export function spanText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return `${Math.floor(ms / 1000)} s`;
  if (minutes < 60) return `${minutes} min`;
  return `${count(Math.floor(minutes / 60))} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "BTCUSDT (crypto BA)": a symbol as the popover lists it. */
export function symbolText(i: Instrument): string {
  return `${i.code} (${i.class} ${i.region}${i.exchange ? ` ${i.exchange}` : ''})`;
}

/** "depth, ticks": the channels the workspace shows of a symbol. */
export function channelsText(symbol: RecordedSymbol): string {
  const names = { quote: 'quotes', depth: 'depth', tick: 'ticks' } as const;
  return symbol.channels.map((c) => names[c]).join(', ');
}

/**
 * The size line: "12.4 MiB of 1.0 GiB · at this workspace's pace (3.1 MiB an hour,
 * measured over 2 h 05 min recorded) the budget holds about 330 h".
 */
export function sizeText(s: RecordingStatus, budgetBytes = s.budgetBytes): string {
  if (s.usedBytes === null) return `Budget ${formatBytes(budgetBytes)} per data source.`;
  const used = `${formatBytes(s.usedBytes)} of ${formatBytes(budgetBytes)} used (${s.source})`;
  if (s.bytesPerHour === null || s.bytesPerHour <= 0) {
    return `${used}; how long the budget lasts is known after a minute of recording.`;
  }
  return (
    `${used}; at this workspace's pace (${formatBytes(s.bytesPerHour)} an hour, measured over ` +
    `${spanText(s.recordedMs)} recorded) it holds about ${count(budgetBytes / s.bytesPerHour)} h.`
  );
}

/** Why nothing can arrive to be recorded, by the data's health (null: data can arrive). */
const NOTHING_ARRIVES: Partial<Record<HealthState, string>> = {
  offline: 'the data service cannot be reached',
  'token-rejected': 'the service refused the token',
};

/**
 * The recording in words; `replaying`: a replay runs (its frames are never recorded
 * again); `health`: the data's (offline or the token refused, nothing arrives to record).
 */
export function describeRecording(
  s: RecordingStatus,
  replaying = false,
  health: HealthState | null = null,
): RecordingText {
  const on = s.symbols.filter((x) => x.recorded).length;
  const off = s.symbols.length - on;
  const size = sizeText(s);
  if (replaying && (s.state === 'recording' || s.state === 'idle')) {
    return {
      word: 'REC paused',
      tone: 'muted',
      state:
        'Paused during the replay: what it plays is the recording itself, never recorded ' +
        'again. Recording goes on when the replay ends.',
      size,
    };
  }
  switch (s.state) {
    case 'off':
      return {
        word: 'REC off',
        tone: 'muted',
        state: 'Recording is off for this run (started with --no-record).',
        size,
      };
    case 'unavailable':
      return {
        word: 'REC ✕',
        tone: 'bad',
        state: `Nothing is recorded for ${s.source}: its recording could not be opened (${s.problem ?? 'unknown error'}).`,
        size,
      };
    case 'failing':
      return {
        word: 'REC ⚠',
        tone: 'bad',
        state: `Writing the recording fails (${s.problem ?? 'unknown error'}): what arrives is lost until a write succeeds.`,
        size,
      };
    case 'idle':
      return {
        word: 'REC paused',
        tone: 'warn',
        state:
          s.symbols.length === 0
            ? 'Nothing to record: the workspace shows no quotes, books or ticks.'
            : `Paused: every symbol shown (${s.symbols.length}) is switched off.`,
        size,
      };
    case 'recording': {
      const why = health === null ? undefined : NOTHING_ARRIVES[health];
      if (why)
        return {
          word: 'REC waiting',
          tone: 'warn',
          state:
            `Nothing arrives to record: ${why}. Recording goes on for the ${on} ` +
            `symbol${on === 1 ? '' : 's'} the workspace shows once data comes; ` +
            `${count(s.framesWritten)} frames written this run.`,
          size,
        };
      return {
        word: 'REC',
        tone: 'ok',
        state:
          `Recording ${on} symbol${on === 1 ? '' : 's'} the workspace shows` +
          (off > 0 ? ` (${off} switched off)` : '') +
          `; ${count(s.framesWritten)} frames written this run.`,
        size,
      };
    }
  }
}
