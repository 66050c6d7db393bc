/**
 * The settings a fresh install starts with.
 */
import { STREAM_PATHS } from '../../shared/api/stream';
import type { Settings } from '../../shared/model';
import {
  DEFAULT_CACHE_BUDGET_BYTES,
  DEFAULT_ENTERPRISE_MAX_CODES,
  DEFAULT_RECORDING_BUDGET_BYTES,
  DEFAULT_REFRESH_INTERVALS,
} from '../../shared/model';
import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from '../api';
import { copySettings } from './settings-schema';

/**
 * Defaults. The plan is `base`, the cheapest real plan: assuming more than the user
 * pays for would batch more codes per request than the service accepts and spend
 * a budget the user does not have; a user on a bigger plan raises it once.
 */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  baseUrl: DEFAULT_BASE_URL,
  plan: 'base',
  enterpriseMaxCodes: DEFAULT_ENTERPRISE_MAX_CODES,
  requestsPerMinute: null,
  requestTimeoutMs: DEFAULT_TIMEOUT_MS,
  intervals: DEFAULT_REFRESH_INTERVALS,
  theme: 'dark',
  timeZone: 'exchange',
  cacheBudgetBytes: DEFAULT_CACHE_BUDGET_BYTES,
  recordingBudgetBytes: DEFAULT_RECORDING_BUDGET_BYTES,
  streamEnabled: true,
  streamSubscriptions: null,
  streamPaths: Object.freeze({ ...STREAM_PATHS }),
  alertSound: true,
  autoUpdate: false,
});

/** A fresh, mutable copy of the defaults. */
export function defaultSettings(): Settings {
  return copySettings(DEFAULT_SETTINGS);
}
