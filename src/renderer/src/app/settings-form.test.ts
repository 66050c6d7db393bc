import { describe, expect, it } from 'vitest';
import { STREAM_PATHS } from '../../../shared/api/stream';
import { BridgeCallError } from '../../../shared/bridge';
import type { NumericSettingField, Settings } from '../../../shared/model';
import {
  BASE_URL_EXTRAS,
  BASE_URL_NOT_HTTP,
  BASE_URL_PLAIN_HTTP,
  NUMERIC_SETTING_LABELS,
  STREAM_PATH_LABELS,
  numericSettingLimits,
  numericSettingMessage,
  numericSettingProblem,
  streamPathProblem,
} from '../../../shared/model';
import type { SettingsForm, SettingsFormField } from './settings-form';
import {
  SETTINGS_FORM_FIELDS,
  fieldLabel,
  formErrors,
  formPatch,
  recordingBudgetMessage,
  requestTimeoutMessage,
  streamSymbolsHint,
  settingsErrorText,
  toForm,
} from './settings-form';

const settings: Settings = {
  baseUrl: 'https://api.itick.org',
  plan: 'base',
  enterpriseMaxCodes: 100,
  requestsPerMinute: null,
  requestTimeoutMs: 10_000,
  intervals: { quotes: 1000, depth: 1000, ticks: 1000, news: 60000 },
  theme: 'dark',
  timeZone: 'exchange',
  cacheBudgetBytes: 1 << 30,
  recordingBudgetBytes: 1 << 30,
  streamEnabled: true,
  streamSubscriptions: null,
  streamPaths: { ...STREAM_PATHS },
  alertSound: true,
  autoUpdate: false,
};

/** The enterprise plan, so that every field of the form is shown and checked. */
const enterprise: Settings = { ...settings, plan: 'enterprise', requestsPerMinute: 600 };

/** The fields typed as whole numbers, in the settings' own unit (the form's too). */
type WholeField = Exclude<
  SettingsFormField,
  'baseUrl' | 'requestTimeoutMs' | `streamPaths.${string}`
>;
const WHOLE_FIELDS: WholeField[] = [
  'enterpriseMaxCodes',
  'requestsPerMinute',
  'streamSubscriptions',
  'intervals.quotes',
  'intervals.depth',
  'intervals.ticks',
  'intervals.news',
];

/** Types `text` into `field` of a fresh enterprise form. */
function typed(field: WholeField, text: string): SettingsForm {
  const form = toForm(enterprise);
  if (field.startsWith('intervals.')) {
    form.intervals[field.slice('intervals.'.length) as keyof Settings['intervals']] = text;
  } else {
    form[field as 'enterpriseMaxCodes' | 'requestsPerMinute' | 'streamSubscriptions'] = text;
  }
  return form;
}

/** The value `field` has in a patch (intervals are sent as a whole). */
function patched(patch: Partial<Settings>, field: WholeField): number | null | undefined {
  if (field.startsWith('intervals.')) {
    return patch.intervals?.[field.slice('intervals.'.length) as keyof Settings['intervals']];
  }
  return patch[field as 'enterpriseMaxCodes' | 'requestsPerMinute' | 'streamSubscriptions'];
}

