/**
 * The rules of the settings that both sides check: the main side's schema
 * (core/settings) refuses what breaks them, and the Settings form checks the same limits
 * before sending, with the same words. Written for the people who read them: the field as
 * the form labels it, the range in the form's units.
 */
import { STREAM_PLAN_LIMITS } from '../api/stream';
import { hasCredentials, isLoopbackHost, parseHttpUrl } from '../urls';
import type { AssetClass } from './market';
import type { RefreshIntervals, Settings } from './settings';

export { isLoopbackHost } from '../urls';

const MiB = 1024 * 1024;

/**
 * The floor of every polling interval: below 250 ms polling is abuse of the service. The
 * settings refuse less, and the feed hub raises any interval it is given (a candle
 * interval, a test's) to it, so a typo can never flood the API.
 */
export const MIN_INTERVAL_MS = 250;

/** The refresh intervals a fresh install starts with: quotes, depth and ticks every second, news every minute. */
export const DEFAULT_REFRESH_INTERVALS: Readonly<RefreshIntervals> = Object.freeze({
  quotes: 1_000,
  depth: 1_000,
  ticks: 1_000,
  news: 60_000,
});

/**
 * The size budget of each source's recording a fresh install starts with: 1 GiB (the
 * settings' default, and the command line's `record prune` without --budget).
 */
export const DEFAULT_RECORDING_BUDGET_BYTES = 1024 * MiB;

/** The cache's size budget a fresh install starts with (the settings' default): 1 GiB. */
export const DEFAULT_CACHE_BUDGET_BYTES = 1024 * MiB;

/** Limits of the numeric settings (inclusive), in the settings' own units. */
export const SETTINGS_LIMITS = {
  /** Above an hour a pane is useless. */
  intervalMs: { min: MIN_INTERVAL_MS, max: 3_600_000 },
  enterpriseMaxCodes: { min: 1, max: 10_000 },
  requestsPerMinute: { min: 1, max: 1_000_000 },
  /**
   * Per request attempt. Under a second, ordinary answers on a slow link fail; over two
   * minutes, a service that has stopped answering leaves panes waiting for nothing.
   */
  requestTimeoutMs: { min: 1_000, max: 120_000 },
  /** The cache needs room for a few series and news pages to be worth having. */
  cacheBudgetBytes: { min: 64 * MiB, max: 1024 * 1024 * MiB },
  /** A recording needs room for a few sessions of a workspace to be worth keeping. */
  recordingBudgetBytes: { min: 64 * MiB, max: 1024 * 1024 * MiB },
  /** Symbols a stream connection may subscribe: the published plans range from 3 to 2,000. */
  streamSubscriptions: { min: 1, max: 100_000 },
} as const;

/** A numeric setting, by its key (`intervals.quotes` for a refresh interval). */
export type NumericSettingField =
  | 'enterpriseMaxCodes'
  | 'requestsPerMinute'
  | 'requestTimeoutMs'
  | 'cacheBudgetBytes'
  | 'recordingBudgetBytes'
  | 'streamSubscriptions'
  | `intervals.${keyof RefreshIntervals}`;

/** How people name each numeric setting (the Settings form's labels). */
export const NUMERIC_SETTING_LABELS: Readonly<Record<NumericSettingField, string>> = {
  enterpriseMaxCodes: 'Codes per request',
  requestsPerMinute: 'Requests per minute',
  requestTimeoutMs: 'Request timeout',
  cacheBudgetBytes: 'Cache size',
  recordingBudgetBytes: 'Recording size',
  streamSubscriptions: 'Stream symbols',
  'intervals.quotes': 'Quotes refresh',
  'intervals.depth': 'Depth refresh',
  'intervals.ticks': 'Ticks refresh',
  'intervals.news': 'News refresh',
};

/** The limits of one numeric setting. */
export function numericSettingLimits(field: NumericSettingField): { min: number; max: number } {
  return field.startsWith('intervals.')
    ? SETTINGS_LIMITS.intervalMs
    : SETTINGS_LIMITS[field as Exclude<NumericSettingField, `intervals.${string}`>];
}

const count = (n: number): string => n.toLocaleString('en-US');

