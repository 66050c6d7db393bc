/**
 * The rules of the settings that both sides check: the main side's schema
 * (core/settings) refuses what breaks them, and the Settings form checks the same limits
 * before sending, with the same words. Written for the people who read them: the field as
 * the form labels it, the range in the form's units.
 */
import { hasCredentials, isLoopbackHost, parseHttpUrl } from '../urls';
import type { RefreshIntervals } from './settings';

export { isLoopbackHost } from '../urls';

const MiB = 1024 * 1024;

/** Limits of the numeric settings (inclusive), in the settings' own units. */
export const SETTINGS_LIMITS = {
  /** Below 250 ms polling is abuse of the service; above an hour a pane is useless. */
  intervalMs: { min: 250, max: 3_600_000 },
  enterpriseMaxCodes: { min: 1, max: 10_000 },
  requestsPerMinute: { min: 1, max: 1_000_000 },
  /**
   * Per request attempt. Under a second, ordinary answers on a slow link fail; over two
   * minutes, a service that has stopped answering leaves panes waiting for nothing.
   */
  requestTimeoutMs: { min: 1_000, max: 120_000 },
  /** The cache needs room for a few series and news pages to be worth having. */
  cacheBudgetBytes: { min: 64 * MiB, max: 1024 * 1024 * MiB },
} as const;

/** A numeric setting, by its key (`intervals.quotes` for a refresh interval). */
export type NumericSettingField =
  | 'enterpriseMaxCodes'
  | 'requestsPerMinute'
  | 'requestTimeoutMs'
  | 'cacheBudgetBytes'
  | `intervals.${keyof RefreshIntervals}`;

/** How people name each numeric setting (the Settings form's labels). */
export const NUMERIC_SETTING_LABELS: Readonly<Record<NumericSettingField, string>> = {
  enterpriseMaxCodes: 'Codes per request',
  requestsPerMinute: 'Requests per minute',
  requestTimeoutMs: 'Request timeout',
  cacheBudgetBytes: 'Cache size',
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
  if (field === 'cacheBudgetBytes') {
    return `${label} must be a whole number of bytes from ${count(min)} (${size(min)}) to ${count(max)} (${size(max)})`;
  }
  const blank = field === 'requestsPerMinute' ? ", or blank for the plan's default" : '';
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
