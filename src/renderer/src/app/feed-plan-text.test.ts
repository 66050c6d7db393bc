import { describe, expect, it } from 'vitest';
import type { FeedPlan } from '../../../shared/model';
import { describeFeedPlan } from './feed-plan-text';

const plan: FeedPlan = {
  plan: 'base',
  lines: [
    {
      what: 'crypto quotes · BA · BTCUSDT, ETHUSDT',
      way: 'streamed',
      everyMs: null,
      wantedMs: null,
      why: null,
      codes: 2,
      streamedCodes: 2,
      polledAt: null,
    },
    {
      what: 'fund quotes · US · SPY',
      way: 'polled',
      everyMs: 4_650,
      wantedMs: 1_000,
      why: "Every 4.7 s instead of 1 s: the plan's budget is shared by everything shown.",
      codes: 1,
      streamedCodes: 0,
      polledAt: 1,
    },
    {
      what: 'stock news · en',
      way: 'polled',
      everyMs: 60_000,
      wantedMs: 60_000,
      why: null,
      codes: 0,
      streamedCodes: 0,
      polledAt: 1,
    },
    {
      what: 'indices quotes · GB · FTSE',
      way: 'waiting',
      everyMs: null,
      wantedMs: null,
      why: 'No window shows it: nothing is asked until one does.',
      codes: 1,
      streamedCodes: 0,
      polledAt: null,
    },
  ],
  requests: { lastMinute: 26, limit: 120, background: 30, planned: 26.8, oneOff: 0 },
  stream: { connections: 3, connectionLimit: 3, subscriptions: 8, subscriptionLimit: 600 },
};

describe('describeFeedPlan', () => {
  it('says per feed whether it streams, how often it is polled (warned when slower than asked) or why it waits', () => {
    const text = describeFeedPlan(plan);
    expect(text.heading).toBe('How your plan (base) is used');
    expect(text.rows.map((r) => [r.how, r.tone])).toEqual([
      ['streamed', 'ok'],
      ['every 4.7 s', 'warn'],
      ['every 60 s', 'ok'],
      ['waiting', 'muted'],
    ]);
    expect(text.rows[3]!.why).toMatch(/No window shows it/);
  });

  it('names the plan’s limits and what is used of each', () => {
    const text = describeFeedPlan(plan);
    expect(text.requests).toBe(
      'REST 26 of 120 in the last minute · the feed plans 27 a minute and may use 30; the rest is left for what you ask',
    );
    expect(text.stream).toBe('Stream 3 of 3 connections · 8 of 600 subscriptions');
  });

  it('says what is asked once apart from the rate, and a closed market asked once as such, not as a pace', () => {
    // A snapshot counted as a poll a second once read "the feed plans 212 a minute" on
    // the free plan while 5 a minute were sent.
    const free = {
      ...plan,
      lines: [
        {
          what: 'fund quotes · US · SPY',
          way: 'once' as const,
          everyMs: null,
          wantedMs: null,
          why: 'Its market is closed: its last prices are asked once, then nothing until it opens.',
          codes: 1,
          streamedCodes: 0,
          polledAt: null,
        },
      ],
      requests: { lastMinute: 4, limit: 5, background: 4, planned: 2, oneOff: 3 },
    };
    const text = describeFeedPlan(free);
    expect(text.requests).toBe(
      "REST 4 of 5 in the last minute · the feed plans 2 a minute (and 3 requests asked once: a closed market's last prices, a newly streamed symbol's snapshot) and may use 4; the rest is left for what you ask",
    );
    expect(text.rows).toEqual([
      { what: 'fund quotes · US · SPY', how: 'asked once', tone: 'ok', why: free.lines[0]!.why },
    ]);
  });

  it('during a replay or with a refused token, says no request of the plan is spent, not counts that are none of the plan’s', () => {
    // During a replay the counts are the loopback replay service's (its own limit).
    const replaying = {
      ...plan,
      requests: { lastMinute: 302, limit: 6000, background: 1500, planned: 302, oneOff: 0 },
    };
    const replay = describeFeedPlan(replaying, 'replay');
    expect(replay.requests).toMatch(/^REST: no requests to the service during a replay/);
    expect(replay.requests).not.toMatch(/\d/);
    const refused = describeFeedPlan(plan, 'token-refused');
    expect(refused.requests).toMatch(/^REST: no requests while the service refuses the token/);
    expect(refused.requests).not.toMatch(/\d/);
    // The feeds themselves are listed as ever.
    expect(replay.rows).toEqual(describeFeedPlan(plan).rows);
  });

  it('offline, says the feed’s polls are held, not a rate it plans (as the meter says)', () => {
    const held = describeFeedPlan(plan, null, true);
    expect(held.requests).toMatch(
      /in the last minute · the feed's polls are held while the service cannot be reached/,
    );
    expect(held.requests).not.toMatch(/plans \d/);
    expect(held.rows).toEqual(describeFeedPlan(plan).rows);
  });

  it('in demo mode and during a replay, says whose feed it is and who the stream goes to, not how the plan is spent', () => {
    // Seen in demo mode as "How your plan (base) is used · REST 33 of 6000 in the last
    // minute": the simulator's counts, read as the plan's.
    const demoCounts = {
      ...plan,
      requests: { lastMinute: 33, limit: 6000, background: 1500, planned: 2, oneOff: 0 },
    };
    const demo = describeFeedPlan(demoCounts, 'demo');
    expect(demo.heading).toBe("How the demo is fed (the base plan's stream limits kept)");
    expect(demo.requests).toMatch(/^REST: no requests to the service in demo mode/);
    expect(demo.requests).toMatch(/none of the plan's requests are spent$/);
    expect(demo.requests).not.toMatch(/\d/);
    expect(demo.stream).toBe(
      'Stream 3 of 3 connections · 8 of 600 subscriptions, to the simulator on this computer',
    );
    const replay = describeFeedPlan(demoCounts, 'replay');
    expect(replay.heading).toBe("How the replay is fed (the base plan's stream limits kept)");
    expect(replay.stream).toMatch(/, to the replay on this computer$/);
    // A refused token's feed is still the plan's.
    expect(describeFeedPlan(plan, 'token-refused').heading).toBe('How your plan (base) is used');
    expect(describeFeedPlan(plan, 'token-refused').stream).toBe(
      'Stream 3 of 3 connections · 8 of 600 subscriptions',
    );
  });
});
