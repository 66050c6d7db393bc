/**
 * The settings dialog's form as strings (what inputs hold) and the patch it makes:
 * only changed fields, numbers parsed, every field checked before anything is sent.
 * The checks are shared/model's settings rules — the limits, the base URL rule and the
 * sentences the main side's schema uses — so the form refuses exactly what the main
 * side would, in the same words; only the request timeout, which the form shows in
 * seconds, gets its own sentence (over the same limits).
 */
import { STREAM_PATHS } from '../../../shared/api/stream';
import type {
  AssetClass,
  NumericSettingField,
  PlanName,
  RefreshIntervals,
  Settings,
  StreamPaths,
} from '../../../shared/model';
import {
  NUMERIC_SETTING_LABELS,
  STREAM_PATH_LABELS,
  baseUrlProblem,
  numericSettingLimits,
  numericSettingProblem,
  streamPathProblem,
  streamSubscriptionLimit,
} from '../../../shared/model';
import { errorMessage } from '../../../shared/errors';

/** What the Settings form's inputs hold. */
export interface SettingsForm {
  baseUrl: string;
  plan: PlanName;
  enterpriseMaxCodes: string;
  /** Blank for the plan's default. */
  requestsPerMinute: string;
  /** In seconds, as the form shows it (the setting is `requestTimeoutMs`). */
  requestTimeoutSeconds: string;
  /** In milliseconds, as the settings are. */
  intervals: Record<keyof RefreshIntervals, string>;
  streamEnabled: boolean;
  /** Blank for the plan's default. */
  streamSubscriptions: string;
  streamPaths: StreamPaths;
  /** In MiB, as the form shows it (the setting is `recordingBudgetBytes`). */
  recordingBudgetMiB: string;
}

/** A field of the form that can be wrong, by its setting's key (shared/model's names). */
export type SettingsFormField =
  'baseUrl' | Exclude<NumericSettingField, 'cacheBudgetBytes'> | `streamPaths.${AssetClass}`;

/** What is wrong with each field, in words for people; a field that is fine has no entry. */
export type SettingsFormErrors = Partial<Record<SettingsFormField, string>>;

export const INTERVAL_FIELDS: readonly (keyof RefreshIntervals)[] = [
  'quotes',
  'depth',
  'ticks',
  'news',
];

/** The classes whose stream paths the form shows, in the contract's order. */
export const STREAM_PATH_FIELDS = Object.keys(STREAM_PATHS) as AssetClass[];

/** The form's fields in the order it shows them (the first wrong one takes the focus). */
export const SETTINGS_FORM_FIELDS: readonly SettingsFormField[] = [
  'baseUrl',
  'enterpriseMaxCodes',
  'requestsPerMinute',
  'requestTimeoutMs',
  'streamSubscriptions',
  ...STREAM_PATH_FIELDS.map((cls) => `streamPaths.${cls}` as const),
  ...INTERVAL_FIELDS.map((key) => `intervals.${key}` as const),
  'recordingBudgetBytes',
];

/** The label of a form field: shared/model's, the one the main side's messages use. */
export function fieldLabel(field: SettingsFormField): string {
  if (field === 'baseUrl') return 'Base URL';
  if (field.startsWith('streamPaths.')) {
    return STREAM_PATH_LABELS[field.slice('streamPaths.'.length) as AssetClass];
  }
  return NUMERIC_SETTING_LABELS[
    field as Exclude<SettingsFormField, 'baseUrl' | `streamPaths.${string}`>
  ];
}

/** The id of a field's input in the dialog, and of its message. */
export const fieldInputId = (field: SettingsFormField): string =>
  `settings-${field.replace('.', '-')}`;
export const fieldErrorId = (field: SettingsFormField): string => `${fieldInputId(field)}-error`;

const MS_PER_SECOND = 1000;
const BYTES_PER_MIB = 1024 * 1024;

/** The form starts from the settings as they are. */
export function toForm(settings: Settings): SettingsForm {
  return {
    baseUrl: settings.baseUrl,
    plan: settings.plan,
    enterpriseMaxCodes: String(settings.enterpriseMaxCodes),
    requestsPerMinute:
      settings.requestsPerMinute === null ? '' : String(settings.requestsPerMinute),
    // 2500 → "2.5": a whole number of ms is at most 3 decimals of a second.
    requestTimeoutSeconds: String(settings.requestTimeoutMs / MS_PER_SECOND),
    intervals: {
      quotes: String(settings.intervals.quotes),
      depth: String(settings.intervals.depth),
      ticks: String(settings.intervals.ticks),
      news: String(settings.intervals.news),
    },
    streamEnabled: settings.streamEnabled,
    streamSubscriptions:
      settings.streamSubscriptions === null ? '' : String(settings.streamSubscriptions),
    streamPaths: { ...settings.streamPaths },
    // A budget set outside the form (a hand-written file) may not be whole MiB: 2 decimals.
    recordingBudgetMiB: String(
      Math.round((settings.recordingBudgetBytes / BYTES_PER_MIB) * 100) / 100,
    ),
  };
}

