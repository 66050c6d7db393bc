/**
 * What the status bar says about an AppStatus, as plain text (tested without a DOM).
 * The mode comes from the one health model: LIVE only while the terminal runs on the
 * live service and its requests are succeeding; demo data says so, and still says
 * what is wrong with it (a demo that is offline is "DEMO DATA · OFFLINE").
 */
import { zoneLabel } from '../base/format/time';
import { describeMarketState, isReplaySource } from '../../../shared/model';
import { describeBudget, noRequests, type MeterText } from './request-meter-text';
import type {
  AppStatus,
  HealthState,
  StreamHealth,
  StreamPollReason,
  TokenStorage,
} from '../../../shared/model';

export type Tone = 'ok' | 'demo' | 'replay' | 'warn' | 'bad';

/**
 * How prices arrive, as the status bar's fixed-width column: a short word (STREAM,
 * POLL, RETRY 14:02:05), its tone (`muted` when nothing is wrong but nothing streams),
 * the accessible name that says it in words, and a tooltip with the stream's own words.
 */
export interface FeedText {
  word: string;
  tone: Tone | 'muted';
  label: string;
  title: string;
}

/** Something the user can do about the health shown (a button beside it). */
export type StatusAction = 'set-token';

/** The bar's words (with the request meter's, `MeterText`). */
export interface StatusText extends MeterText {
  /** LIVE, DEMO DATA, OFFLINE, TOKEN REJECTED… */
  mode: string;
  modeTone: Tone;
  /** e.g. "since 14:02 · showing cached data"; '' when there is nothing to add. */
  modeDetail: string;
  /** The tooltip of the mode: the last error, the last success; '' when none. */
  modeTitle: string;
  /** What the user can do about it, or null. */
  action: StatusAction | null;
  /** e.g. "Plan base · 10 codes/request". */
  plan: string;
  /** e.g. "Updated 14:02:11"; '' before any data. */
  lastUpdate: string;
  /** How prices arrive: streamed, polled and why, reconnecting and when. */
  feed: FeedText;
  /**
   * The shown markets that are not simply open, beside the health: "US closed
   * (Thanksgiving) · opens Fri 09:30 ET"; '' when every one is open (or none is known).
   */
  markets: string;
  /** Its tooltip: every market's state in full, with the countdowns and where each was read. */
  marketsTitle: string;
}

/** Formats a time as hh:mm or hh:mm:ss in the user's zone. */
export type TimeFormat = (time: number, seconds: boolean) => string;

/** The user's zone's short name at `time` ("UTC", "CET"): the status bar's times are local, and say so. */
export const localZoneName = (time: number): string => zoneLabel(undefined, time);

export const localTime: TimeFormat = (time, seconds) =>
  new Date(time).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hour12: false,
  });

/** The word and tone of each health state (the status bar's mode). */
export const HEALTH_WORDS: Record<HealthState, { word: string; tone: Tone }> = {
  connecting: { word: 'CONNECTING', tone: 'warn' },
  live: { word: 'LIVE', tone: 'ok' },
  degraded: { word: 'DEGRADED', tone: 'warn' },
  'rate-limited': { word: 'RATE LIMITED', tone: 'warn' },
  'token-rejected': { word: 'TOKEN REJECTED', tone: 'bad' },
  'not-in-plan': { word: 'NOT IN PLAN', tone: 'bad' },
  offline: { word: 'OFFLINE', tone: 'bad' },
};

function healthDetail(status: AppStatus, format: TimeFormat): string {
  const h = status.health;
  switch (h.state) {
    case 'offline':
      return `${h.since === null ? '' : `since ${format(h.since, false)} · `}showing cached data`;
    case 'rate-limited':
      return h.resumesAt === null
        ? 'the service asked to slow down'
        : `until ${format(h.resumesAt, true)}`;
    case 'degraded':
      return 'some requests are failing';
    case 'token-rejected':
      return 'the service refused the token';
    case 'not-in-plan':
      return 'your plan does not cover these markets';
    case 'live':
      return h.outsidePlan === null ? '' : 'some markets are not in your plan';
    case 'connecting':
      return '';
  }
}

