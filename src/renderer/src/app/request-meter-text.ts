/**
 * The status bar's request meter, as plain text (tested through `describeStatus`): the
 * plan's requests a minute the feed spends, or, where none of the plan's are spent (the
 * demo, a replay, a refused token: `noRequests`), why instead. The feeds popover says the
 * same from the same rule (`feed-plan-text.ts`).
 */
import { sourceKind, type AppStatus } from '../../../shared/model';

/** The meter's words. */
export interface MeterText {
  /**
   * e.g. "42/60 req/min", or "2/4 req/min +3 once": the plan's requests a minute the feed
   * spends, and those it asks once and not again (not a rate). When none are spent, why
   * instead: the demo and a replay ask nothing of the service, a refused token is sent nothing.
   */
  budget: string;
  /** Its tooltip. */
  budgetTitle: string;
  /** e.g. "polling slowed ×1.5"; '' when not stretched (or when nothing is asked). */
  stretch: string;
  /** Its tooltip: why. */
  stretchTitle: string;
}

/**
 * Why no request of the plan is spent now, or null while some are: the demo is answered
 * by the simulator built into the app and a replay by the recording, both on this
 * computer (`sourceKind`), and nothing is sent with a refused token. The status bar's
 * meter and its popover both say it.
 */
export type NoRequests = 'demo' | 'replay' | 'token-refused';

export function noRequests(status: AppStatus): NoRequests | null {
  const kind = sourceKind(status.source);
  if (kind !== 'live') return kind;
  return status.health.state === 'token-rejected' ? 'token-refused' : null;
}

/** The meter's tooltip while requests are spent. */
const METER_TITLE =
  'Requests per minute the feed spends, of the budget it plans for: click for every feed, streamed or polled, and why';

/** The meter and its tooltip when no request of the plan is spent (`noRequests`). */
const NO_REQUESTS_METER: Record<NoRequests, { budget: string; budgetTitle: string }> = {
  demo: {
    budget: 'demo: no requests to the service',
    budgetTitle:
      "Demo data comes from the simulator built into Marketdesk, on this computer: nothing is asked of the market data service and none of the plan's requests are spent. Set a token in Settings for live data. Click for the feeds",
  },
  replay: {
    budget: 'replay: no requests to the service',
    budgetTitle:
      "The replay is read from the recording on this computer: nothing is asked of the market data service and none of the plan's requests are spent. Click for the feeds",
  },
  'token-refused': {
    budget: 'no requests: token refused',
    budgetTitle:
      'Nothing is sent with a token the service refused: no request is spent until a new token is set. Click for the feeds',
  },
};

/**
 * True while the feed's polls are held because the service cannot be reached (the app
 * probes it, one request at a time): the meter and its popover say so, not a rate.
 */
export function pollsHeld(status: AppStatus): boolean {
  return noRequests(status) === null && status.health.state === 'offline';
}

/** The meter while the service cannot be reached. */
const OFFLINE_METER = {
  budget: 'polls held: offline',
  budgetTitle:
    "The service cannot be reached: the feed's polls wait while the app probes it, one request at a time, to find it back; cached data is shown meanwhile. Click for the feeds",
};

/**
 * The status bar's request meter. The demo and a replay are answered on this computer
 * (the simulator, the loopback replay service: their own budgets are no plan's), and
 * nothing is sent with a refused token: none of them spends a request of the plan, so
 * the meter says that rather than a budget and a slow-down of the plan's that are not
 * (a feed polled slower than asked there says why on its row of the popover).
 */
export function describeBudget(status: AppStatus): MeterText {
  const none = noRequests(status);
  if (none !== null) return { ...NO_REQUESTS_METER[none], stretch: '', stretchTitle: '' };
  // Offline, the feed's polls wait for the probes that look for the service: its rate
  // and slow-down are of polls not being made ("27/27 req/min · polling slowed ×12.3"
  // was read while nothing got through).
  if (pollsHeld(status)) return { ...OFFLINE_METER, stretch: '', stretchTitle: '' };
  const { requestsPerMinute, wantedPerMinute, stretch, oneOffRequests: once } = status.budget;
  const used = Math.round(Math.min(wantedPerMinute, requestsPerMinute));
  const slowed = stretch > 1.005;
  // Asked once (a snapshot, a closed market's last prices): requests, not a rate, and no
  // cause of a slow-down. Counted as a poll a second, one snapshot once read "4/4 req/min
  // · polling slowed ×66.7" on the free plan while almost nothing was spent.
  const onceText = once > 0 ? ` +${once} once` : '';
  return {
    budget: `${used}/${Math.round(requestsPerMinute)} req/min${onceText}`,
    budgetTitle:
      once > 0
        ? `${METER_TITLE}. ${once} more ${once === 1 ? 'request is' : 'requests are'} asked once and not again (a closed market's last prices, a newly streamed symbol's snapshot)`
        : METER_TITLE,
    stretch: slowed ? `polling slowed ×${stretch.toFixed(1)}` : '',
    stretchTitle: slowed
      ? `Polling is ${stretch.toFixed(1)} times slower than asked, to fit the plan's request budget`
      : '',
  };
}