describe('settings form', () => {
  it('makes an empty patch when nothing changed', () => {
    expect(formPatch(toForm(settings), settings)).toEqual({ patch: {} });
    expect(formPatch(toForm(enterprise), enterprise)).toEqual({ patch: {} });
  });

  it('patches only what changed, with numbers parsed', () => {
    const form = toForm(settings);
    form.plan = 'enterprise';
    form.enterpriseMaxCodes = '250';
    form.requestsPerMinute = '120';
    form.requestTimeoutSeconds = '2.5';
    form.intervals.depth = '500';
    form.baseUrl = ' http://127.0.0.1:9000 ';
    expect(formPatch(form, settings)).toEqual({
      patch: {
        baseUrl: 'http://127.0.0.1:9000',
        plan: 'enterprise',
        enterpriseMaxCodes: 250,
        requestsPerMinute: 120,
        requestTimeoutMs: 2500,
        intervals: { quotes: 1000, depth: 500, ticks: 1000, news: 60000 },
      },
    });
  });

  it('offers the free plan, and keeps its budget editable', () => {
    const form = toForm(settings);
    form.plan = 'free';
    form.requestsPerMinute = '4';
    expect(formPatch(form, settings)).toEqual({ patch: { plan: 'free', requestsPerMinute: 4 } });
    const back = toForm({ ...settings, plan: 'free', requestsPerMinute: 4 });
    expect(back.plan).toBe('free');
    expect(back.requestsPerMinute).toBe('4');
  });

  it('clears the request budget with a blank field', () => {
    const form = toForm({ ...settings, requestsPerMinute: 60 });
    form.requestsPerMinute = '  ';
    expect(formPatch(form, { ...settings, requestsPerMinute: 60 })).toEqual({
      patch: { requestsPerMinute: null },
    });
  });

  it('shows the request timeout in seconds, and reads it back exactly', () => {
    for (const [ms, shown] of [
      [10_000, '10'],
      [2_500, '2.5'],
      [1_001, '1.001'],
      [120_000, '120'],
    ] as const) {
      const at = { ...settings, requestTimeoutMs: ms };
      expect(toForm(at).requestTimeoutSeconds).toBe(shown);
      expect(formPatch(toForm(at), at)).toEqual({ patch: {} });
    }
  });

  it('shows the recording budget in MiB, checks it against the shared limits, and sends bytes', () => {
    expect(toForm(settings).recordingBudgetMiB).toBe('1024');
    const form = toForm(settings);
    form.recordingBudgetMiB = '2,048';
    expect(formPatch(form, settings)).toEqual({ patch: { recordingBudgetBytes: 2 * 1024 ** 3 } });
    for (const wrong of ['63', '1.5', 'lots', '', '1048577']) {
      form.recordingBudgetMiB = wrong;
      expect(formPatch(form, settings)).toEqual({
        errors: { recordingBudgetBytes: recordingBudgetMessage() },
      });
    }
    expect(recordingBudgetMessage()).toBe(
      'Recording size must be a whole number of MiB from 64 to 1,048,576',
    );
    // A hand-set budget of part of a MiB is shown rounded and, untouched, kept as it is.
    const odd = { ...settings, recordingBudgetBytes: 100 * 1024 * 1024 + 5 };
    expect(toForm(odd).recordingBudgetMiB).toBe('100');
    expect(formPatch(toForm(odd), odd)).toEqual({ patch: {} });
  });

  it('checks the codes per request only on the enterprise plan, which shows them', () => {
    const form = toForm(settings);
    form.enterpriseMaxCodes = 'lots';
    expect(formPatch(form, settings)).toEqual({ patch: {} });
    form.plan = 'enterprise';
    expect(formPatch(form, settings)).toEqual({
      errors: { enterpriseMaxCodes: numericSettingMessage('enterpriseMaxCodes') },
    });
  });

  it('reports every wrong field at once, by field, and sends nothing', () => {
    const form = toForm(enterprise);
    form.baseUrl = 'http://api.example';
    form.requestsPerMinute = '0';
    form.requestTimeoutSeconds = '0';
    form.intervals.news = 'soon';
    expect(formPatch(form, enterprise)).toEqual({
      errors: {
        baseUrl: BASE_URL_PLAIN_HTTP,
        requestsPerMinute: numericSettingMessage('requestsPerMinute'),
        requestTimeoutMs: requestTimeoutMessage(),
        'intervals.news': numericSettingMessage('intervals.news'),
      },
    });
    expect(formErrors(form, enterprise)).toEqual(
      (formPatch(form, enterprise) as { errors: unknown }).errors,
    );
    expect(formErrors(toForm(enterprise), enterprise)).toEqual({});
  });

  it('lists its fields in the order shown, labelled as the main side names them', () => {
    expect(SETTINGS_FORM_FIELDS).toEqual([
      'baseUrl',
      'enterpriseMaxCodes',
      'requestsPerMinute',
      'requestTimeoutMs',
      'streamSubscriptions',
      'streamPaths.stock',
      'streamPaths.crypto',
      'streamPaths.fund',
      'streamPaths.indices',
      'streamPaths.forex',
      'streamPaths.future',
      'intervals.quotes',
      'intervals.depth',
      'intervals.ticks',
      'intervals.news',
      'recordingBudgetBytes',
    ]);
    expect(fieldLabel('baseUrl')).toBe('Base URL');
    expect(fieldLabel('streamPaths.crypto')).toBe(STREAM_PATH_LABELS.crypto);
    for (const field of SETTINGS_FORM_FIELDS.filter(
      (f) => f !== 'baseUrl' && !f.startsWith('streamPaths.'),
    )) {
      expect(fieldLabel(field)).toBe(NUMERIC_SETTING_LABELS[field as NumericSettingField]);
    }
  });
});

