/**
 * What a company card shows of a `getInfo` answer, and its state badge. The card
 * loads once per symbol and has no subscription, so besides its own answer (an
 * error, an unknown symbol, a cached copy) it takes the app's health: while the
 * service is unreachable or refuses the token, what it shows is a copy it cannot
 * refresh, and it says so like every other pane.
 */
import type { InfoAnswer } from '../../../../shared/bridge';
import type { HealthState, StockInfo, UnixMs } from '../../../../shared/model';
import { INITIAL_STATUS, type StatusView } from '../common/subscription';

/** The card's view of its answer. */
export interface InfoView {
  /** Null when there is nothing to show (and never for an unknown symbol). */
  info: StockInfo | null;
  /** The source has no such symbol. */
  unknown: boolean;
  offline: boolean;
  asOf: UnixMs | null;
  error: string | null;
}

/** The view of an answer, and whether to load again once the service is back. */
export function readInfoAnswer(answer: InfoAnswer): { view: InfoView; retry: boolean } {
  const unknown = answer.unknown === true;
  const view: InfoView = {
    info: unknown ? null : answer.info,
    unknown,
    offline: answer.offline,
    asOf: answer.asOf,
    error: answer.error ?? null,
  };
  // A failure, or a cached copy: worth loading again when the service is back.
  const retry = !unknown && (answer.offline || (answer.info === null && view.error !== null));
  return { view, retry };
}

/**
 * The card's badge: its own answer's trouble first (an unreachable service is
 * "offline", with the failure in the tooltip, rather than a bare error), then what the
 * app's health implies for a copy it cannot refresh.
 */
export function infoBadge(
  view: InfoView & { loading: boolean },
  health: HealthState | null,
): StatusView {
  if (view.loading) return INITIAL_STATUS;
  if (view.unknown) return { state: 'unknown', asOf: null };
  const because = view.error === null ? {} : { message: view.error };
  if (view.offline) return { state: 'offline', asOf: view.asOf, ...because };
  if (view.error) return { state: 'error', asOf: null, message: view.error };
  if (health === 'offline') return { state: 'offline', asOf: view.asOf };
  if (health === 'token-rejected') return { state: 'token-rejected', asOf: view.asOf };
  return { state: 'live', asOf: view.asOf };
}
