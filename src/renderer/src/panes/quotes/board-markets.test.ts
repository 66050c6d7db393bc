import { describe, expect, it } from 'vitest';
import type { MarketStateView } from '../../../../shared/model';
import type { StatusView } from '../common/subscription';
import { boardMarkets } from './board-markets';

function closed(cls: 'stock' | 'fund', region: string): MarketStateView {
  return {
    class: cls,
    region,
    phase: 'closed',
    basis: 'calendar',
    holiday: null,
    nextOpen: null,
    nextClose: null,
    timeZone: null,
  } as MarketStateView;
}

const status = (market?: MarketStateView): StatusView => ({ state: 'live', asOf: 1, market });

describe('boardMarkets', () => {
  it("lists the markets in the rows' order, not in the order their statuses last changed", () => {
    // HK's status changed last (the record's newest key): the lines stay US, then HK.
    const statuses = {
      'stock:HK:': status(closed('stock', 'HK')),
      'stock:US:': status(closed('stock', 'US')),
    };
    const rows = ['stock:US:', 'stock:HK:', 'crypto:BA:'];
    expect(boardMarkets(rows, statuses).map((m) => m.region)).toEqual(['US', 'HK']);
    const updated = { 'stock:US:': statuses['stock:US:'], 'stock:HK:': statuses['stock:HK:'] };
    expect(boardMarkets(rows, updated).map((m) => m.region)).toEqual(['US', 'HK']);
  });

  it('lists a market once, and neither an open one nor one whose hours are unknown', () => {
    const open = { ...closed('stock', 'GB'), phase: 'open' } as MarketStateView;
    const unknown = { ...closed('stock', 'JP'), phase: null } as MarketStateView;
    const statuses = {
      a: status(closed('stock', 'US')),
      b: status(closed('stock', 'US')),
      c: status(open),
      d: status(unknown),
      e: status(),
    };
    expect(boardMarkets(['a', 'b', 'c', 'd', 'e', 'missing'], statuses)).toHaveLength(1);
  });
});
