import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/model';
import { formPatch, toForm } from './settings-form';

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
};

describe('settings form', () => {
  it('makes an empty patch when nothing changed', () => {
    expect(formPatch(toForm(settings), settings)).toEqual({ patch: {} });
  });

  it('patches only what changed, with numbers parsed', () => {
    const form = toForm(settings);
    form.plan = 'enterprise';
    form.enterpriseMaxCodes = '250';
    form.requestsPerMinute = '120';
    form.intervals.depth = '500';
    form.baseUrl = ' http://127.0.0.1:9000 ';
    expect(formPatch(form, settings)).toEqual({
      patch: {
        baseUrl: 'http://127.0.0.1:9000',
        plan: 'enterprise',
        enterpriseMaxCodes: 250,
        requestsPerMinute: 120,
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

  it('names the field of a bad number', () => {
    const form = toForm(settings);
    form.intervals.news = 'soon';
    expect(formPatch(form, settings)).toEqual({
      error: 'The news interval must be a whole number above 0',
    });
  });
});
