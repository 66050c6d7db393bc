/**
 * Schemas of the settings (zod 4): the whole record, as stored, and a patch, as the
 * bridge receives it. Both are strict — an unknown key is an error, so a typo is
 * reported instead of silently ignored, and a `token` key is refused: the token is
 * never a setting (it lives in the secret store).
 */
import { z } from 'zod';
import { STREAM_PATHS } from '../../shared/api/stream';
import type {
  AssetClass,
  NumericSettingField,
  RefreshIntervals,
  Settings,
  StreamPaths,
} from '../../shared/model';
import {
  baseUrlProblem,
  BASE_URL_NOT_HTTP,
  numericSettingLimits,
  numericSettingMessage,
  PLANS,
  streamPathProblem,
  TIME_ZONE_MODES,
} from '../../shared/model';

/**
 * Limits of the numeric settings, and the base URL rule: from shared/model, where the
 * renderer's Settings form reads the same ones.
 */
export { SETTINGS_LIMITS, isLoopbackHost, baseUrlProblem } from '../../shared/model';

/** The settings' keys, in a stable order (the file and the UI list them this way). */
export const SETTINGS_KEYS = [
  'baseUrl',
  'plan',
  'enterpriseMaxCodes',
  'requestsPerMinute',
  'requestTimeoutMs',
  'intervals',
  'theme',
  'timeZone',
  'cacheBudgetBytes',
  'recordingBudgetBytes',
  'streamEnabled',
  'streamSubscriptions',
  'streamPaths',
  'alertSound',
  'autoUpdate',
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
  return `Unknown ${what}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
}

/**
 * A whole number within `field`'s shared limits; every failure (not a number, a
 * fraction, out of range) gets the one sentence that names the field and its range.
 */
function numericSetting(field: NumericSettingField) {
  const { min, max } = numericSettingLimits(field);
  // Worded only when a value is refused: the wording formats numbers, and Intl's first
  // use costs tens of milliseconds that a start, which refuses nothing, need not pay.
  const message = () => numericSettingMessage(field);
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const baseUrlSchema = z
  .string({ error: BASE_URL_NOT_HTTP })
  .trim()
  // One rule with the command line's --base-url: shared/model's baseUrlProblem.
  .superRefine((text, ctx) => {
    const problem = baseUrlProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  // The client ignores a trailing slash; storing one form keeps comparisons simple.
  .transform((text) => text.replace(/\/+$/, ''));

const intervalSchema = (key: keyof RefreshIntervals) => numericSetting(`intervals.${key}`);

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
        : 'Refresh intervals must be given as quotes, depth, ticks and news, in milliseconds',
  },
);

/** The asset classes of `streamPaths`, in the order the form shows them. */
export const STREAM_PATH_KEYS = Object.keys(STREAM_PATHS) as AssetClass[];

/** A stream path: shared/model's rule and words, stored trimmed. */
const streamPathSchema = (cls: AssetClass) =>
  z
    .string({ error: streamPathProblem(cls, '') ?? '' })
    .trim()
    .superRefine((text, ctx) => {
      const problem = streamPathProblem(cls, text);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The stream path of every class, all six required. */
export const streamPathsSchema = z.strictObject(
  Object.fromEntries(STREAM_PATH_KEYS.map((cls) => [cls, streamPathSchema(cls)])) as Record<
    AssetClass,
    ReturnType<typeof streamPathSchema>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeysMessage(issue.keys, 'stream path')
        : `Stream paths must be given for ${STREAM_PATH_KEYS.join(', ')}`,
  },
) satisfies z.ZodType<StreamPaths>;

/** Each setting's schema, by key: also used to salvage a partly invalid file field by field. */
export const settingFieldSchemas = {
  baseUrl: baseUrlSchema,
  plan: z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(', ')}` }),
  enterpriseMaxCodes: numericSetting('enterpriseMaxCodes'),
  requestsPerMinute: numericSetting('requestsPerMinute').nullable(),
  requestTimeoutMs: numericSetting('requestTimeoutMs'),
  intervals: intervalsSchema,
  theme: z.enum(['dark', 'light'], { error: 'Theme must be "dark" or "light"' }),
  timeZone: z.enum(TIME_ZONE_MODES, {
    error: 'Times must be shown in "exchange", "local" or "utc" time',
  }),
  cacheBudgetBytes: numericSetting('cacheBudgetBytes'),
  recordingBudgetBytes: numericSetting('recordingBudgetBytes'),
  streamEnabled: z.boolean({ error: 'Streaming must be on (true) or off (false)' }),
  streamSubscriptions: numericSetting('streamSubscriptions').nullable(),
  streamPaths: streamPathsSchema,
  alertSound: z.boolean({ error: 'Alert sound must be on (true) or off (false)' }),
  autoUpdate: z.boolean({ error: 'Updates must be on (true) or off (false)' }),
} as const;

const rootError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? unknownKeysMessage(issue.keys, 'setting')
    : 'Settings must be an object';

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
  const next = copySettings(settings);
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

/** A copy of `settings` that shares no object with it (intervals, stream paths). */
export function copySettings(settings: Readonly<Settings>): Settings {
  return {
    ...settings,
    intervals: { ...settings.intervals },
    streamPaths: { ...settings.streamPaths },
  };
}
