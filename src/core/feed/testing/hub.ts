/**
 * Test support for the hub: one on manual timers over a scripted client, and the
 * subscriptions the tests ask it for.
 */
import type { SubscriptionSpec } from '../../../shared/bridge';
import { planOf } from '../../../shared/model';
import { FeedHub, type FeedHubOptions } from '../feed-hub';
import { FakeFeedClient } from './fake-client';
import { ManualTimers } from './manual-timers';

/**
 * A hub on the premium plan, its clock and timers the manual ones, over a scripted
 * client (`client` makes another); `options` override, given the timers when they need them.
 */
export function manualHub(
  options: Partial<FeedHubOptions> | ((timers: ManualTimers) => Partial<FeedHubOptions>) = {},
  client: (timers: ManualTimers) => FakeFeedClient = (timers) => new FakeFeedClient(timers.now),
): { timers: ManualTimers; client: FakeFeedClient; hub: FeedHub } {
  const timers = new ManualTimers();
  const fake = client(timers);
  const hub = new FeedHub({
    client: fake,
    plan: planOf('premium'),
    timers,
    now: timers.now,
    ...(typeof options === 'function' ? options(timers) : options),
  });
  return { timers, client: fake, hub };
}

/** Quotes of stocks in `region` (the primary exchange). */
export const stockQuotes = (codes: string[], region = 'US'): SubscriptionSpec => ({
  kind: 'quotes',
  class: 'stock',
  region,
  exchange: '',
  codes,
});

/** The order book of one US stock. */
export const stockDepth = (code: string): SubscriptionSpec => ({
  kind: 'depth',
  class: 'stock',
  region: 'US',
  exchange: '',
  codes: [code],
});
