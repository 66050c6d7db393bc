/**
 * The one status a multi-subscription pane shows in its toolbar: the worst of its
 * groups. A group all of whose codes are unknown ranks low: its rows say "unknown"
 * themselves, and the board's other groups may be fine; a refused token or a failure
 * says the most about the whole board.
 */
import type { SubscriptionState } from '../../../../shared/bridge';
import type { StatusView } from '../common/subscription';

const RANK: Record<SubscriptionState, number> = {
  live: 0,
  loading: 1,
  unknown: 2,
  stale: 3,
  offline: 4,
  'rate-limited': 5,
  'not-entitled': 6,
  'token-rejected': 7,
  error: 8,
};

/**
 * The worst status, or null when there is none. Of equals, the slowest paced one (a
 * group polled every minute says more about the board's age than one streamed).
 */
export function worstStatus(statuses: readonly StatusView[]): StatusView | null {
  let worst: StatusView | null = null;
  for (const s of statuses) {
    if (!worst || RANK[s.state] > RANK[worst.state]) worst = s;
    else if (RANK[s.state] === RANK[worst.state] && slower(s, worst)) worst = s;
  }
  return worst;
}

const slower = (a: StatusView, b: StatusView): boolean =>
  (a.pace?.everyMs ?? 0) > (b.pace?.everyMs ?? 0);