function healthTitle(status: AppStatus, format: TimeFormat): string {
  const h = status.health;
  const parts: string[] = [];
  if (h.state !== 'live' && h.lastError) parts.push(`Last error: ${h.lastError}`);
  if (h.state === 'live' && h.outsidePlan !== null) {
    parts.push(`${h.outsidePlan}. The rest of the workspace is live.`);
  }
  if (h.state !== 'live' && h.state !== 'connecting') {
    parts.push(
      h.lastSuccessAt === null
        ? 'No request has succeeded yet'
        : `Last successful request ${format(h.lastSuccessAt, true)}`,
    );
  }
  if (h.state === 'token-rejected')
    parts.push('Nothing is sent with this token until a new one is set');
  return parts.join('\n');
}

/** Why prices are polled, in words. */
const POLL_REASONS: Record<StreamPollReason, string> = {
  off: 'streaming is off in Settings',
  'over-limit': "over the plan's stream limit",
  down: 'the stream is down',
  refused: 'the service refused the token',
};

const symbols = (n: number) => `${n.toLocaleString('en-US')} symbol${n === 1 ? '' : 's'}`;

/** The status bar's column for `DataHealth.stream`. */
export function describeStream(stream: StreamHealth, format: TimeFormat = localTime): FeedText {
  const text = (word: string, tone: FeedText['tone'], label: string): FeedText => ({
    word,
    tone,
    label,
    title: stream.message === null ? label : `${label}\n${stream.message}`,
  });
  const why = stream.reason === null ? '' : POLL_REASONS[stream.reason];
  switch (stream.state) {
    case 'streaming':
      return stream.polled > 0
        ? text(
            'STREAM',
            'warn',
            `Prices streamed: ${symbols(stream.streamed)}; ${symbols(stream.polled)} polled, ${why}`,
          )
        : text('STREAM', 'ok', `Prices streamed: ${symbols(stream.streamed)}`);
    case 'connecting':
      return text('STREAM…', 'warn', 'Prices polled while the stream connects');
    case 'idle':
      return text('STREAM', 'muted', 'Prices stream: no pane shows prices now');
    case 'polling': {
      const tone = stream.reason === 'off' ? 'muted' : stream.reason === 'refused' ? 'bad' : 'warn';
      return text('POLL', tone, `Prices polled: ${why}`);
    }
    case 'reconnecting': {
      const at = stream.nextAttemptAt === null ? null : format(stream.nextAttemptAt, true);
      const next = at === null ? 'reconnecting' : `reconnecting at ${at}`;
      return text(at === null ? 'RETRY' : `RETRY ${at}`, 'warn', `Prices polled: ${why}; ${next}`);
    }
  }
}

/** The feed column while the service refuses the token: nothing is fed at all. */
const TOKEN_REFUSED_FEED: FeedText = {
  word: 'NO FEED',
  tone: 'bad',
  label: 'No prices: nothing is polled or streamed while the service refuses the token',
  title: 'No prices: nothing is polled or streamed while the service refuses the token',
};

/** Markets named in the bar before "+N more" (the tooltip has them all). */
const MARKETS_SHOWN = 2;

/**
 * The status bar's words on the shown markets' states (see `StatusText.markets`), at
 * `now`. During a replay the states are the replayed time's (the main side judges them at
 * the replay clock: a Friday session replayed on a Sunday is open), so `now` is the
 * replay clock's time and the tooltip says the states are the replayed time's.
 */
export function describeMarkets(
  status: AppStatus,
  now: number,
): { markets: string; marketsTitle: string } {
  const all = status.markets ?? [];
  const name = (m: (typeof all)[number]) =>
    `${m.region}${m.class === 'stock' ? '' : ` ${m.class}`}`;
  const notOpen = all.filter((m) => m.phase !== null && m.phase !== 'open');
  const shown = notOpen
    .slice(0, MARKETS_SHOWN)
    .map((m) => `${name(m)} ${describeMarketState(m, now, { countdown: false }).text}`);
  if (notOpen.length > MARKETS_SHOWN) shown.push(`+${notOpen.length - MARKETS_SHOWN} more`);
  const title = all.map((m) => {
    const why = m.unknownWhy ? ` (${m.unknownWhy})` : '';
    return `${name(m)}: ${describeMarketState(m, now).text}${why}`;
  });
  if (isReplaySource(status.source) && title.length > 0) {
    title.unshift('The markets at the replayed time:');
  }
  return { markets: shown.join('; '), marketsTitle: title.join('\n') };
}