describe('stream settings', () => {
  it('turns the stream off and on, and takes a limit or blank for the plan', () => {
    const form = toForm(settings);
    form.streamEnabled = false;
    form.streamSubscriptions = '50';
    expect(formPatch(form, settings)).toEqual({
      patch: { streamEnabled: false, streamSubscriptions: 50 },
    });
    const limited = { ...settings, streamSubscriptions: 50 };
    expect(toForm(limited).streamSubscriptions).toBe('50');
    expect(formPatch({ ...toForm(limited), streamSubscriptions: ' ' }, limited)).toEqual({
      patch: { streamSubscriptions: null },
    });
  });

  it('never sends the update switch with the form: only setAutoUpdate changes it', () => {
    expect('autoUpdate' in toForm(settings)).toBe(false);
    expect(formPatch(toForm({ ...settings, autoUpdate: true }), settings)).toEqual({ patch: {} });
  });

  it('sends the paths whole when one changed, trimmed', () => {
    const form = toForm(settings);
    form.streamPaths.crypto = ' /ws/crypto ';
    expect(formPatch(form, settings)).toEqual({
      patch: { streamPaths: { ...STREAM_PATHS, crypto: '/ws/crypto' } },
    });
  });

  it("refuses a path the main side refuses, by field, in the shared rule's words", () => {
    const form = toForm(settings);
    form.streamPaths.stock = 'wss://elsewhere.example/stock';
    form.streamPaths.future = '';
    expect(formPatch(form, settings)).toEqual({
      errors: {
        'streamPaths.stock': streamPathProblem('stock', 'wss://elsewhere.example/stock'),
        'streamPaths.future': streamPathProblem('future', ''),
      },
    });
  });
});

describe('whole-number fields agree with the shared limits', () => {
  it.each(WHOLE_FIELDS)('%s: the limits are in, one past them is out', (field) => {
    const { min, max } = numericSettingLimits(field);
    const message = numericSettingMessage(field);
    const current = patched(enterprise, field);
    for (const value of [min, min + 1, max - 1, max]) {
      expect(numericSettingProblem(field, value)).toBeNull();
      const result = formPatch(typed(field, String(value)), enterprise);
      if (!('patch' in result)) throw new Error(`${field} = ${value} refused`);
      expect(patched(result.patch, field)).toBe(value === current ? undefined : value);
    }
    for (const value of [min - 1, max + 1]) {
      expect(numericSettingProblem(field, value)).toBe(message);
      expect(formPatch(typed(field, String(value)), enterprise)).toEqual({
        errors: { [field]: message },
      });
    }
  });

  it.each(WHOLE_FIELDS)('%s: refuses what is not a whole number, in words', (field) => {
    const { min } = numericSettingLimits(field);
    const message = numericSettingMessage(field);
    for (const text of [`${min}.5`, `${min}.0`, `${min}e0`, '0x1000', '-5', 'soon', '1,0000']) {
      expect(formPatch(typed(field, text), enterprise)).toEqual({ errors: { [field]: message } });
    }
    expect(message.startsWith(`${fieldLabel(field)} must be a whole number`)).toBe(true);
  });

  it('reads numbers grouped the way its messages print them', () => {
    const { max } = numericSettingLimits('intervals.news');
    const grouped = max.toLocaleString('en-US');
    expect(grouped).toContain(',');
    const result = formPatch(typed('intervals.news', ` ${grouped} `), enterprise);
    expect(result).toEqual({ patch: { intervals: { ...enterprise.intervals, news: max } } });
  });

  it('needs a value where blank means nothing (an interval)', () => {
    expect(formPatch(typed('intervals.quotes', ' '), enterprise)).toEqual({
      errors: { 'intervals.quotes': numericSettingMessage('intervals.quotes') },
    });
  });
});

describe('the request timeout, in seconds, agrees with the shared limits in ms', () => {
  const { min, max } = numericSettingLimits('requestTimeoutMs');
  const withTimeout = (text: string) => {
    const form = toForm(settings);
    form.requestTimeoutSeconds = text;
    return formPatch(form, settings);
  };

  it('takes the limits, as seconds, and sends milliseconds', () => {
    for (const ms of [min, min + 1, max - 1, max]) {
      expect(numericSettingProblem('requestTimeoutMs', ms)).toBeNull();
      expect(withTimeout(String(ms / 1000))).toEqual({ patch: { requestTimeoutMs: ms } });
    }
  });

  it('refuses one millisecond past either limit, and what is not seconds', () => {
    const message = requestTimeoutMessage();
    for (const ms of [min - 1, max + 1]) {
      expect(numericSettingProblem('requestTimeoutMs', ms)).not.toBeNull();
      expect(withTimeout(String(ms / 1000))).toEqual({ errors: { requestTimeoutMs: message } });
    }
    for (const text of ['', '1.0005', `${max}`, '-1', '1e1', 'ten', '1,5']) {
      expect(withTimeout(text)).toEqual({ errors: { requestTimeoutMs: message } });
    }
  });

  it('says so in the seconds the form shows, from the shared limits', () => {
    expect(requestTimeoutMessage()).toBe(
      `Request timeout must be a number of seconds from ${min / 1000} to ${max / 1000}, with at most 3 decimals`,
    );
    expect(requestTimeoutMessage()).not.toContain('millisecond');
  });
});

