/**
 * Starting with a huge data file (`npm run bench -- stores`): the whole services start
 * (`createServices`, as the app and the browser host run it) with an `alerts.json` of
 * 330,000 valid alerts, and with an unreadable 100 MB one. Goals (issue 24): start
 * ≤ 3 s, exactly one notice, and the file kept aside with every byte.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Alert } from '../src/shared/model';
import { ALERTS_FILE_NAME, ALERTS_FILE_VERSION } from '../src/core/alerts';
import { createServices } from '../src/core/services';
import { startDemoService } from '../src/simulator';
import type { Benchmark, BenchRow } from './harness';

const GOAL_MS = 3000;

function alerts(count: number): Buffer {
  const list: Alert[] = Array.from({ length: count }, (_, n) => ({
    id: `alert-${n}`,
    instrument: { class: 'stock', region: 'US', exchange: '', code: `S${n}` },
    condition: { kind: 'above', price: 100 + (n % 50) },
    repeat: 'once',
    state: 'active',
    source: 'demo',
    createdAt: n,
    lastFired: null,
    firedCount: 0,
  }));
  return Buffer.from(JSON.stringify({ version: ALERTS_FILE_VERSION, alerts: list }));
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function startWith(label: string, bytes: Buffer): Promise<BenchRow[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'md-bench-stores-'));
  try {
    writeFileSync(path.join(folder, ALERTS_FILE_NAME), bytes);
    const rss = process.memoryUsage().rss;
    const t0 = performance.now();
    const services = await createServices({
      dataFolder: folder,
      demo: startDemoService,
      loadKeytar: null,
      cacheFile: ':memory:',
    });
    const ms = performance.now() - t0;
    const grew = (process.memoryUsage().rss - rss) / 1024 / 1024;
    const notices = services.notices.all.length;
    await services.dispose();
    const kept = readdirSync(folder).filter((f) => f.startsWith(`${ALERTS_FILE_NAME}.bad-`));
    const intact =
      kept.length === 1 && sha(readFileSync(path.join(folder, kept[0]!))) === sha(bytes);
    const size = `${(bytes.length / 1024 / 1024).toFixed(0)} MB`;
    return [
      {
        name: `start, ${label} (${size})`,
        value: ms,
        unit: 'ms',
        goal: `≤ ${GOAL_MS}`,
        pass: ms <= GOAL_MS,
      },
      { name: `  memory grown at start`, value: grew, unit: 'MiB' },
      { name: `  notices`, value: notices, unit: '', goal: '= 1', pass: notices === 1 },
      {
        name: `  file kept aside intact`,
        value: intact ? 1 : 0,
        unit: 'yes=1',
        goal: '= 1',
        pass: intact,
      },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const bench: Benchmark = {
  title: 'Start with a huge alerts.json',
  async run() {
    return [
      ...(await startWith('330,000 alerts', alerts(330_000))),
      ...(await startWith('unreadable', Buffer.alloc(100 * 1024 * 1024, 0x5b))),
    ];
  },
};
export default bench;
