/**
 * The words every pane, page and card uses for a health hold, written once: the feed
 * hub's subscription states, the history answers and the company card all say the
 * same thing about the same state.
 */
import type { UnixMs } from '../../shared/model';

/** Offline: nothing answers; what is shown is the cache. */
export const OFFLINE_MESSAGE = 'The market data service cannot be reached; showing cached data.';

/** The token was refused: nothing is sent with it again until the user changes it. */
export const TOKEN_REJECTED_MESSAGE =
  'The market data service rejected the token, so nothing more is requested with it. Enter a valid token in Settings.';

/** `15:04:05`, the local wall-clock time of `at` (the main process runs on the user's clock). */
export function clockTime(at: UnixMs): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/** Rate limited: no request until `resumesAt`. */
export function rateLimitedMessage(resumesAt: UnixMs): string {
  return `The market data service is limiting requests (HTTP 429); requests resume at ${clockTime(resumesAt)}.`;
}
