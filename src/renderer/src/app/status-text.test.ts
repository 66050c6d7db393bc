import { describe, expect, it } from 'vitest';
import type { AppStatus, DataHealth, StreamHealth } from '../../../shared/model';
import { HEALTH_STATES, STREAM_HEALTH_STATES } from '../../../shared/model';
import { STREAMING, usMarket } from '../../../shared/testing/fixtures';
import { describeStatus, describeStream, describeToken, tokenProblem } from './status-text';

const LIVE: DataHealth = {
  state: 'live',
  since: 1,
  lastSuccessAt: 2,
  resumesAt: null,
  lastError: null,
  outsidePlan: null,
  stream: STREAMING,
};
const base: AppStatus = {
  mode: 'live',
  hasToken: true,
  tokenStorage: 'keychain',
  tokenSessionOnly: false,
  source: 'live:https://api.example.test',
  plan: { name: 'base', maxCodes: 10 },
  health: LIVE,
  lastUpdate: null,
  budget: { requestsPerMinute: 60, wantedPerMinute: 42, stretch: 1, oneOffRequests: 0 },
  lastError: null,
  notice: null,
  suggestedPlan: null,
};
const fmt = (t: number, seconds: boolean) => `T${t}${seconds ? 's' : ''}`;
const withHealth = (health: Partial<DataHealth>, status: Partial<AppStatus> = {}): AppStatus => ({
  ...base,
  ...status,
  health: { ...LIVE, ...health },
});
/** The status line's words for `base` with that health (and those fields). */
const statusWith = (health: Partial<DataHealth>, status: Partial<AppStatus> = {}) =>
  describeStatus(withHealth(health, status), fmt);

