import { describe, expect, it } from 'vitest';
import type { FeedPlan } from '../../../shared/model';
import { flush, ManualTimers } from '../../../shared/testing/manual-timers';
import { FakeBridge } from '../base/testing/fake-bridge';
import { FeedPlanState, REFRESH_MS } from './feed-plan-state.svelte';

const plan = (name: string): FeedPlan => ({
  plan: name,
  lines: [],
  requests: { lastMinute: 0, limit: 120, background: 100, planned: 0, oneOff: 0 },
  stream: { connections: 0, connectionLimit: 1, subscriptions: 0, subscriptionLimit: 10 },
});

function setup() {
  const bridge = new FakeBridge();
  const timers = new ManualTimers();
  let asked = 0;
  bridge.handlers.getFeedPlan = async () => plan(`plan ${++asked}`);
  const feeds = new FeedPlanState(bridge, timers);
  return { bridge, timers, feeds, asked: () => asked };
}

describe('FeedPlanState', () => {
  it('asks when opened and again every refresh while open', async () => {
    const { timers, feeds, asked } = setup();
    feeds.show();
    await flush();
    expect(asked()).toBe(1);
    expect(feeds.plan?.plan).toBe('plan 1');
    await timers.advance(REFRESH_MS - 1);
    expect(asked()).toBe(1);
    await timers.advance(1);
    expect(asked()).toBe(2);
    expect(feeds.plan?.plan).toBe('plan 2');
  });

  it('opened again, shows nothing of the last opening while it asks (a source switched since)', async () => {
    const { feeds } = setup();
    feeds.show();
    await flush();
    expect(feeds.plan?.plan).toBe('plan 1');
    feeds.close();
    feeds.show();
    expect(feeds.plan).toBeNull();
    await flush();
    expect(feeds.plan?.plan).toBe('plan 2');
  });

  it('asks nothing once closed, and leaves no timer behind', async () => {
    const { timers, feeds, asked } = setup();
    feeds.toggle();
    await timers.advance(REFRESH_MS);
    feeds.toggle();
    expect(feeds.open).toBe(false);
    expect(timers.pending).toBe(0);
    await timers.advance(REFRESH_MS * 5);
    expect(asked()).toBe(2);
  });

  it('opened twice, still asks once a refresh', async () => {
    const { timers, feeds, asked } = setup();
    feeds.show();
    feeds.show();
    await flush();
    expect(asked()).toBe(2);
    await timers.advance(REFRESH_MS);
    expect(asked()).toBe(3);
  });

  it('shows a failed ask as its message', async () => {
    const { bridge, feeds } = setup();
    bridge.handlers.getFeedPlan = () => Promise.reject(new Error('the feed is gone'));
    feeds.show();
    await flush();
    expect(feeds.error).toBe('the feed is gone');
  });
});