describe('base URL', () => {
  const withUrl = (baseUrl: string) => formPatch({ ...toForm(settings), baseUrl }, settings);

  it("refuses what the main side refuses, with the shared rule's words", () => {
    expect(withUrl('http://api.example')).toEqual({ errors: { baseUrl: BASE_URL_PLAIN_HTTP } });
    expect(withUrl('api.example')).toEqual({ errors: { baseUrl: BASE_URL_NOT_HTTP } });
    expect(withUrl('')).toEqual({ errors: { baseUrl: BASE_URL_NOT_HTTP } });
    expect(withUrl('javascript:alert(1)')).toEqual({ errors: { baseUrl: BASE_URL_NOT_HTTP } });
    expect(withUrl('https://u:p@api.example')).toEqual({ errors: { baseUrl: BASE_URL_EXTRAS } });
    expect(withUrl('https://api.example/?token=x')).toEqual({
      errors: { baseUrl: BASE_URL_EXTRAS },
    });
  });

  it('takes https anywhere and plain http to this machine', () => {
    expect(withUrl('https://api.example/v1')).toEqual({
      patch: { baseUrl: 'https://api.example/v1' },
    });
    expect(withUrl('http://localhost:8080')).toEqual({
      patch: { baseUrl: 'http://localhost:8080' },
    });
  });
});

describe('no internal text in any message', () => {
  it('words every field problem for people', () => {
    const form = toForm(enterprise);
    form.baseUrl = 'ftp://x';
    form.enterpriseMaxCodes = '0';
    form.requestsPerMinute = 'x';
    form.requestTimeoutSeconds = 'x';
    for (const key of ['quotes', 'depth', 'ticks', 'news'] as const) form.intervals[key] = '1';
    form.streamSubscriptions = '0';
    for (const cls of Object.keys(form.streamPaths) as (keyof typeof form.streamPaths)[]) {
      form.streamPaths[cls] = cls;
    }
    form.recordingBudgetMiB = '1';
    const errors = formErrors(form, enterprise);
    expect(Object.keys(errors)).toEqual(SETTINGS_FORM_FIELDS);
    for (const message of Object.values(errors)) {
      // MiB is a unit people read, not a key's camel case.
      expect(message.replaceAll('MiB', 'mib')).not.toMatch(
        /setSettings|patch\.|intervals\.|Ms\b|[a-z][A-Z]/,
      );
    }
  });
});

describe('settingsErrorText', () => {
  const quotes = numericSettingMessage('intervals.quotes');

  it('drops the command name and the patch paths of a bad-argument answer', () => {
    const error = new BridgeCallError(
      'bad-argument',
      `setSettings: patch.intervals.quotes: ${quotes}`,
    );
    expect(settingsErrorText(error)).toBe(quotes);
  });

  it('keeps every problem of the answer, each without its path', () => {
    const rpm = numericSettingMessage('requestsPerMinute');
    const message = `setSettings: patch.baseUrl: ${BASE_URL_PLAIN_HTTP}; patch.requestsPerMinute: ${rpm}`;
    expect(settingsErrorText(new BridgeCallError('bad-argument', message))).toBe(
      `${BASE_URL_PLAIN_HTTP}; ${rpm}`,
    );
  });

  it('reads the message alone: an error that crossed Electron keeps no class or code', () => {
    expect(settingsErrorText(new Error(`setSettings: patch.intervals.quotes: ${quotes}`))).toBe(
      quotes,
    );
    expect(settingsErrorText(new Error(`Invalid settings: ${quotes}`))).toBe(quotes);
    expect(settingsErrorText(`setSettings: ${BASE_URL_EXTRAS}`)).toBe(BASE_URL_EXTRAS);
  });

  it('leaves other messages as they are', () => {
    const saving = 'Could not save settings: EACCES: permission denied';
    expect(settingsErrorText(new BridgeCallError('storage', saving))).toBe(saving);
    expect(settingsErrorText(new Error('patch.x: kept, not a refusal'))).toBe(
      'patch.x: kept, not a refusal',
    );
  });
});

describe('streamSymbolsHint', () => {
  it("names the plan's stream symbols as a connection's (the feeds popover counts all of them)", () => {
    expect(streamSymbolsHint('base')).toBe("blank: the base plan's 200 a connection");
    expect(streamSymbolsHint('premium')).toBe("blank: the premium plan's 2,000 a connection");
  });
});
