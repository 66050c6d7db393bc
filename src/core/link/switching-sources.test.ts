import { describe, expect, it } from 'vitest';
import type { DataSourceId, SeriesKey } from '../../shared/model';
import { ApiError } from '../api';
import type { MarketSources } from '../market-sources';
import { SwitchingSources } from './switching-sources';

const SERIES: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 };

/** A source whose candles say which source served them. */
const fake = (sourceId: DataSourceId, close: number) =>
  ({
    sourceId,
    fetchCandles: async () => [
      { time: 1, open: close, high: close, low: close, close, volume: 1, turnover: 1 },
    ],
    fetchNews: async () => ({ items: [], nextCursor: null, hasMore: false, count: 0 }),
  }) as unknown as MarketSources;

describe('SwitchingSources', () => {
  it('serves a request made for the current source', async () => {
    const s = new SwitchingSources();
    s.current = fake('live:https://api.example.com', 270);
    const candles = await s.fetchCandles(SERIES, {
      limit: 1,
      sourceId: 'live:https://api.example.com',
    });
    expect(candles[0]!.close).toBe(270);
  });

  it('refuses a request made for the source the app just left (no demo rows filed as live)', async () => {
    const s = new SwitchingSources();
    s.current = fake('live:https://api.example.com', 270);
    // The request started under live, waited out a rate limit, and the token was cleared.
    s.current = fake('demo', 215);
    const late = s.fetchCandles(SERIES, { limit: 1, sourceId: 'live:https://api.example.com' });
    await expect(late).rejects.toBeInstanceOf(ApiError);
    await expect(late).rejects.toMatchObject({ kind: 'aborted' });
    const news = s.fetchNews({
      market: 'stock',
      lang: 'en',
      limit: 5,
      sourceId: 'live:https://api.example.com',
    });
    await expect(news).rejects.toMatchObject({ kind: 'aborted' });
  });
});
