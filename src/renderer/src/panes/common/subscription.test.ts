import { describe, expect, it } from 'vitest';
import type { Events, SubscriptionSpec } from '../../../../shared/bridge';
import type { Quote } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { INITIAL_STATUS, PaneSubscription, pageBadge, type StatusView } from './subscription';

const spec = (codes: string[]): SubscriptionSpec => ({
  kind: 'quotes',
  class: 'stock',
  region: 'US',
  exchange: '',
  codes,
});

const quote = { symbol: 'AAPL', last: 1 } as Quote;

function setup() {
  const bridge = new FakeBridge();
  const data: Events['quotes'][] = [];
  const statuses: StatusView[] = [];
  const sub = new PaneSubscription(
    bridge,
    'quotes',
    (p) => data.push(p),
    (s) => statuses.push(s),
  );
  return { bridge, data, statuses, sub };
}

describe('PaneSubscription', () => {
  it('delivers only its own events and status', async () => {
    const { bridge, data, statuses, sub } = setup();
    await sub.set(spec(['AAPL']));
    expect(sub.id).toBe('s1');
    bridge.emit('quotes', { subscriptionId: 'other', quotes: { AAPL: quote } });
    bridge.emit('quotes', { subscriptionId: 's1', quotes: { AAPL: quote } });
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'stale', asOf: 5 });
    bridge.emit('subscriptionStatus', { subscriptionId: 'x', state: 'error', asOf: 5 });
    expect(data).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ state: 'stale', asOf: 5, message: undefined });
  });

  it('passes on the codes the source does not know', async () => {
    const { bridge, statuses, sub } = setup();
    await sub.set(spec(['AAPL', 'ZZZZ']));
    bridge.emit('subscriptionStatus', {
      subscriptionId: 's1',
      state: 'live',
      asOf: 5,
      unknownCodes: ['ZZZZ'],
    });
    expect(statuses.at(-1)).toEqual({
      state: 'live',
      asOf: 5,
      message: undefined,
      unknownCodes: ['ZZZZ'],
    });
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: 6 });
    expect(statuses.at(-1)).not.toHaveProperty('unknownCodes');
  });

  it('turns loading into live when data arrives before any status', async () => {
    const { bridge, statuses, sub } = setup();
    await sub.set(spec(['AAPL']));
    expect(statuses.at(-1)?.state).toBe('loading');
    bridge.emit('quotes', { subscriptionId: 's1', quotes: { AAPL: quote } });
    expect(statuses.at(-1)?.state).toBe('live');
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'stale', asOf: 3 });
    bridge.emit('quotes', { subscriptionId: 's1', quotes: { AAPL: quote } });
    expect(statuses.at(-1)?.state).toBe('stale');
  });

  it('unsubscribes the old id when the spec changes and on dispose', async () => {
    const { bridge, sub } = setup();
    await sub.set(spec(['AAPL']));
    await sub.set(spec(['MSFT']));
    expect(bridge.calls[1]).toEqual({ name: 'unsubscribe', args: { subscriptionId: 's1' } });
    sub.dispose();
    expect(bridge.calls.at(-1)).toEqual({ name: 'unsubscribe', args: { subscriptionId: 's2' } });
    expect(bridge.listenerCount()).toBe(0);
  });

  it('replays an event pushed before subscribe answered', async () => {
    const { bridge, data, statuses, sub } = setup();
    let answer!: (v: { subscriptionId: string }) => void;
    bridge.handlers.subscribe = () => new Promise((resolve) => (answer = resolve));
    const done = sub.set(spec(['AAPL']));
    bridge.emit('quotes', { subscriptionId: 'early', quotes: { AAPL: quote } });
    bridge.emit('subscriptionStatus', { subscriptionId: 'early', state: 'live', asOf: 1 });
    answer({ subscriptionId: 'early' });
    await done;
    expect(data).toHaveLength(1);
    expect(statuses.at(-1)?.state).toBe('live');
  });

  it('drops a subscription superseded while in flight', async () => {
    const { bridge, sub } = setup();
    const answers = bridge.hold('subscribe');
    const first = sub.set(spec(['AAPL']));
    const second = sub.set(spec(['MSFT']));
    answers[0]!({ subscriptionId: 'a' });
    answers[1]!({ subscriptionId: 'b' });
    await Promise.all([first, second]);
    expect(sub.id).toBe('b');
    expect(bridge.calls).toContainEqual({ name: 'unsubscribe', args: { subscriptionId: 'a' } });
  });

  it('reports a failed subscribe as an error status', async () => {
    const { bridge, statuses, sub } = setup();
    bridge.handlers.subscribe = () => Promise.reject(new Error('bad region'));
    await sub.set(spec(['AAPL']));
    expect(statuses.at(-1)).toEqual({ state: 'error', asOf: null, message: 'bad region' });
  });
});

describe('pageBadge', () => {
  const live: StatusView = { state: 'live', asOf: 5 };
  const base = { status: live, error: null, offline: false, asOf: 7, loading: false };

  it("shows the subscription's trouble before the page's", () => {
    const stale: StatusView = { state: 'stale', asOf: 3 };
    expect(pageBadge({ ...base, status: stale, error: 'boom', offline: true })).toBe(stale);
  });

  it('then a load error, then an offline page, then loading, else the live status', () => {
    expect(pageBadge({ ...base, error: 'boom' })).toEqual({
      state: 'error',
      asOf: null,
      message: 'boom',
    });
    expect(pageBadge({ ...base, offline: true })).toEqual({ state: 'offline', asOf: 7 });
    expect(pageBadge({ ...base, loading: true })).toBe(INITIAL_STATUS);
    expect(pageBadge(base)).toBe(live);
  });
});
