/**
 * The words, tone and icon of a pane's data state. Pure, so every pane says the same
 * thing the same way. The text is short and of bounded length (a badge has a fixed
 * width, so a state never moves what is beside it); times and reasons go in the title.
 */
import type { SubscriptionPace, SubscriptionState } from '../../../../shared/bridge';
import {
  isTradingPhase,
  lastCloseWords,
  type MarketStateView,
  type UnixMs,
} from '../../../../shared/model';
import { formatClock, formatDateTime } from '../../base/format/time';
import type { StateIconName, StateTone } from './state-icons';

/** A state's label: short text, tone (for colour), icon, and a longer tooltip. */
export interface StatusLabel {
  /** At most 14 characters ("token rejected"). */
  text: string;
  tone: StateTone;
  icon: StateIconName;
  /** The whole story: what it means, since when, why. */
  title: string;
}

const withReason = (title: string, message: string | undefined) =>
  message && message.trim() && !title.includes(message) ? `${title} (${message.trim()})` : title;

/** What a live subscription may still have to say (see `statusLabel`). */
export interface LiveNotes {
  pace?: SubscriptionPace | undefined;
  corrected?: string | undefined;
}

/**
 * The label of a state, or null when there is nothing to say (live at the pace asked).
 * Live but polled slower than asked (`pace`: the feed's requests are shared), it says how
 * often and when the data was last refreshed: its age, where the data is shown; a
 * chart whose bar built from the stream the service corrected says so (`corrected`).
 */
export function statusLabel(
  state: SubscriptionState,
  asOf: UnixMs | null,
  message?: string,
  notes: LiveNotes = {},
): StatusLabel | null {
  const when = asOf === null ? '' : formatDateTime(asOf);
  switch (state) {
    case 'live':
      if (notes.pace) return pacedLabel(notes.pace);
      return notes.corrected
        ? { text: 'corrected', tone: 'muted', icon: 'error', title: notes.corrected }
        : null;
    case 'loading':
      return {
        text: 'loading',
        tone: 'muted',
        icon: 'loading',
        title: 'Waiting for the first data',
      };
    case 'stale':
      return {
        text: 'stale',
        tone: 'warn',
        icon: 'stale',
        title: withReason(when ? `No fresh data since ${when}` : 'No fresh data', message),
      };
    case 'offline':
      return {
        text: 'offline',
        tone: 'warn',
        icon: 'offline',
        title: withReason(
          when
            ? `The data service cannot be reached; showing data cached as of ${when}`
            : 'The data service cannot be reached; showing cached data',
          message,
        ),
      };
    case 'not-entitled':
      return {
        text: 'not in plan',
        tone: 'down',
        icon: 'lock',
        title: message ?? 'Your plan does not cover this market',
      };
    case 'rate-limited':
      return {
        text: 'rate limited',
        tone: 'warn',
        icon: 'hourglass',
        title: withReason(
          `The service asked to slow down; the data shown ${when ? `is as of ${when} and ` : ''}waits for the request budget to recover`,
          message,
        ),
      };
    case 'token-rejected':
      return {
        text: 'token rejected',
        tone: 'down',
        icon: 'key',
        // The service's own words say it best when there are any.
        title:
          message?.trim() ||
          'The service refused the token: nothing is fetched until a new one is set in Settings',
      };
    case 'unknown':
      return {
        text: 'unknown',
        tone: 'down',
        icon: 'unknown',
        title: withReason('Unknown symbol: the data source has no such symbol', message),
      };
    case 'error':
      return {
        text: 'error',
        tone: 'down',
        icon: 'error',
        title: message ?? 'The data could not be loaded',
      };
  }
}

/** What `emptyText` reads of a pane's status (a `StatusView`, or a page pane's badge). */
export interface EmptyStatus {
  state: SubscriptionState;
  asOf: UnixMs | null;
  message?: string | undefined;
  /** The state of the market the data comes from (none for news). */
  market?: MarketStateView | undefined;
}

/**
 * Whether an empty pane's "Retry" can bring anything: not while the token is refused
 * ("nothing more is requested with it": a new token in Settings does), and not in a
 * replay (what the recording has not got no retry fetches). Everything else (offline,
 * an error, a rate limit, an empty answer) may be different a moment later.
 */
export function retryHelps(state: SubscriptionState, replaying: boolean): boolean {
  return !replaying && state !== 'token-rejected';
}

/** What an empty pane shows, for the closed market's sentence, and the time to say it at. */
export interface EmptyOf {
  /** "book", "prices", "candles": "its last book is from then". */
  what: string;
  now: UnixMs;
}

/**
 * What an empty pane body says: `waiting` while live, otherwise why there is nothing to
 * show (the state's whole story: "Unknown symbol: …", "The service refused the token…").
 * Still loading, it waits for the first answer — and of a closed market it says so and
 * since when (`closedWaitingText`): the one rule every pane's empty body goes through,
 * so none can say a bare "waiting" of a market that is closed.
 */
export function emptyText(status: EmptyStatus, waiting: string, of: EmptyOf): string {
  const { state, asOf, message } = status;
  // The feed has not answered yet (on a small plan it may wait its turn for minutes):
  // an empty cache then says nothing about whether there is data.
  if (state === 'loading')
    return (
      closedWaitingText(status.market, of.now, of.what) ??
      'Waiting for the first answer from the service.'
    );
  if (state === 'live') return waiting;
  // Nothing shown, so nothing cached to speak of.
  if (state === 'offline')
    return 'The data service cannot be reached, and nothing is cached here yet.';
  const title = statusLabel(state, asOf, message)?.title ?? waiting;
  return /[.!?]\)?$/.test(title) ? title : `${title}.`;
}

/**
 * What an empty pane says while its first answer is awaited from a market that is
 * closed (`what`: "book", "prices"): that it is closed and since when, the time its last
 * `what` is from — not a bare "waiting", which on a small plan may last minutes. Null
 * when the market is not known to be closed.
 */
export function closedWaitingText(
  market: MarketStateView | null | undefined,
  now: UnixMs,
  what: string,
): string | null {
  if (!market || market.phase === null || isTradingPhase(market.phase)) return null;
  const since = lastCloseWords(market, now);
  const closed =
    since === null ? 'The market is closed' : `The market has been closed since ${since}`;
  const from = since === null ? '' : `: its last ${what} is from then`;
  return `${closed}${from}. Waiting for the service's answer.`;
}

/**
 * Live, refreshed every `pace.everyMs`, slower than asked: "every 62 s", with its last
 * refresh. Whose requests are shared (the plan's, or in the demo and a replay the feed's
 * own rate, none of the plan's) is said once, on the feed's row of the status bar's
 * feeds popover (core's feed-lines); the pane does not know its source's budget.
 */
function pacedLabel(pace: SubscriptionPace): StatusLabel {
  const every = everyWords(pace.everyMs);
  return {
    text: `every ${every}`,
    tone: 'muted',
    icon: 'stale',
    title: `Refreshed every ${every}, slower than asked: the feed's requests are shared by everything shown (the status bar's request meter opens every feed and why); last refreshed at ${formatClock(pace.checkedAt)}`,
  };
}

/** "4.7 s", "62 s", "3 min". */
export function everyWords(ms: number): string {
  if (ms >= 90_000) return `${Math.round(ms / 60_000)} min`;
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 100) / 10} s`;
}