export function describeStatus(
  status: AppStatus,
  format: TimeFormat = localTime,
  zoneName: (time: number) => string = localZoneName,
  now: number = Date.now(),
): StatusText {
  const state = status.health.state;
  const health = HEALTH_WORDS[state];
  let mode: string;
  let modeTone: Tone;
  if (isReplaySource(status.source)) {
    // A replay is a source of its own: never taken for live or demo prices.
    mode = state === 'live' ? 'REPLAY' : `REPLAY · ${health.word}`;
    modeTone = state === 'live' ? 'replay' : health.tone;
  } else if (status.mode === 'demo') {
    mode = state === 'live' ? 'DEMO DATA' : `DEMO DATA · ${health.word}`;
    modeTone = state === 'live' ? 'demo' : health.tone;
  } else {
    mode = health.word;
    modeTone = health.tone;
  }
  return {
    mode,
    modeTone,
    modeDetail: healthDetail(status, format),
    modeTitle: healthTitle(status, format),
    action: state === 'token-rejected' ? 'set-token' : null,
    plan: `Plan ${status.plan.name} · ${status.plan.maxCodes} codes/request`,
    ...describeBudget(status),
    // During a replay the hub's last update is when a replayed frame arrived, on the wall
    // clock: beside replayed prices it would read as their time. The replay bar says the
    // replay's own time.
    lastUpdate:
      status.lastUpdate === null || isReplaySource(status.source)
        ? ''
        : `Updated ${format(status.lastUpdate, true)} ${zoneName(status.lastUpdate)}`,
    // Nothing is sent with a refused token (the meter says so): no price is polled nor
    // streamed, whatever the stream's own last state says ("POLL" was untrue there).
    feed:
      noRequests(status) === 'token-refused'
        ? TOKEN_REFUSED_FEED
        : describeStream(status.health.stream, format),
    ...describeMarkets(status, now),
  };
}

const STORAGE_TEXT: Record<TokenStorage, string> = {
  keychain: 'stored in the OS keychain',
  'safe-storage': 'stored encrypted on this computer',
  session: 'held for this session only',
  environment: 'from MARKETDESK_TOKEN',
};

/** "A token is set — stored in the OS keychain", or that none is. Never the token. */
export function describeToken(status: AppStatus | null): string {
  if (!status || !status.hasToken) return 'No token is set — the terminal shows demo data.';
  const where = status.tokenStorage ? STORAGE_TEXT[status.tokenStorage] : 'stored';
  const session =
    status.tokenSessionOnly && status.tokenStorage !== 'session'
      ? ' (held for this session only: no keychain works here)'
      : '';
  return `A token is set — ${where}${session}.`;
}

/**
 * The service's own words in a refusal: the brackets of the client's sentence ("The
 * market data service rejected the token (HTTP 401: E002 auth failed: wrong token).
 * Check the token in Settings."), else the message without its full stop. Wrapped whole,
 * Settings said "refused this token (… rejected the token (…). Check the token in
 * Settings.)." — brackets in brackets, and "in Settings" inside Settings.
 */
function refusalDetail(message: string): string {
  const text = message.trim();
  const own = /^The market data service rejected the token \((.+)\)\. Check [^()]*\.$/.exec(text);
  return own?.[1] ?? text.replace(/\.+$/, '');
}

/** Why the token needs replacing (the service refused it), or null. */
export function tokenProblem(status: AppStatus | null): string | null {
  if (!status?.hasToken || status.health.state !== 'token-rejected') return null;
  const detail = status.health.lastError ? refusalDetail(status.health.lastError) : '';
  const why = detail ? ` (${detail})` : '';
  // A token from the environment outranks one set here: only the variable can change it.
  return status.tokenStorage === 'environment'
    ? `The service refused the token in MARKETDESK_TOKEN${why}. Change or unset that variable and restart Marketdesk.`
    : `The service refused this token${why}. Paste a new one to load live data again.`;
}