describe('describeStatus', () => {
  it('says LIVE with plan and budget only while live requests succeed', () => {
    const text = describeStatus(base, fmt);
    expect(text).toMatchObject({
      mode: 'LIVE',
      modeTone: 'ok',
      modeDetail: '',
      modeTitle: '',
      action: null,
      stretch: '',
    });
    expect(text.plan).toBe('Plan base · 10 codes/request');
    expect(text.budget).toBe('42/60 req/min');
    expect(text.lastUpdate).toBe('');
  });

  it('never says LIVE in any other health state, live or demo', () => {
    for (const state of HEALTH_STATES) {
      if (state === 'live') continue;
      for (const mode of ['live', 'demo'] as const) {
        const text = statusWith({ state }, { mode });
        expect(text.mode, `${mode} ${state}`).not.toMatch(/LIVE/);
        expect(text.modeTone, `${mode} ${state}`).not.toBe('ok');
      }
    }
  });

  it('says DEMO DATA plainly, and what is wrong with the demo', () => {
    const demo = { mode: 'demo', hasToken: false, source: 'demo' } as const;
    expect(statusWith({}, demo)).toMatchObject({
      mode: 'DEMO DATA',
      modeTone: 'demo',
    });
    const offline = statusWith({ state: 'offline', since: 5 }, demo);
    expect(offline).toMatchObject({ mode: 'DEMO DATA · OFFLINE', modeTone: 'bad' });
    expect(offline.modeDetail).toBe('since T5 · showing cached data');
    expect(statusWith({ state: 'connecting' }, demo).mode).toBe('DEMO DATA · CONNECTING');
  });

  it('says REPLAY for a replay of live or demo data, never DEMO DATA or LIVE', () => {
    for (const mode of ['live', 'demo'] as const) {
      const replay = {
        mode,
        source: mode === 'demo' ? 'replay:demo' : 'replay:live:https://x.test',
      } as const;
      expect(statusWith({}, replay)).toMatchObject({ mode: 'REPLAY', modeTone: 'replay' });
      // No wall-clock "Updated" beside replayed prices (the replay bar has their time).
      expect(statusWith({}, { ...replay, lastUpdate: 7 }).lastUpdate).toBe('');
      expect(statusWith({}, { mode, lastUpdate: 7 }).lastUpdate).toMatch(/^Updated T7s /);
      expect(statusWith({ state: 'offline', since: 5 }, replay)).toMatchObject({
        mode: 'REPLAY · OFFLINE',
        modeTone: 'bad',
      });
    }
  });

  it.each<[string, Partial<DataHealth>, Record<string, unknown>]>([
    [
      'OFFLINE since when, showing cached data, with the last success in the tooltip',
      { state: 'offline', since: 5, lastSuccessAt: 4, lastError: 'ECONNREFUSED' },
      {
        mode: 'OFFLINE',
        modeTone: 'bad',
        modeDetail: 'since T5 · showing cached data',
        modeTitle: 'Last error: ECONNREFUSED\nLast successful request T4s',
      },
    ],
    [
      'TOKEN REJECTED and offers to set a new token',
      { state: 'token-rejected', lastError: 'HTTP 401' },
      {
        mode: 'TOKEN REJECTED',
        modeTone: 'bad',
        action: 'set-token',
        modeDetail: 'the service refused the token',
        modeTitle: expect.stringContaining('HTTP 401'),
      },
    ],
    [
      'RATE LIMITED until when requests resume',
      { state: 'rate-limited', resumesAt: 9 },
      { mode: 'RATE LIMITED', modeTone: 'warn', modeDetail: 'until T9s', action: null },
    ],
    [
      'RATE LIMITED without a time to resume',
      { state: 'rate-limited', resumesAt: null },
      { modeDetail: 'the service asked to slow down' },
    ],
    [
      'DEGRADED with the last error in the tooltip',
      { state: 'degraded', lastError: 'HTTP 502' },
      {
        mode: 'DEGRADED',
        modeTone: 'warn',
        modeTitle: expect.stringMatching(/^Last error: HTTP 502\n/),
      },
    ],
    [
      'LIVE beside a market outside the plan, naming it in the tooltip',
      { state: 'live', outsidePlan: 'Not in your plan: stock HK' },
      {
        mode: 'LIVE',
        modeDetail: 'some markets are not in your plan',
        modeTitle: 'Not in your plan: stock HK. The rest of the workspace is live.',
      },
    ],
    ['NOT IN PLAN', { state: 'not-in-plan' }, { mode: 'NOT IN PLAN', modeTone: 'bad' }],
    [
      'CONNECTING',
      { state: 'connecting', since: null },
      { mode: 'CONNECTING', modeTone: 'warn', modeDetail: '', modeTitle: '' },
    ],
  ])('says %s', (_what, health, text) => {
    expect(statusWith(health)).toMatchObject(text);
  });

  it('during a replay, says no request goes to the service, not the replay service’s budget', () => {
    // The loopback replay service's own budget (what a free-plan user once saw as
    // "302/1350 req/min"): no plan's, and nothing the user can act on.
    const busy = { requestsPerMinute: 1350, wantedPerMinute: 302, stretch: 2.5, oneOffRequests: 0 };
    for (const source of ['replay:demo', 'replay:live:https://x.test'] as const) {
      for (const mode of ['demo', 'live'] as const) {
        const text = statusWith({}, { source, mode, budget: busy });
        expect(text.budget).toBe('replay: no requests to the service');
        expect(text.budgetTitle).toMatch(/recording on this computer: nothing is asked/);
        expect(text.budget).not.toMatch(/\d/);
        expect([text.stretch, text.stretchTitle]).toEqual(['', '']);
      }
    }
    // The same budget off a replay is shown as it is.
    expect(statusWith({}, { budget: busy })).toMatchObject({
      budget: '302/1350 req/min',
      stretch: 'polling slowed ×2.5',
    });
  });

  it('in demo mode, says no request goes to the service, not the simulator’s budget as if it were the plan’s', () => {
    // Seen as "2/1350 req/min" in demo mode: the feed's share of the demo's own rate,
    // read as the plan's requests spent while none reaches the service.
    const demo = { mode: 'demo', hasToken: false, tokenStorage: null, source: 'demo' } as const;
    const busy = { requestsPerMinute: 1350, wantedPerMinute: 2, stretch: 1, oneOffRequests: 0 };
    const text = statusWith({}, { ...demo, budget: busy });
    expect(text.budget).toBe('demo: no requests to the service');
    expect(text.budget).not.toMatch(/\d|req\/min/);
    expect(text.budgetTitle).toMatch(/simulator built into Marketdesk, on this computer/);
    expect(text.budgetTitle).toMatch(/none of the plan's requests are spent/);
    // The demo's own slow-down is none of the plan's either: its popover row says why.
    const slowed = statusWith({}, { ...demo, budget: { ...busy, stretch: 4 } });
    expect([slowed.stretch, slowed.stretchTitle]).toEqual(['', '']);
    // And what is wrong with the demo is still said beside it.
    expect(statusWith({ state: 'offline', since: 5 }, demo)).toMatchObject({
      mode: 'DEMO DATA · OFFLINE',
      budget: 'demo: no requests to the service',
    });
    // The live service's requests are counted as ever.
    expect(statusWith({}, { budget: busy }).budget).toBe('2/1350 req/min');
  });

  it('with a refused token, says nothing is sent and why, never a full budget slowed down', () => {
    // Once seen as "27/27 req/min · polling slowed ×18.9" while nothing could be asked.
    const text = statusWith(
      { state: 'token-rejected', lastError: 'HTTP 401' },
      { budget: { requestsPerMinute: 27, wantedPerMinute: 510, stretch: 18.9, oneOffRequests: 0 } },
    );
    expect(text.budget).toBe('no requests: token refused');
    expect(text.budgetTitle).toMatch(/no request is spent until a new token is set/);
    expect([text.stretch, text.stretchTitle]).toEqual(['', '']);
    expect(text.action).toBe('set-token');
    // Every other state but offline keeps the meter: requests are still spent (or tried).
    for (const state of HEALTH_STATES) {
      if (state === 'token-rejected' || state === 'offline') continue;
      expect(statusWith({ state }).budget).toBe('42/60 req/min');
    }
  });

  it('offline, says the polls are held, never a full budget slowed down', () => {
    // Seen as "27/27 req/min · polling slowed ×12.3" while nothing got through (QA, 1024 px).
    const text = statusWith(
      { state: 'offline', since: 5 },
      { budget: { requestsPerMinute: 27, wantedPerMinute: 330, stretch: 12.3, oneOffRequests: 0 } },
    );
    expect(text.budget).toBe('polls held: offline');
    expect(text.budgetTitle).toMatch(/probes it, one request at a time/);
    expect([text.stretch, text.stretchTitle]).toEqual(['', '']);
  });

  it('with a refused token, the feed column says nothing is fed, not POLL', () => {
    // Seen as a red "POLL" ("Prices polled: the service refused the token") beside
    // "no requests: token refused", while no price was polled nor streamed.
    const refused = { ...STREAMING, state: 'polling', reason: 'refused', streamed: 0 } as const;
    const text = statusWith({ state: 'token-rejected', lastError: 'HTTP 401', stream: refused });
    expect(text.feed).toMatchObject({ word: 'NO FEED', tone: 'bad' });
    expect(text.feed.label).toBe(
      'No prices: nothing is polled or streamed while the service refuses the token',
    );
    expect(text.feed.word + text.feed.label).not.toMatch(/POLL|polled:/);
    // The stream alone refusing it, with REST answering: its prices are polled.
    expect(statusWith({ stream: refused }).feed).toMatchObject({ word: 'POLL', tone: 'bad' });
  });

  it('counts what is asked once apart from the rate, and no slow-down for it', () => {
    // Seen as "4/4 req/min · polling slowed ×66.7" on the free plan while a streamed
    // symbol's snapshot waited (counted as a poll a second) and almost nothing was spent.
    const text = describeStatus(
      {
        ...base,
        budget: { requestsPerMinute: 3.6, wantedPerMinute: 2, stretch: 1, oneOffRequests: 3 },
      },
      fmt,
    );
    expect(text.budget).toBe('2/4 req/min +3 once');
    expect(text.budgetTitle).toMatch(/3 more requests are asked once and not again/);
    expect([text.stretch, text.stretchTitle]).toEqual(['', '']);
    const none = describeStatus(
      {
        ...base,
        budget: { requestsPerMinute: 3.6, wantedPerMinute: 2, stretch: 1, oneOffRequests: 0 },
      },
      fmt,
    );
    expect(none.budget).toBe('2/4 req/min');
    expect(none.budgetTitle).not.toMatch(/once/);
  });

  it('explains a stretched budget and caps used at allowed', () => {
    const text = describeStatus(
      {
        ...base,
        budget: { requestsPerMinute: 60, wantedPerMinute: 90, stretch: 1.5, oneOffRequests: 0 },
      },
      fmt,
    );
    expect(text.budget).toBe('60/60 req/min');
    expect(text.stretch).toBe('polling slowed ×1.5');
    expect(text.stretchTitle).toMatch(/1\.5 times slower than asked, to fit the plan/);
  });

  it('shows the last update with seconds, naming the zone its clock is in', () => {
    expect(describeStatus({ ...base, lastUpdate: 9 }, fmt, () => 'CET').lastUpdate).toBe(
      'Updated T9s CET',
    );
  });
});

describe('describeToken', () => {
  it('names where the token is, never the token', () => {
    expect(describeToken(base)).toBe('A token is set — stored in the OS keychain.');
    expect(describeToken({ ...base, tokenStorage: 'session', tokenSessionOnly: true })).toBe(
      'A token is set — held for this session only.',
    );
    expect(describeToken({ ...base, tokenStorage: 'environment' })).toContain('MARKETDESK_TOKEN');
    expect(describeToken({ ...base, hasToken: false, tokenStorage: null })).toMatch(/No token/);
    expect(describeToken(null)).toMatch(/No token/);
  });
});

describe('tokenProblem', () => {
  it('asks for a new token only when the service refused the one set', () => {
    expect(tokenProblem(base)).toBeNull();
    expect(tokenProblem(null)).toBeNull();
    expect(tokenProblem(withHealth({ state: 'offline' }))).toBeNull();
    expect(tokenProblem(withHealth({ state: 'token-rejected', lastError: 'E002' }))).toBe(
      'The service refused this token (E002). Paste a new one to load live data again.',
    );
    // The client's sentence: the service's own words only, in one pair of brackets.
    const refused =
      'The market data service rejected the token (HTTP 401: E002 auth failed: wrong token). Check the token in Settings.';
    expect(tokenProblem(withHealth({ state: 'token-rejected', lastError: refused }))).toBe(
      'The service refused this token (HTTP 401: E002 auth failed: wrong token). Paste a new one to load live data again.',
    );
    expect(tokenProblem(withHealth({ state: 'token-rejected', lastError: 'Bad token.' }))).toBe(
      'The service refused this token (Bad token). Paste a new one to load live data again.',
    );
    // A token from the environment cannot be replaced here: say where it comes from.
    expect(
      tokenProblem(withHealth({ state: 'token-rejected' }, { tokenStorage: 'environment' })),
    ).toBe(
      'The service refused the token in MARKETDESK_TOKEN. Change or unset that variable and restart Marketdesk.',
    );
  });
});

describe('describeStream', () => {
  const stream = (s: Partial<StreamHealth>): StreamHealth => ({ ...LIVE.stream, ...s });

  it('says STREAM, and how many symbols the limit leaves to polling', () => {
    expect(describeStream(stream({}), fmt)).toEqual({
      word: 'STREAM',
      tone: 'ok',
      label: 'Prices streamed: 10 symbols',
      title: 'Prices streamed: 10 symbols',
    });
    expect(
      describeStream(stream({ streamed: 200, polled: 1, reason: 'over-limit' }), fmt),
    ).toMatchObject({
      word: 'STREAM',
      tone: 'warn',
      label: "Prices streamed: 200 symbols; 1 symbol polled, over the plan's stream limit",
    });
  });

  it('says POLL and why: off, refused, over the limit', () => {
    const polling = (reason: StreamHealth['reason']) =>
      describeStream(stream({ state: 'polling', reason, streamed: 0 }), fmt);
    expect(polling('off')).toMatchObject({
      word: 'POLL',
      tone: 'muted',
      label: 'Prices polled: streaming is off in Settings',
    });
    expect(polling('refused')).toMatchObject({
      tone: 'bad',
      label: 'Prices polled: the service refused the token',
    });
    expect(polling('over-limit').label).toBe("Prices polled: over the plan's stream limit");
  });

  it('says when the stream is tried again, with its own words in the tooltip', () => {
    const down = stream({
      state: 'reconnecting',
      reason: 'down',
      streamed: 0,
      polled: 10,
      nextAttemptAt: 42,
      message: 'the stream endpoint answered 503',
    });
    expect(describeStream(down, fmt)).toEqual({
      word: 'RETRY T42s',
      tone: 'warn',
      label: 'Prices polled: the stream is down; reconnecting at T42s',
      title:
        'Prices polled: the stream is down; reconnecting at T42s\nthe stream endpoint answered 503',
    });
  });

  it('has a word for every state, short enough for its fixed column', () => {
    for (const state of STREAM_HEALTH_STATES) {
      const text = describeStream(
        stream({ state, nextAttemptAt: Date.UTC(2026, 0, 1, 23, 59, 59) }),
      );
      expect(text.word.length, state).toBeLessThanOrEqual(14);
      expect(text.label, state).toMatch(/^Prices /);
    }
  });

  it('is part of the status', () => {
    expect(describeStatus(base, fmt).feed.word).toBe('STREAM');
  });
});

describe('describeMarkets', () => {
  const market = usMarket({
    phase: 'holiday',
    holiday: 'Thanksgiving',
    nextOpen: Date.UTC(2026, 10, 27, 14, 30),
  });
  const now = Date.UTC(2026, 10, 26, 15);

  it('says a closed market beside the health, with its holiday and next open', () => {
    const text = describeStatus({ ...base, markets: [market] }, fmt, () => 'UTC', now);
    expect(text.mode).toBe('LIVE');
    expect(text.markets).toBe('US closed (Thanksgiving) · opens Fri 09:30 ET');
    expect(text.marketsTitle).toBe(
      'US: closed (Thanksgiving) · opens Fri 09:30 ET (in 23 h 30 min)',
    );
  });

  it('names no open market, a lunch break and a regular-hours guess as such, and counts the rest', () => {
    const open = { ...market, class: 'crypto' as const, region: 'BA', phase: 'open' as const };
    const hk = {
      ...market,
      region: 'HK',
      phase: 'lunch-break' as const,
      holiday: null,
      timeZone: 'Asia/Hong_Kong',
      nextOpen: Date.UTC(2026, 10, 26, 5),
    };
    const guess = {
      ...market,
      region: 'GB',
      phase: 'closed' as const,
      holiday: null,
      basis: 'regular' as const,
      unknownWhy: 'its calendar is not in your plan',
      nextOpen: null,
    };
    const lunch = describeStatus(
      { ...base, markets: [open, hk, guess, market] },
      fmt,
      () => 'UTC',
      Date.UTC(2026, 10, 26, 4, 30),
    );
    expect(lunch.markets).toBe(
      'HK lunch break · reopens 13:00 HKT; GB closed (regular hours); +1 more',
    );
    expect(lunch.marketsTitle).toMatch(/^BA crypto: open\n/);
    expect(lunch.marketsTitle).toMatch(
      /GB: closed \(regular hours\) \(its calendar is not in your plan\)/,
    );
    expect(describeStatus({ ...base, markets: [open] }, fmt).markets).toBe('');
    expect(describeStatus(base, fmt).markets).toBe('');
  });

  it('during a replay, says the states are the replayed time’s, counted from the replay clock', () => {
    // The main side judges the states at the replay clock (a session replayed on a
    // Sunday is as it was then); the bar counts down from the replayed time, not now.
    const replayed = Date.UTC(2026, 10, 26, 21, 30);
    const replay = describeStatus(
      { ...base, source: 'replay:demo', mode: 'demo', markets: [market] },
      fmt,
      () => 'UTC',
      replayed,
    );
    expect(replay.markets).toBe('US closed (Thanksgiving) · opens Fri 09:30 ET');
    expect(replay.marketsTitle).toBe(
      'The markets at the replayed time:\nUS: closed (Thanksgiving) · opens Fri 09:30 ET (in 17 h 00 min)',
    );
    const open = { ...market, phase: 'open' as const };
    expect(
      describeStatus({ ...base, source: 'replay:demo', markets: [open] }, fmt, () => 'UTC', now)
        .markets,
    ).toBe('');
  });
});
