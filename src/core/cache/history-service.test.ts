/**
 * HistoryService as a whole: its size budget, enforced after writes and changed at
 * run time (candle and news behaviour: candle-history.test.ts, news-history.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readNewestCandles, upsertCandles } from './candles';
import { HistoryService } from './history-service';
import type { PruneResult } from './maintenance';
import { usedBytes } from './maintenance';
import { DEMO, FakeCandleSource, candles, series, tempCache } from './testing/fixtures';

const M = 60_000;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % M);
const KiB = 1024;

let t: ReturnType<typeof tempCache>;
let now: number;
let source: FakeCandleSource;
let service: HistoryService | null;
let pruned: PruneResult[];

function makeService(budgetBytes?: number): HistoryService {
  service = new HistoryService({
    db: t.db,
    candles: source,
    now: () => now,
    ...(budgetBytes === undefined ? {} : { budgetBytes }),
    onPrune: (r) => pruned.push(r),
  });
  return service;
}

beforeEach(() => {
  t = tempCache();
  now = T0 + 1000 * M + 30_000;
  source = new FakeCandleSource(candles(T0, 1001));
  service = null;
  pruned = [];
});
afterEach(async () => {
  await service?.idle();
  service?.dispose();
  t.dispose();
});

describe('HistoryService budget', () => {
  it('prunes after a write that takes the cache over its budget', async () => {
    const history = makeService(64 * KiB);
    upsertCandles(t.db, DEMO, series(1, 'OLD'), candles(T0 - 100_000 * M, 5000));
    await history.refreshCandles(series(), 1000);
    expect(pruned).toHaveLength(1);
    expect(pruned[0]!.deleted.intradayCandles).toBeGreaterThan(0);
    // The oldest data went first: the old series lost its candles before the fresh one.
    expect(readNewestCandles(t.db, DEMO, series(1, 'OLD'), 10_000).length).toBeLessThan(5000);
  });

  it('takes a smaller budget at run time and enforces it at once', () => {
    const history = makeService();
    upsertCandles(t.db, DEMO, series(1, 'OLD'), candles(T0 - 100_000 * M, 5000));
    const before = usedBytes(t.db);
    expect(history.setBudget(before * 2)).toBeNull();
    expect(pruned).toEqual([]);
    const budget = Math.floor(before / 2);
    const result = history.setBudget(budget);
    expect(history.budgetBytes).toBe(budget);
    expect(result).not.toBeNull();
    expect(pruned).toEqual([result]);
    expect(usedBytes(t.db)).toBeLessThanOrEqual(budget);
  });

  it('enforces the new budget after later writes, a larger one no longer pruning', async () => {
    const history = makeService(64 * KiB);
    history.setBudget(1024 * 1024 * KiB);
    upsertCandles(t.db, DEMO, series(1, 'OLD'), candles(T0 - 100_000 * M, 5000));
    await history.refreshCandles(series(), 1000);
    expect(pruned).toEqual([]);
    expect(readNewestCandles(t.db, DEMO, series(1, 'OLD'), 10_000)).toHaveLength(5000);
  });

  it('refuses a budget that is not a positive number of bytes', () => {
    const history = makeService(64 * KiB);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => history.setBudget(bad), String(bad)).toThrow(RangeError);
    }
    expect(history.budgetBytes).toBe(64 * KiB);
    expect(() => new HistoryService({ db: t.db, budgetBytes: 0 })).toThrow(RangeError);
  });
});
