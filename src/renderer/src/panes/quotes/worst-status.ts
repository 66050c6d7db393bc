/**
 * The one status a multi-subscription pane shows in its toolbar: the worst of its
 * groups. A group all of whose codes are unknown ranks low: its rows say "unknown"
 * themselves, and the board's other groups may be fine; a refused token or a failure
 * says the most about the whole board.
 */
import type { SubscriptionState } from '../../../../shared/bridge';
import { isResting, type StatusView } from '../common/subscription';

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
 * group polled every minute says more about the board's age than one streamed). A
 * resting group (its market closed: nothing is asked until it opens) has no pace: the
 * one it was polled at before the close is no longer true, and on a weekend the board
 * said "Refreshed every 13 s" while nothing of it was asked at all.
 */
export function worstStatus(statuses: readonly StatusView[]): StatusView | null {
  let worst: StatusView | null = null;
  for (const status of statuses) {
    const s = status.pace && isResting(status) ? { ...status, pace: undefined } : status;
    if (!worst || RANK[s.state] > RANK[worst.state]) worst = s;
    else if (RANK[s.state] === RANK[worst.state] && slower(s, worst)) worst = s;
  }
  return worst;
}

const slower = (a: StatusView, b: StatusView): boolean =>
  (a.pace?.everyMs ?? 0) > (b.pace?.everyMs ?? 0);
