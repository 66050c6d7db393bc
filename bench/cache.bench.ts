/**
 * Cache benchmarks (`npm run bench -- cache`): each Marketdesk figure beside raw
 * better-sqlite3 on the same schema and pragmas, measured in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Candle, DataSourceId, SeriesKey } from '../src/shared/model';
import {
  HistoryService,
  closeCache,
  markRefreshed,
  openCache,
  readNewestCandles,
  seriesId,
  upsertCandles,
  type CacheDb,
} from '../src/core/cache';
import { addSpan } from '../src/core/cache/candle-spans';
import { median, sample, type Benchmark, type BenchRow } from './harness';

const M = 60_000;
const SERIES: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'BENCH', kType: 1 };
const SOURCE: DataSourceId = 'demo';

function makeCandles(count: number, start = 1_600_000_000_000): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: start + i * M,
    open: 100 + (i % 50),
    high: 101 + (i % 50),
    low: 99 + (i % 50),
    close: 100.5 + (i % 50),
    volume: 1000 + i,
    turnover: 123_456.78 + i,
  }));
}

function withDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-bench-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Inserts `candles` into a fresh cache, timed; `raw` uses a plain prepared INSERT loop. */
function timeInsert(candles: Candle[], raw: boolean): number {
  return withDir((dir) => {
    const { db } = openCache(path.join(dir, 'cache.db'), { integrityCheck: 'none' });
    try {
      const t0 = performance.now();
      if (raw) {
        const id = seriesId(db, SOURCE, SERIES)!;
        const insert = db.sqlite.prepare('INSERT INTO candles VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
        db.sqlite.transaction(() => {
          for (const c of candles) {
            insert.run(id, c.time, c.open, c.high, c.low, c.close, c.volume, c.turnover);
          }
        })();
      } else {
        upsertCandles(db, SOURCE, SERIES, candles);
      }
      return performance.now() - t0;
    } finally {
      closeCache(db);
    }
  });
}

function ratioRow(
  name: string,
  value: number,
  unit: string,
  raw: number,
  goal: string,
  pass: boolean,
): BenchRow {
  return { name, value, unit, ratio: `${(value / raw).toFixed(2)}× raw`, goal, pass };
}

const benchmark: Benchmark = {
  title: 'cache (SQLite, better-sqlite3)',
  async run() {
    const rows: BenchRow[] = [];

    // 1. Upsert throughput: 200k candles in one call / one transaction, fresh file each run.
    const N = 200_000;
    const data = makeCandles(N);
    const ours: number[] = [];
    const raws: number[] = [];
    timeInsert(data.slice(0, 10_000), false); // warm up both paths
    timeInsert(data.slice(0, 10_000), true);
    for (let i = 0; i < 5; i++) {
      // Alternate so both see the same disk and CPU conditions.
      raws.push(timeInsert(data, true));
      ours.push(timeInsert(data, false));
    }
    const oursRate = N / (median(ours) / 1000);
    const rawRate = N / (median(raws) / 1000);
    rows.push({
      name: 'candle insert (raw prepared INSERT, 1 txn)',
      value: rawRate,
      unit: 'candles/s',
    });
    rows.push(
      ratioRow(
        'candle upsert (upsertCandles)',
        oursRate,
        'candles/s',
        rawRate,
        '≥0.8× raw, ≥500k/s',
        oursRate >= 0.8 * rawRate && oursRate >= 500_000,
      ),
    );

    await withDir(async (dir) => {
      const { db } = openCache(path.join(dir, 'cache.db'), { integrityCheck: 'none' });
      try {
        await readBenches(db, rows);
      } finally {
        closeCache(db);
      }
    });
    return rows;
  },
};

async function readBenches(db: CacheDb, rows: BenchRow[]): Promise<void> {
  // A series of 100k one-minute candles, refreshed "now" so loadCandles serves the cache.
  const all = makeCandles(100_000);
  upsertCandles(db, SOURCE, SERIES, all);
  const now = all.at(-1)!.time + 30_000;
  addSpan(db, seriesId(db, SOURCE, SERIES)!, all[0]!.time, now);
  markRefreshed(db, SOURCE, SERIES, now, all);
  const id = seriesId(db, SOURCE, SERIES)!;
  const rawSelect = db.sqlite.prepare(
    `SELECT time, open, high, low, close, volume, turnover FROM candles
     WHERE series_id = ? ORDER BY time DESC LIMIT ?`,
  );

  // 2. Newest 10,000 candles.
  const raw10k = median(
    await sample(() => rawSelect.all(id, 10_000), { iterations: 40, warmup: 5 }),
  );
  const ours10k = median(
    await sample(() => readNewestCandles(db, SOURCE, SERIES, 10_000), {
      iterations: 40,
      warmup: 5,
    }),
  );
  rows.push({ name: 'read newest 10,000 (raw SELECT .all)', value: raw10k, unit: 'ms (median)' });
  rows.push(
    ratioRow(
      'read newest 10,000 (readNewestCandles)',
      ours10k,
      'ms (median)',
      raw10k,
      '≤5 ms',
      ours10k <= 5,
    ),
  );

  // 3. Cache-first loadCandles of 5,000, end to end (freshness, coverage, answer).
  let calls = 0;
  const service = new HistoryService({
    db,
    candles: {
      sourceId: SOURCE,
      fetchCandles: async () => {
        calls++;
        return [];
      },
    },
    now: () => now,
  });
  const raw5k = median(await sample(() => rawSelect.all(id, 5000), { iterations: 40, warmup: 5 }));
  const load5k = median(
    await sample(() => service.loadCandles(SERIES, { limit: 5000 }), { iterations: 40, warmup: 5 }),
  );
  service.dispose();
  rows.push({ name: 'read newest 5,000 (raw SELECT .all)', value: raw5k, unit: 'ms (median)' });
  rows.push(
    ratioRow(
      `loadCandles 5,000 cache-first (${calls} source calls)`,
      load5k,
      'ms (median)',
      raw5k,
      '≤10 ms',
      load5k <= 10 && calls === 0,
    ),
  );
}

export default benchmark;
