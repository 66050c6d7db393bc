/**
 * Child process of durability.test.ts: opens the cache and writes candle batches
 * forever, each in one transaction, printing `ack <n>` after each commit. The test
 * SIGKILLs it mid-stream and checks every acknowledged batch survived.
 *
 * Usage: node --import tsx durability-writer.ts <cache file> <first batch> <batch size>
 */
import type { Candle } from '../../../shared/model';
import { upsertCandles } from '../candles';
import { openCache } from '../open-cache';
import { saveSnapshots } from '../snapshots';
import { DEMO } from './fixtures';

const [file, firstArg, sizeArg] = process.argv.slice(2);
if (!file || !firstArg || !sizeArg) {
  console.error('usage: durability-writer <file> <first batch> <batch size>');
  process.exit(2);
}
const size = Number(sizeArg);
const { db } = openCache(file);
const series = { class: 'stock', region: 'US', exchange: '', code: 'DUR', kType: 1 } as const;

/** Batch n holds minutes [n·size, (n+1)·size), with values the test can recompute. */
export function batch(n: number, batchSize: number): Candle[] {
  return Array.from({ length: batchSize }, (_, i) => {
    const k = n * batchSize + i;
    return {
      time: k * 60_000,
      open: k,
      high: k + 1,
      low: k - 1,
      close: k + 0.5,
      volume: n,
      turnover: i,
    };
  });
}

for (let n = Number(firstArg); n < 1_000_000; n++) {
  upsertCandles(db, DEMO, series, batch(n, size));
  // A second table in the mix, so the kill can land in other b-trees too.
  const tick = { symbol: 'DUR', last: n, time: n, volume: 1, turnover: 1, status: 0 };
  saveSnapshots(db, DEMO, 'tick', [{ instrument: series, record: tick, at: n }]);
  // Only after COMMIT returned: this is the acknowledgement the test holds us to.
  process.stdout.write(`ack ${n}\n`);
}
