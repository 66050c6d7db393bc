/**
 * The one health model (src/core/health): every request records its outcome, the
 * status bar and every pane read the state. See README.md.
 */
export { HealthService } from './health-service';
export {
  DEFAULT_HEALTH_TUNING,
  STREAM_OFF,
  type HealthHold,
  type HealthServiceOptions,
  type HealthTuning,
  type Probe,
  type RecordOptions,
} from './types';
export { OFFLINE_MESSAGE, TOKEN_REJECTED_MESSAGE, clockTime, rateLimitedMessage } from './messages';
export {
  SUCCESS,
  batchOutcome,
  classify,
  outcomeOf,
  type Outcome,
  type OutcomeKind,
} from './outcome';
export { probeDelay } from './probe-delay';
export { backgroundTimers, systemTimers, type TimerHandle, type Timers } from './timers';
export { verdict, type Evidence, type Facts, type Verdict } from './verdict';