// Digits, or digits grouped by thousands the way the messages print them ("3,600,000").
const WHOLE_NUMBER = /^(\d+|\d{1,3}(,\d{3})+)$/;
// Seconds to the millisecond: "10", "2.5", ".25", "1.001".
const SECONDS = /^(\d+(\.\d{0,3})?|\.\d{1,3})$/;

/** The whole number typed, or NaN (which every limit refuses) for anything else. */
function parseWhole(text: string): number {
  const trimmed = text.trim();
  return WHOLE_NUMBER.test(trimmed) ? Number(trimmed.replaceAll(',', '')) : Number.NaN;
}

/** Seconds typed, as whole milliseconds, or NaN. */
function parseSecondsAsMs(text: string): number {
  const trimmed = text.trim();
  // At most 3 decimals, so the rounding only removes binary noise (1.001 * 1000).
  return SECONDS.test(trimmed) ? Math.round(Number(trimmed) * MS_PER_SECOND) : Number.NaN;
}

/**
 * What the request timeout must be, in the form's unit: "Request timeout must be a
 * number of seconds from 1 to 120, with at most 3 decimals". The limits are
 * shared/model's (the main side's message says the same in milliseconds).
 */
export function requestTimeoutMessage(): string {
  const { min, max } = numericSettingLimits('requestTimeoutMs');
  const label = NUMERIC_SETTING_LABELS.requestTimeoutMs;
  return `${label} must be a number of seconds from ${min / MS_PER_SECOND} to ${max / MS_PER_SECOND}, with at most 3 decimals`;
}

/**
 * The stream symbols field's hint: the plan's limit is per connection ("200 a
 * connection"); said bare, the base plan's 200 read against the feeds popover's "of 600
 * subscriptions" (three connections of 200) as two different limits.
 */
export function streamSymbolsHint(plan: PlanName): string {
  const limit = streamSubscriptionLimit({ plan, streamSubscriptions: null });
  return `blank: the ${plan} plan's ${limit.toLocaleString('en-US')} a connection`;
}

/**
 * What the recording budget must be, in the form's unit: "Recording size must be a whole
 * number of MiB from 64 to 1,048,576". The limits are shared/model's.
 */
export function recordingBudgetMessage(): string {
  const { min, max } = numericSettingLimits('recordingBudgetBytes');
  const label = NUMERIC_SETTING_LABELS.recordingBudgetBytes;
  const mib = (bytes: number) => (bytes / BYTES_PER_MIB).toLocaleString('en-US');
  return `${label} must be a whole number of MiB from ${mib(min)} to ${mib(max)}`;
}

/** A numeric field's value, or its problem in words. */
type Checked = { value: number } | { error: string };

function checkWhole(field: NumericSettingField, text: string): Checked {
  const value = parseWhole(text);
  const error = numericSettingProblem(field, value);
  return error === null ? { value } : { error };
}

function checkRecordingBudget(text: string, settings: Settings): Checked {
  const mib = parseWhole(text);
  // Unchanged (a budget of fractional MiB shown rounded) keeps the bytes set.
  if (text.trim() === toForm(settings).recordingBudgetMiB) {
    return { value: settings.recordingBudgetBytes };
  }
  const value = mib * BYTES_PER_MIB;
  return numericSettingProblem('recordingBudgetBytes', value) === null
    ? { value }
    : { error: recordingBudgetMessage() };
}

function checkTimeout(text: string): Checked {
  const value = parseSecondsAsMs(text);
  return numericSettingProblem('requestTimeoutMs', value) === null
    ? { value }
    : { error: requestTimeoutMessage() };
}

/**
 * The patch the form makes over `settings` (only what changed), or what is wrong with
 * each field. The codes per request are checked only on the enterprise plan, the only
 * one that shows them.
 */
