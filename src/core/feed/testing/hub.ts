/**
 * Test support for the hub: one on manual timers over a scripted client, and the
 * subscriptions the tests ask it for.
 */
import type { SubscriptionSpec } from '../../../shared/bridge';
import { planOf, type AssetClass, type KType, type SeriesKey } from '../../../shared/model';
import { FeedHub, type FeedHubOptions } from '../feed-hub';
import { FakeFeedClient } from './fake-client';
import { ManualTimers } from '../../../shared/testing/manual-timers';
import { Recorder } from './recorder';

/** A hub on manual timers over a scripted client. */
export interface ManualHub {
  timers: ManualTimers;
  client: FakeFeedClient;
  hub: FeedHub;
  /**
   * Subscribes a recorder to each of `specs` (one window, `w`) and lets the first tick
   * run: the usual start of a test. The recorders come back in the order of `specs`.
   */
  watch<const S extends readonly SubscriptionSpec[]>(
    ...specs: S
  ): Promise<{ [K in keyof S]: Recorder }>;
}

/**
 * A hub on the premium plan, its clock and timers the manual ones, over a scripted
 * client (`client` makes another); `options` override, given the timers when they need them.
 */
export function manualHub(
  options: Partial<FeedHubOptions> | ((timers: ManualTimers) => Partial<FeedHubOptions>) = {},
  client: (timers: ManualTimers) => FakeFeedClient = (timers) => new FakeFeedClient(timers.now),
): ManualHub {
  const timers = new ManualTimers();
  const fake = client(timers);
  const hub = new FeedHub({
    client: fake,
    plan: planOf('premium'),
    timers,
    now: timers.now,
    ...(typeof options === 'function' ? options(timers) : options),
  });
  return {
    timers,
    client: fake,
    hub,
    async watch<const S extends readonly SubscriptionSpec[]>(...specs: S) {
      const recorders = specs.map(() => new Recorder());
      specs.forEach((spec, i) => hub.subscribe('w', spec, recorders[i]!.push));
      await timers.advance(0);
      return recorders as { [K in keyof S]: Recorder };
    },
  };
}

/** Quotes of `codes` of one market, on its primary exchange. */
export const quotesSpec = (cls: AssetClass, region: string, codes: string[]): SubscriptionSpec => ({
  kind: 'quotes',
  class: cls,
  region,
  exchange: '',
  codes,
});

/** Order books of `codes` of one market, on its primary exchange. */
export const depthSpec = (cls: AssetClass, region: string, codes: string[]): SubscriptionSpec => ({
  kind: 'depth',
  class: cls,
  region,
  exchange: '',
  codes,
});

/** Quotes of stocks in `region` (the primary exchange). */
export const stockQuotes = (codes: string[], region = 'US'): SubscriptionSpec =>
  quotesSpec('stock', region, codes);

/** The order book of one US stock. */
export const stockDepth = (code: string): SubscriptionSpec => depthSpec('stock', 'US', [code]);

/** A chart's series, on the primary exchange. */
export const seriesOf = (
  cls: AssetClass,
  region: string,
  code: string,
  kType: KType,
): SeriesKey => ({
  class: cls,
  region,
  exchange: '',
  code,
  kType,
});
