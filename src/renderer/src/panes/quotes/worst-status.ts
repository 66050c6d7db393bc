/**
 * The one status a multi-subscription pane shows in its toolbar: the worst of
 * its groups (error over not-entitled over offline over stale over loading).
 */
import type { StatusView } from '../common/subscription';

const RANK: Record<StatusView['state'], number> = {
  live: 0,
  loading: 1,
  stale: 2,
  offline: 3,
  'not-entitled': 4,
  error: 5,
};

/** The worst status, or null when there is none. */
export function worstStatus(statuses: readonly StatusView[]): StatusView | null {
  let worst: StatusView | null = null;
  for (const s of statuses) if (!worst || RANK[s.state] > RANK[worst.state]) worst = s;
  return worst;
}
