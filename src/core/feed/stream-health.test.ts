import { describe, expect, it } from 'vitest';
import type { StreamState } from '../stream';
import { streamHealth, streamSuggestedPlan, withPlanHint, type ClassStream } from './stream-health';

const cls = (state: StreamState, wanted = 10, subscribed = 0, overflow = 0): ClassStream => ({
  state,
  wanted,
  subscribed,
  overflow,
});
const streaming = (subscribed: number, overflow = 0) =>
  cls({ kind: 'streaming', subscribed, overflow }, subscribed + overflow, subscribed, overflow);

describe('streamHealth', () => {
  it('streams, naming the symbols the limit leaves to REST', () => {
    expect(streamHealth(true, false, [streaming(10), streaming(3)])).toEqual({
      state: 'streaming',
      reason: null,
      streamed: 13,
      polled: 0,
      nextAttemptAt: null,
      message: null,
    });
    const over = cls(
      {
        kind: 'over-limit',
        subscribed: 200,
        overflow: 5,
        message: 'exceeding the maximum subscription limit',
      },
      205,
      200,
      5,
    );
    expect(streamHealth(true, false, [over])).toMatchObject({
      state: 'streaming',
      reason: 'over-limit',
      streamed: 200,
      polled: 5,
      message: 'exceeding the maximum subscription limit',
    });
    expect(streamHealth(true, false, [streaming(0, 4)])).toMatchObject({
      state: 'polling',
      reason: 'over-limit',
      polled: 4,
    });
  });

  it('says the worst first: refused, then reconnecting (the soonest attempt), then connecting', () => {
    const down = (at: number) =>
      cls({
        kind: 'reconnecting',
        reason: 'closed',
        message: `down ${at}`,
        attempt: 2,
        nextAttemptAt: at,
      });
    const refused = cls({
      kind: 'refused',
      reason: 'auth',
      message: 'the stream refused the token',
    });
    const connecting = cls({ kind: 'connecting', attempt: 1 });
    expect(streamHealth(true, false, [streaming(5), down(9), down(7), connecting])).toMatchObject({
      state: 'reconnecting',
      reason: 'down',
      streamed: 5,
      polled: 30,
      nextAttemptAt: 7,
      message: 'down 7',
    });
    expect(streamHealth(true, false, [down(7), refused])).toMatchObject({
      state: 'polling',
      reason: 'refused',
      streamed: 0,
      polled: 20,
    });
    expect(streamHealth(true, false, [streaming(5), connecting])).toMatchObject({
      state: 'connecting',
    });
  });

  it('off, a token refused by REST, or nothing to stream', () => {
    expect(streamHealth(false, false, [cls({ kind: 'disposed' }, 4)])).toMatchObject({
      state: 'polling',
      reason: 'off',
      polled: 4,
    });
    expect(streamHealth(true, true, [streaming(3)])).toMatchObject({
      state: 'polling',
      reason: 'refused',
      streamed: 0,
      polled: 3,
    });
    expect(streamHealth(true, false, [])).toMatchObject({ state: 'idle', reason: null });
  });
});

describe('a subscription limit the plan would not hit', () => {
  it('names the plan the token seems to be on', () => {
    const refused = {
      kind: 'over-limit',
      subscribed: 3,
      overflow: 7,
      message: 'The service refused more subscriptions (exceeding the maximum subscription limit)',
    } as const;
    expect(withPlanHint(refused, 'base')).toHaveProperty(
      'message',
      "The service refused more subscriptions (exceeding the maximum subscription limit) — after 3, fewer than the base plan's 200: the token seems to be on the free plan (3 subscriptions), or another program streams with it; switch to its plan.",
    );
    // At the plan's own limit, nothing to add.
    expect(withPlanHint({ ...refused, subscribed: 200 }, 'base')).toEqual({
      ...refused,
      subscribed: 200,
    });
  });

  it('offers the plan the refusal fits: the smallest when classes disagree; none at the limit', () => {
    const over = (subscribed: number): StreamState => ({
      kind: 'over-limit',
      subscribed,
      overflow: 1,
      message: 'exceeding the maximum subscription limit',
    });
    const streaming: StreamState = { kind: 'streaming', subscribed: 40, overflow: 0 };
    expect(streamSuggestedPlan([streaming, over(3)], 'base')).toBe('free');
    expect(streamSuggestedPlan([over(500), over(200)], 'premium')).toBe('base');
    expect(streamSuggestedPlan([over(200)], 'base')).toBeNull();
    expect(streamSuggestedPlan([streaming], 'base')).toBeNull();
    // Fewer than any plan's limit: another program streams with the token; no plan fits.
    expect(streamSuggestedPlan([over(2)], 'base')).toBeNull();
  });
});
