/**
 * The words of a subscription status badge. Pure, so the panes agree on them.
 */
import type { SubscriptionState } from '../../../../shared/bridge';
import type { UnixMs } from '../../../../shared/model';
import { formatDateTime } from '../../format/time';

/** A badge: its text, its tone (for colour) and a longer tooltip. */
export interface StatusLabel {
  text: string;
  tone: 'muted' | 'warn' | 'down';
  title: string;
}

/** The badge for a state, or null when there is nothing to say (live). */
export function statusLabel(
  state: SubscriptionState,
  asOf: UnixMs | null,
  message?: string,
): StatusLabel | null {
  const when = asOf === null ? '' : formatDateTime(asOf);
  switch (state) {
    case 'live':
      return null;
    case 'loading':
      return { text: 'loading…', tone: 'muted', title: 'Waiting for the first data' };
    case 'stale':
      return {
        text: 'stale',
        tone: 'warn',
        title: when ? `No fresh data since ${when}` : 'No fresh data',
      };
    case 'offline':
      return {
        text: when ? `offline — cached as of ${when}` : 'offline — cached',
        tone: 'warn',
        title: message ?? 'The market data API is unreachable; showing cached data',
      };
    case 'not-entitled':
      return {
        text: 'not in your plan',
        tone: 'down',
        title: message ?? 'Your plan does not cover this market',
      };
    case 'error':
      return { text: message ?? 'error', tone: 'down', title: message ?? 'error' };
  }
}