/** 250 → "0.25 s", 3600000 → "1 h": a duration as people say it. */
function duration(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** 67108864 → "64 MiB", 2^40 → "1 TiB". */
function size(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes;
  let i = 0;
  for (; n >= 1024 && n % 1024 === 0 && i < units.length - 1; i++) n /= 1024;
  return `${count(n)} ${units[i]}`;
}

/**
 * What a value of `field` must be, as one sentence: "Quotes refresh must be a whole
 * number of milliseconds from 250 (0.25 s) to 3,600,000 (1 h)".
 */
export function numericSettingMessage(field: NumericSettingField): string {
  const { min, max } = numericSettingLimits(field);
  const label = NUMERIC_SETTING_LABELS[field];
  if (field.startsWith('intervals.') || field === 'requestTimeoutMs') {
    return `${label} must be a whole number of milliseconds from ${count(min)} (${duration(min)}) to ${count(max)} (${duration(max)})`;
  }
  if (field === 'cacheBudgetBytes' || field === 'recordingBudgetBytes') {
    return `${label} must be a whole number of bytes from ${count(min)} (${size(min)}) to ${count(max)} (${size(max)})`;
  }
  const blank =
    field === 'requestsPerMinute' || field === 'streamSubscriptions'
      ? ", or blank for the plan's default"
      : '';
  return `${label} must be a whole number from ${count(min)} to ${count(max)}${blank}`;
}

/** Null when `value` is a whole number within `field`'s limits, else {@link numericSettingMessage}. */
export function numericSettingProblem(field: NumericSettingField, value: number): string | null {
  const { min, max } = numericSettingLimits(field);
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? null
    : numericSettingMessage(field);
}

/** The base URL is not a web address. */
export const BASE_URL_NOT_HTTP =
  'Base URL must be an https:// address (or http:// to this machine)';

/**
 * Plain http to another machine. The one message for this rule, in the app's Settings
 * and on the command line (`--base-url`, MARKETDESK_BASE_URL).
 */
export const BASE_URL_PLAIN_HTTP =
  'Base URL must use https: plain http is allowed only to this machine (localhost, 127.0.0.1, ::1), ' +
  'since the token would cross the network readable by anyone on the way';

/** Credentials, a query or a fragment in the base URL would be stored and sent along. */
export const BASE_URL_EXTRAS = 'Base URL must not contain a user name, password, query or fragment';

/**
 * Why `text` cannot be the market data service's address, or null when it can: an
 * http(s) URL (shared/urls' `parseHttpUrl`, the parse under every link check, with
 * stricter terms), https unless the host is this machine (anywhere else the token would
 * cross the network in clear), with no credentials, query or fragment. The app's
 * Settings and the command line both decide with this function.
 */
export function baseUrlProblem(text: string): string | null {
  const url = parseHttpUrl(text.trim());
  if (url === null) return BASE_URL_NOT_HTTP;
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) return BASE_URL_PLAIN_HTTP;
  if (hasCredentials(url) || url.search !== '' || url.hash !== '') return BASE_URL_EXTRAS;
  return null;
}

/**
 * Symbols one stream connection may subscribe: the user's setting, else the plan's
 * published limit (`STREAM_PLAN_LIMITS`).
 */
export function streamSubscriptionLimit(
  settings: Pick<Settings, 'plan' | 'streamSubscriptions'>,
): number {
  return settings.streamSubscriptions ?? STREAM_PLAN_LIMITS[settings.plan].subscriptions;
}

/** How people name the stream path of each asset class (the Settings form's labels). */
export const STREAM_PATH_LABELS: Readonly<Record<AssetClass, string>> = {
  stock: 'Stock stream path',
  crypto: 'Crypto stream path',
  fund: 'Fund stream path',
  indices: 'Indices stream path',
  forex: 'Forex stream path',
  future: 'Future stream path',
};

/** Longest stream path taken. */
export const STREAM_PATH_MAX_LENGTH = 200;

// A URL path's characters (RFC 3986 pchar and "/"), nothing that ends or leaves the path;
// not "//", which reads as another host.
const STREAM_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/**
 * Why `path` cannot be the stream endpoint of `cls`, or null when it can: a path on the
 * service's own host (`/stock`), never a whole address — the token goes with every
 * connection, and is sent only to the origin it was given for.
 */
export function streamPathProblem(cls: AssetClass, path: string): string | null {
  const trimmed = path.trim();
  if (trimmed.length <= STREAM_PATH_MAX_LENGTH && STREAM_PATH.test(trimmed)) return null;
  return `${STREAM_PATH_LABELS[cls]} must be a path on the service's host starting with / (like /${cls}), at most ${STREAM_PATH_MAX_LENGTH} characters, without spaces, ? or #`;
}
