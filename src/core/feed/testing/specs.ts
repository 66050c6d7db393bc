/**
 * Subscription specs the hub's tests (and benchmarks) write again and again.
 */
import type { SubscriptionSpec } from '../../../shared/bridge';
import type { AssetClass, KType, SeriesKey } from '../../../shared/model';

/** A quote board's subscription to `codes` of one market (no exchange). */
export const quotesSpec = (cls: AssetClass, region: string, codes: string[]): SubscriptionSpec => ({
  kind: 'quotes',
  class: cls,
  region,
  exchange: '',
  codes,
});

/** A ladder's subscription to `codes` of one market (no exchange). */
export const depthSpec = (cls: AssetClass, region: string, codes: string[]): SubscriptionSpec => ({
  kind: 'depth',
  class: cls,
  region,
  exchange: '',
  codes,
});

/** A chart's series (no exchange). */
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
