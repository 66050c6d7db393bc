/**
 * The synthetic market's hot paths, without HTTP: the benchmark's 50-code quotes
 * request and 10-code × 500-candle klines requests, cold (fresh market) and warm.
 */
import type { KType } from '../src/shared/model';
import { SyntheticMarket } from '../src/simulator/market/synthetic-market';
import type { Benchmark, BenchRow } from './harness';
import { median, sample } from './harness';
import { catalogOf } from '../src/simulator';

const NOW = Date.parse('2026-11-18T15:30:17.250Z');
/** Listed US stocks: the simulator has no data for an unlisted code. */
const CODES50 = catalogOf('stock', 'US')
  .slice(0, 50)
  .map((e) => e.code);
const CODES10 = CODES50.slice(0, 10);

const bench: Benchmark = {
  title: 'Synthetic market (in-process, no HTTP)',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    let now = NOW;
    const market = new SyntheticMarket({ seed: 1, now: () => now });
    const quotes = () => CODES50.map((c) => market.quote('stock', 'US', '', c));
    const cold = new SyntheticMarket({ seed: 2, now: () => NOW });
    const t0 = performance.now();
    for (const c of CODES10) cold.klines('stock', 'US', '', c, 8, 500);
    rows.push({ name: 'klines 10 × 500 daily, cold', value: performance.now() - t0, unit: 'ms' });
    for (const kType of [1, 5, 8, 10] as KType[]) {
      const run = () => {
        now += 1000;
        for (const c of CODES10) market.klines('stock', 'US', '', c, kType, 500);
      };
      rows.push({
        name: `klines 10 × 500 kType ${kType}, warm`,
        value: median(await sample(run)),
        unit: 'ms',
      });
    }
    rows.push({
      name: 'quotes 50 codes, warm',
      value: median(await sample(() => ((now += 1000), quotes()), { iterations: 50 })),
      unit: 'ms',
    });
    return rows;
  },
};

export default bench;