export function formPatch(
  form: SettingsForm,
  settings: Settings,
): { patch: Partial<Settings> } | { errors: SettingsFormErrors } {
  const errors: SettingsFormErrors = {};
  const patch: Partial<Settings> = {};

  const baseUrl = form.baseUrl.trim();
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem !== null) errors.baseUrl = urlProblem;
  else if (baseUrl !== settings.baseUrl) patch.baseUrl = baseUrl;

  if (form.plan !== settings.plan) patch.plan = form.plan;

  if (form.plan === 'enterprise') {
    const max = checkWhole('enterpriseMaxCodes', form.enterpriseMaxCodes);
    if ('error' in max) errors.enterpriseMaxCodes = max.error;
    else if (max.value !== settings.enterpriseMaxCodes) patch.enterpriseMaxCodes = max.value;
  }

  // A whole number, or blank for the plan's default.
  const planDefault = (field: 'requestsPerMinute' | 'streamSubscriptions') => {
    const text = form[field];
    const value = text.trim() === '' ? { value: null } : checkWhole(field, text);
    if ('error' in value) errors[field] = value.error;
    else if (value.value !== settings[field]) patch[field] = value.value;
  };

  planDefault('requestsPerMinute');

  const timeout = checkTimeout(form.requestTimeoutSeconds);
  if ('error' in timeout) errors.requestTimeoutMs = timeout.error;
  else if (timeout.value !== settings.requestTimeoutMs) patch.requestTimeoutMs = timeout.value;

  if (form.streamEnabled !== settings.streamEnabled) patch.streamEnabled = form.streamEnabled;
  planDefault('streamSubscriptions');
  const streamPaths = { ...settings.streamPaths };
  for (const cls of STREAM_PATH_FIELDS) {
    const path = form.streamPaths[cls].trim();
    const problem = streamPathProblem(cls, path);
    if (problem !== null) errors[`streamPaths.${cls}`] = problem;
    else streamPaths[cls] = path;
  }
  if (STREAM_PATH_FIELDS.some((cls) => streamPaths[cls] !== settings.streamPaths[cls])) {
    patch.streamPaths = streamPaths;
  }

  const intervals = { ...settings.intervals };
  for (const key of INTERVAL_FIELDS) {
    const ms = checkWhole(`intervals.${key}`, form.intervals[key]);
    if ('error' in ms) errors[`intervals.${key}`] = ms.error;
    else intervals[key] = ms.value;
  }
  if (INTERVAL_FIELDS.some((k) => intervals[k] !== settings.intervals[k])) {
    patch.intervals = intervals;
  }

  const budget = checkRecordingBudget(form.recordingBudgetMiB, settings);
  if ('error' in budget) errors.recordingBudgetBytes = budget.error;
  else if (budget.value !== settings.recordingBudgetBytes) {
    patch.recordingBudgetBytes = budget.value;
  }

  return Object.keys(errors).length > 0 ? { errors } : { patch };
}

/**
 * The steps of "Connect to a service" that save on their own (the address, then the
 * plan; the token has its own command): the form's inputs each one saves.
 */
export const CONNECT_STEPS = {
  address: ['baseUrl'],
  plan: ['plan', 'enterpriseMaxCodes', 'requestsPerMinute'],
} as const satisfies Record<string, readonly (keyof SettingsForm)[]>;

export type ConnectStep = keyof typeof CONNECT_STEPS;

/**
 * The patch one step makes, or its fields' problems: the form's other inputs are taken
 * as saved, so what is typed elsewhere neither goes with it nor holds it back.
 */
export function stepPatch(
  form: SettingsForm,
  settings: Settings,
  step: ConnectStep,
): { patch: Partial<Settings> } | { errors: SettingsFormErrors } {
  const scoped: SettingsForm = { ...toForm(settings) };
  for (const key of CONNECT_STEPS[step]) Object.assign(scoped, { [key]: form[key] });
  return formPatch(scoped, settings);
}

/** What is wrong with the form as it stands (nothing: an empty object). */
export function formErrors(form: SettingsForm, settings: Settings): SettingsFormErrors {
  const result = formPatch(form, settings);
  return 'errors' in result ? result.errors : {};
}

// The wrappers the main side puts around a refusal: the command ("setSettings: "), the
// store's "Invalid settings: ", and each issue's path in the patch ("patch.intervals.quotes: ").
const COMMAND_PREFIX = /^(setSettings:|Invalid settings:)\s*/;
const PATCH_PATH = /^patch(\.[\w.]+)?:\s*/;

/**
 * A refusal of `setSettings` as the form shows it: the words written for people,
 * without the command name and patch paths around them —
 * "setSettings: patch.intervals.quotes: Quotes refresh must be…" reads "Quotes refresh
 * must be…". Works on the message alone: across Electron's context bridge an error
 * keeps only its message, not its class or code.
 */
export function settingsErrorText(error: unknown): string {
  const message = errorMessage(error);
  if (!COMMAND_PREFIX.test(message)) return message;
  return message
    .replace(COMMAND_PREFIX, '')
    .split('; ')
    .map((part) => part.replace(PATCH_PATH, ''))
    .join('; ');
}
