/**
 * The settings dialog's form as strings (what inputs hold) and the patch it makes:
 * only changed fields, numbers parsed, obvious mistakes caught before the main side
 * (which validates everything again) sees them.
 */
import type { PlanName, RefreshIntervals, Settings } from '../../../shared/model';

export interface SettingsForm {
  baseUrl: string;
  plan: PlanName;
  enterpriseMaxCodes: string;
  /** Blank for the plan's default. */
  requestsPerMinute: string;
  intervals: Record<keyof RefreshIntervals, string>;
}

export const INTERVAL_FIELDS: readonly (keyof RefreshIntervals)[] = [
  'quotes',
  'depth',
  'ticks',
  'news',
];

export function toForm(settings: Settings): SettingsForm {
  return {
    baseUrl: settings.baseUrl,
    plan: settings.plan,
    enterpriseMaxCodes: String(settings.enterpriseMaxCodes),
    requestsPerMinute:
      settings.requestsPerMinute === null ? '' : String(settings.requestsPerMinute),
    intervals: {
      quotes: String(settings.intervals.quotes),
      depth: String(settings.intervals.depth),
      ticks: String(settings.intervals.ticks),
      news: String(settings.intervals.news),
    },
  };
}

function wholeNumber(text: string, what: string): number | string {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(n) && n > 0
    ? n
    : `${what} must be a whole number above 0`;
}

/** The patch the form makes over `settings`, or the first problem found. */
export function formPatch(
  form: SettingsForm,
  settings: Settings,
): { patch: Partial<Settings> } | { error: string } {
  const patch: Partial<Settings> = {};
  const baseUrl = form.baseUrl.trim();
  if (baseUrl !== settings.baseUrl) patch.baseUrl = baseUrl;
  if (form.plan !== settings.plan) patch.plan = form.plan;
  if (form.plan === 'enterprise') {
    const max = wholeNumber(form.enterpriseMaxCodes, 'The enterprise maximum');
    if (typeof max === 'string') return { error: max };
    if (max !== settings.enterpriseMaxCodes) patch.enterpriseMaxCodes = max;
  }
  if (form.requestsPerMinute.trim() === '') {
    if (settings.requestsPerMinute !== null) patch.requestsPerMinute = null;
  } else {
    const rpm = wholeNumber(form.requestsPerMinute, 'The request budget');
    if (typeof rpm === 'string') return { error: rpm };
    if (rpm !== settings.requestsPerMinute) patch.requestsPerMinute = rpm;
  }
  const intervals = { ...settings.intervals };
  for (const key of INTERVAL_FIELDS) {
    const ms = wholeNumber(form.intervals[key], `The ${key} interval`);
    if (typeof ms === 'string') return { error: ms };
    intervals[key] = ms;
  }
  if (INTERVAL_FIELDS.some((k) => intervals[k] !== settings.intervals[k]))
    patch.intervals = intervals;
  return { patch };
}
