/**
 * Schemas of the settings (zod 4): the whole record, as stored, and a patch, as the
 * bridge receives it. Both are strict — an unknown key is an error, so a typo is
 * reported instead of silently ignored, and a `token` key is refused: the token is
 * never a setting (it lives in the secret store).
 */
import { z } from 'zod';
import type { RefreshIntervals, Settings } from '../../shared/model';
import { PLANS } from '../../shared/model';

const MiB = 1024 * 1024;

/** Limits of the numeric settings, shared by the schemas and the UI's inputs. */
export const SETTINGS_LIMITS = {
  /** Below 250 ms polling is abuse of the service; above an hour a pane is useless. */
  intervalMs: { min: 250, max: 3_600_000 },
  enterpriseMaxCodes: { min: 1, max: 10_000 },
  requestsPerMinute: { min: 1, max: 1_000_000 },
  /** The cache needs room for a few series and news pages to be worth having. */
  cacheBudgetBytes: { min: 64 * MiB, max: 1024 * 1024 * MiB },
} as const;

/** The settings' keys, in a stable order (the file and the UI list them this way). */
export const SETTINGS_KEYS = [
  'baseUrl',
  'plan',
  'enterpriseMaxCodes',
  'requestsPerMinute',
  'intervals',
  'theme',
  'timeZone',
  'cacheBudgetBytes',
] as const satisfies readonly (keyof Settings)[];

export const INTERVAL_KEYS = [
  'quotes',
  'depth',
  'ticks',
  'news',
] as const satisfies readonly (keyof RefreshIntervals)[];

/** The message for a `token` key: says where the token goes instead. */
export const TOKEN_NOT_A_SETTING =
  'the API token is not a setting: set it with setToken (it is kept in the keychain, never in settings.json)';

function unknownKeysMessage(keys: readonly PropertyKey[], what: string): string {
  const names = keys.map(String);
  if (names.includes('token')) return TOKEN_NOT_A_SETTING;
  return `unknown ${what}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
}

/** A whole number in [min, max]; every failure gets the same message naming the bounds. */
function boundedInt(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, {
      error: message,
    });
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  // Exactly these names: `x.localhost` or `localhost.` go through DNS on some systems.
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  // The URL parser has already normalised IPv4 forms (127.1, 0x7f.1…) to dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Plain http only to this machine (the simulator, a local proxy): anywhere else the
 * token would cross the network readable by anyone on the path.
 */
function isSecureOrLoopback(text: string): boolean {
  const url = new URL(text);
  return url.protocol === 'https:' || isLoopbackHost(url.hostname);
}

/** Credentials or a query in the base URL would put secrets into settings.json. */
function hasNoExtras(text: string): boolean {
  const url = new URL(text);
  return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
}

const baseUrlSchema = z
  .string({ error: 'baseUrl must be an http(s) URL' })
  .trim()
  .refine(isHttpUrl, { error: 'baseUrl must be an http(s) URL', abort: true })
  .refine(isSecureOrLoopback, {
    error:
      'baseUrl must use https (plain http is allowed only for this machine: localhost, 127.0.0.1, ::1)',
    abort: true,
  })
  .refine(hasNoExtras, {
    error: 'baseUrl must not contain a user name, password, query or fragment',
  })
  // The client ignores a trailing slash; storing one form keeps comparisons simple.
  .transform((text) => text.replace(/\/+$/, ''));

const { intervalMs, enterpriseMaxCodes, requestsPerMinute, cacheBudgetBytes } = SETTINGS_LIMITS;

function intervalSchema(key: keyof RefreshIntervals) {
  return boundedInt(
    intervalMs.min,
    intervalMs.max,
    `intervals.${key} must be a whole number of milliseconds from 250 ms to 1 h (3600000)`,
  );
}

/** Refresh intervals, all four required. */
export const intervalsSchema = z.strictObject(
  {
    quotes: intervalSchema('quotes'),
    depth: intervalSchema('depth'),
    ticks: intervalSchema('ticks'),
    news: intervalSchema('news'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeysMessage(issue.keys, 'refresh interval')
        : 'intervals must be an object of quotes, depth, ticks and news in milliseconds',
  },
);

/** Each setting's schema, by key: also used to salvage a partly invalid file field by field. */
export const settingFieldSchemas = {
  baseUrl: baseUrlSchema,
  plan: z.enum(PLANS, { error: `plan must be one of ${PLANS.join(', ')}` }),
  enterpriseMaxCodes: boundedInt(
    enterpriseMaxCodes.min,
    enterpriseMaxCodes.max,
    `enterpriseMaxCodes must be a whole number from 1 to ${enterpriseMaxCodes.max}`,
  ),
  requestsPerMinute: boundedInt(
    requestsPerMinute.min,
    requestsPerMinute.max,
    `requestsPerMinute must be a whole number ≥ 1 (at most ${requestsPerMinute.max}), or null for the plan's default`,
  ).nullable(),
  intervals: intervalsSchema,
  theme: z.enum(['dark', 'light'], { error: 'theme must be "dark" or "light"' }),
  timeZone: z.enum(['exchange', 'local'], { error: 'timeZone must be "exchange" or "local"' }),
  cacheBudgetBytes: boundedInt(
    cacheBudgetBytes.min,
    cacheBudgetBytes.max,
    'cacheBudgetBytes must be a whole number of bytes from 64 MiB (67108864) to 1 TiB',
  ),
} as const;

const rootError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? unknownKeysMessage(issue.keys, 'setting')
    : 'settings must be an object';

/** The whole settings record (without the file's `version`). */
export const settingsSchema = z.strictObject(settingFieldSchemas, {
  error: rootError,
}) satisfies z.ZodType<Settings>;

/**
 * A change to the settings: any subset of the keys; `intervals` may itself be partial
 * and is merged. Unknown keys (and `token`) are rejected. `Partial<Settings>`, the
 * bridge's argument type, is assignable to it.
 */
export const settingsPatchSchema = z
  .strictObject(
    { ...settingFieldSchemas, intervals: intervalsSchema.partial() },
    { error: rootError },
  )
  .partial();

/** A validated change to the settings. */
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** One line a user can act on, from a zod error of these schemas. */
export function formatSettingsIssues(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

/** Validates a patch; the error is {@link formatSettingsIssues}'s message. */
export function parseSettingsPatch(
  input: unknown,
): { ok: true; value: SettingsPatch } | { ok: false; error: string } {
  const parsed = settingsPatchSchema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: formatSettingsIssues(parsed.error) };
}

/** The settings with a validated patch applied (`intervals` merged); the input is not changed. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const next: Settings = { ...settings, intervals: { ...settings.intervals } };
  for (const key of SETTINGS_KEYS) {
    if (key === 'intervals') continue;
    const value = patch[key];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  for (const key of INTERVAL_KEYS) {
    const value = patch.intervals?.[key];
    if (value !== undefined) next.intervals[key] = value;
  }
  return next;
}
