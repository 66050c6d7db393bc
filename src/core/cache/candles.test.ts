import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_START, addSpan, coveredSince } from './candle-spans';
import {
  countCandles,
  listSeries,
  markRefreshed,
  readCandlesAfter,
  readCandlesBefore,
  readFreshness,
  readNewestCandles,
  seriesId,
  upsertCandles,
} from './candles';
import { DEMO, LIVE, candles, series, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

const M = 60_000;

describe('candles', () => {
  it('keys candles by series: kTypes, codes and exchanges do not mix', () => {
    upsertCandles(t.db, DEMO, series(1), candles(0, 5));
    upsertCandles(t.db, DEMO, series(2), candles(0, 7, 2));
    upsertCandles(t.db, DEMO, { ...series(1), exchange: 'NASDAQ' }, candles(0, 3));
    expect(countCandles(t.db, DEMO, series(1))).toBe(5);
    expect(countCandles(t.db, DEMO, series(2))).toBe(7);
    expect(countCandles(t.db, DEMO, { ...series(1), exchange: 'NASDAQ' })).toBe(3);
    expect(countCandles(t.db, DEMO, series(1, 'MSFT'))).toBe(0);
    expect(listSeries(t.db).map((s) => s.candles)).toEqual([5, 7, 3]);
  });

  it('keys series by source: demo and live candles of one instrument never mix', () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 5, 1, 210));
    upsertCandles(t.db, LIVE, series(), candles(3 * M, 5, 1, 266));
    markRefreshed(t.db, DEMO, series(), 100 * M, candles(0, 5));
    expect(seriesId(t.db, DEMO, series())).not.toBe(seriesId(t.db, LIVE, series()));
    // Every read sees its own source only, whichever order the sources were cached in.
    expect(readNewestCandles(t.db, LIVE, series(), 100).map((c) => c.open)).toEqual([
      266, 267, 268, 269, 270,
    ]);
    expect(readNewestCandles(t.db, DEMO, series(), 100).map((c) => c.open)).toEqual([
      210, 211, 212, 213, 214,
    ]);
    expect(readCandlesBefore(t.db, LIVE, series(), 4 * M, 10).map((c) => c.open)).toEqual([266]);
    expect(readCandlesAfter(t.db, LIVE, series(), 0, 2).map((c) => c.open)).toEqual([266, 267]);
    expect(readFreshness(t.db, LIVE, series())).toEqual({ refreshedAt: null, completeUntil: null });
    expect(readFreshness(t.db, DEMO, series()).refreshedAt).toBe(100 * M);
    const other = 'live:https://other.example' as const;
    expect(countCandles(t.db, other, series())).toBe(0);
    expect(seriesId(t.db, other, series(), false)).toBeNull();
    expect(listSeries(t.db).map((s) => [s.source, s.candles])).toEqual([
      [DEMO, 5],
      [LIVE, 5],
    ]);
  });

  it('merges a fetched series: the forming candle is replaced, closed ones kept, gaps allowed', () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 10)); // 0..9 min
    const forming = { ...candles(9 * M, 1)[0]!, close: 555, high: 600 };
    // A later fetch: the forming candle's new state, then new candles after a gap.
    upsertCandles(t.db, DEMO, series(), [forming, ...candles(20 * M, 3)]);
    const all = readNewestCandles(t.db, DEMO, series(), 100);
    expect(all.map((c) => c.time / M)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 21, 22]);
    expect(all[9]).toEqual(forming);
    expect(all[8]).toEqual(candles(0, 10)[8]);
  });

  it('upserts batches of every size (multi-row chunks) and lets a repeated time win last', () => {
    for (const n of [1, 15, 16, 17, 255, 256, 257, 600]) {
      const s = series(1, `N${n}`);
      const batch = candles(0, n);
      expect(upsertCandles(t.db, DEMO, s, batch)).toBe(n);
      expect(readNewestCandles(t.db, DEMO, s, 1000)).toEqual(batch);
    }
    const dup = [...candles(0, 3), { ...candles(M, 1)[0]!, close: 42 }];
    upsertCandles(t.db, DEMO, series(1, 'DUP'), dup);
    const got = readNewestCandles(t.db, DEMO, series(1, 'DUP'), 10);
    expect(got).toHaveLength(3);
    expect(got[1]!.close).toBe(42);
  });

  it('reads newest N, before and after a time, always ascending', () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 100).reverse()); // insertion order does not matter
    expect(readNewestCandles(t.db, DEMO, series(), 3).map((c) => c.time / M)).toEqual([97, 98, 99]);
    expect(readCandlesBefore(t.db, DEMO, series(), 50 * M, 3).map((c) => c.time / M)).toEqual([
      47, 48, 49,
    ]);
    expect(readCandlesBefore(t.db, DEMO, series(), 2 * M, 10).map((c) => c.time / M)).toEqual([
      0, 1,
    ]);
    expect(readCandlesAfter(t.db, DEMO, series(), 97 * M, 10).map((c) => c.time / M)).toEqual([
      98, 99,
    ]);
    expect(readNewestCandles(t.db, DEMO, series(1, 'NONE'), 3)).toEqual([]);
  });

  it('round-trips every field exactly', () => {
    const c = {
      time: 1_700_000_040_000,
      open: 1.1,
      high: 2.2,
      low: 0.3,
      close: 1.7,
      volume: 12.5,
      turnover: 1e12 + 0.25,
    };
    upsertCandles(t.db, DEMO, series(), [c]);
    expect(readNewestCandles(t.db, DEMO, series(), 1)).toEqual([c]);
  });

  it('records freshness: refreshedAt and the newest closed candle', () => {
    expect(readFreshness(t.db, DEMO, series())).toEqual({ refreshedAt: null, completeUntil: null });
    const fetched = candles(0, 10); // 0..9 min; at 9.5 min the 9-min candle is still forming
    upsertCandles(t.db, DEMO, series(), fetched);
    expect(markRefreshed(t.db, DEMO, series(), 9.5 * M, fetched)).toEqual({
      refreshedAt: 9.5 * M,
      completeUntil: 8 * M,
    });
    // completeUntil never moves back (a short later fetch of older data).
    expect(markRefreshed(t.db, DEMO, series(), 10 * M, fetched.slice(0, 2)).completeUntil).toBe(
      8 * M,
    );
  });

  it('a failed upsert rolls back whole and leaves no phantom series id', () => {
    const bad = [...candles(0, 3), { ...candles(3 * M, 1)[0]!, open: null as unknown as number }];
    expect(() => upsertCandles(t.db, DEMO, series(1, 'BAD'), bad)).toThrow();
    expect(countCandles(t.db, DEMO, series(1, 'BAD'))).toBe(0);
    expect(seriesId(t.db, DEMO, series(1, 'BAD'), false)).toBeNull();
  });
});

describe('candle spans', () => {
  it('merges overlapping and touching spans, keeps separate ones apart', () => {
    const id = seriesId(t.db, DEMO, series())!;
    const since = (time: number) => coveredSince(t.db, id, time);
    addSpan(t.db, id, 100, 200);
    addSpan(t.db, id, 300, 400);
    expect([since(150), since(250), since(350)]).toEqual([100, null, 300]);
    addSpan(t.db, id, 201, 299); // touches both
    expect([since(150), since(250), since(400)]).toEqual([100, 100, 100]);
    addSpan(t.db, id, HISTORY_START, 150);
    expect([since(50), since(250)]).toEqual([HISTORY_START, HISTORY_START]);
    expect(since(401)).toBeNull();
  });
});
