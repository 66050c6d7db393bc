/**
 * `./run bench -- recording`: issue 28's recording figures.
 * - write rate on one core: frames appended and written (encoding, deltas, SQLite) per second;
 * - replay read rate: frames read back whole (deltas applied) per second;
 * - seek anywhere in an 8-hour session of 20 instruments (depth and quotes at 1/s each):
 *   the cursor's books at a random time, and its next 1,000 frames (p95);
 * - storage per instrument-hour of the demo's 10-level books pushed once a second, and
 *   the hours the 1 GiB budget holds.
 * The load average is printed beside, as in the other benches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readDepth } from '../src/core/api/normalise-market';
import { seededRandom } from '../src/core/cache/testing/seeded-random';
import {
  closeRecording,
  DEFAULT_RECORDING_BUDGET_BYTES,
  openRecording,
  read,
  RecordingCursor,
  RecordingWriter,
  usedBytes,
  type LiveFrame,
} from '../src/core/recording';
import { BookWalk } from '../src/core/recording/testing/books';
import { createServices } from '../src/core/services';
import { startDemoService } from '../src/simulator';
import { defaultWorkspaceSpecs } from './default-workspace';
import { SyntheticMarket } from '../src/simulator/market/synthetic-market';
import type { Instrument, Quote } from '../src/shared/model';
import { loadRow, percentile, type Benchmark, type BenchRow } from './harness';

const T0 = Date.UTC(2026, 10, 23, 14, 30);
const HOUR = 3_600_000;

const instrument = (n: number): Instrument => ({
  class: 'crypto',
  region: 'BA',
  exchange: '',
  code: `SYM${n}USDT`,
});

function quoteOf(random: () => number, symbol: string, time: number): Quote {
  const last = Math.round((100 + random() * 10) * 100) / 100;
  return {
    symbol,
    last,
    open: 101.5,
    prevClose: null,
    high: 111,
    low: 99.5,
    time,
    volume: Math.floor(random() * 1e7),
    turnover: Math.floor(random() * 1e9) / 100,
    status: 0,
    change: null,
    changePercent: null,
  };
}

/**
 * Runs `fn` in a fresh temporary folder (`prefix`…, removed after), with the path of the
 * session file to record there and the session's length in hours: 8, or REC_HOURS to
 * shorten it while working on a bench (the figures are the 8-hour one's).
 */
export async function inSessionFolder(
  prefix: string,
  fn: (dir: string, file: string, hours: number) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    await fn(dir, path.join(dir, 'session.db'), Number(process.env.REC_HOURS ?? 8));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The 30 times a seek is timed at: anywhere in the session but its last minute, where fewer than 1,000 frames follow. */
export function seekTimes(random: () => number, from: number, hours: number): number[] {
  return Array.from({ length: 30 }, () => from + Math.floor(random() * (hours * HOUR - 60_000)));
}

/**
 * Records `seconds` of `n` instruments, a 10-level book and a quote each per second,
 * written every `flushMs` of the recorded clock (0: as the writer's batch fills, as it
 * does at a high rate).
 */
export function recordSession(
  file: string,
  n: number,
  seconds: number,
  flushMs: number,
): { frames: number; ms: number; bytes: number } {
  const { db } = openRecording(file, 'demo');
  const random = seededRandom(1);
  const walks = Array.from({ length: n }, (_, i) => new BookWalk(random, `SYM${i}USDT`));
  const instruments = Array.from({ length: n }, (_, i) => instrument(i));
  let now = T0;
  const writer = new RecordingWriter(db, { now: () => now, timers: null });
  let frames = 0;
  let ms = 0;
  // Frames are made a second at a time outside the timing: the figure is the recording's.
  for (let s = 0; s < seconds; s++) {
    const batch: LiveFrame[] = [];
    for (let i = 0; i < n; i++) {
      batch.push({ channel: 'depth', instrument: instruments[i]!, record: walks[i]!.next() });
      batch.push({
        channel: 'quote',
        instrument: instruments[i]!,
        record: quoteOf(random, `SYM${i}USDT`, T0 + s * 1000),
      });
    }
    const t0 = performance.now();
    let flushedAt = T0 + s * 1000;
    batch.forEach((f, j) => {
      now = T0 + s * 1000 + Math.floor((j * 1000) / batch.length);
      if (writer.append(f)) frames++;
      if (flushMs > 0 && now - flushedAt >= flushMs) {
        writer.flush();
        flushedAt = now;
      }
    });
    if (flushMs > 0) writer.flush();
    ms += performance.now() - t0;
  }
  const t0 = performance.now();
  writer.close();
  ms += performance.now() - t0;
  const bytes = usedBytes(db);
  closeRecording(db);
  return { frames, ms, bytes };
}

/** How long each run of the default workspace streams (REC_WORKSPACE_S overrides). */
const WORKSPACE_S = Number(process.env.REC_WORKSPACE_S ?? 40);

/**
 * The app's services on the demo, the default workspace's shown panes subscribed as its
 * window would, for `WORKSPACE_S` after a warm-up: the process's CPU time over that span,
 * and the time spent inside the recording writer (every append and flush, timed around
 * the calls: on a busy machine wall time, so if anything more than its CPU).
 */
async function workspaceRun(record: boolean): Promise<{
  cpuMs: number;
  writerMs: number;
  frames: number;
  spanMs: number;
}> {
  const folder = mkdtempSync(path.join(tmpdir(), 'md-bench-rec-ws-'));
  let writerMs = 0;
  const proto = RecordingWriter.prototype;
  const { append, flush } = proto;
  proto.append = function timedAppend(this: RecordingWriter, frame: LiveFrame) {
    const t0 = performance.now();
    try {
      return append.call(this, frame);
    } finally {
      writerMs += performance.now() - t0;
    }
  };
  proto.flush = function timedFlush(this: RecordingWriter) {
    const t0 = performance.now();
    try {
      flush.call(this);
    } finally {
      writerMs += performance.now() - t0;
    }
  };
  try {
    const services = await createServices({
      dataFolder: folder,
      demo: startDemoService,
      loadKeytar: null,
      cacheFile: ':memory:',
      record,
    });
    try {
      for (const pane of defaultWorkspaceSpecs()) {
        for (const spec of pane.specs) services.hub.subscribe('window-1', spec, () => undefined);
      }
      // Warm-up: first answers, the stream connected, the recording file made.
      await new Promise((r) => setTimeout(r, 5_000));
      const frames0 = services.recorder.status().framesWritten;
      writerMs = 0;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, WORKSPACE_S * 1000));
      const used = process.cpuUsage(cpu0);
      const spanMs = performance.now() - t0;
      services.recorder.flush();
      return {
        cpuMs: (used.user + used.system) / 1000,
        writerMs,
        frames: services.recorder.status().framesWritten - frames0,
        spanMs,
      };
    } finally {
      await services.dispose();
    }
  } finally {
    proto.append = append;
    proto.flush = flush;
    rmSync(folder, { recursive: true, force: true });
  }
}

const recording: Benchmark = {
  title: 'Recording (issue 28): write, read, seek, storage',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [loadRow('before')];
    await inSessionFolder('md-bench-rec-', async (dir, file, hours) => {
      // 1–3. An 8-hour session of 20 instruments: 1.15 M frames.
      const w = recordSession(file, 20, hours * 3600, 0);
      const writeRate = w.frames / (w.ms / 1000);
      rows.push({
        name: `write rate, one core (${w.frames.toLocaleString('en-US')} frames: 10-level books and quotes)`,
        value: writeRate,
        unit: 'frames/s',
        goal: '≥ 50,000',
        pass: writeRate >= 50_000,
      });
      // The default workspace's pace: 40 frames a second, written every half second.
      const paced = recordSession(path.join(dir, 'paced.db'), 20, 600, 500);
      const cpu = (paced.ms / (600 * 1000)) * 100;
      rows.push({
        name: 'recording CPU at 20 instruments × (book + quote) a second, written every 0.5 s',
        value: cpu,
        unit: '% of a core',
        goal: '≤ 5 (the recorder alone)',
        pass: cpu <= 5,
      });
      // The default workspace on the demo, streaming for real: without, then with recording.
      const without = await workspaceRun(false);
      const withRec = await workspaceRun(true);
      const pct = (ms: number, span: number) => (ms / span) * 100;
      const writerPct = pct(withRec.writerMs, withRec.spanMs);
      rows.push({
        name: `default workspace on the demo, ${WORKSPACE_S} s: recording writer (append + flush), ${withRec.frames.toLocaleString('en-US')} frames`,
        value: writerPct,
        unit: '% of a core',
        goal: '≤ 5',
        pass: writerPct <= 5,
      });
      rows.push({
        name: '  whole process CPU, recording off (services + in-process demo service)',
        value: pct(without.cpuMs, without.spanMs),
        unit: '% of a core',
      });
      rows.push({
        name: '  whole process CPU, recording on',
        value: pct(withRec.cpuMs, withRec.spanMs),
        unit: '% of a core',
      });
      const { db } = openRecording(file, 'demo');
      try {
        let read0 = performance.now();
        let count = 0;
        for (const _ of read(db, { from: T0, to: T0 + 2 * HOUR })) count++;
        const readMs = performance.now() - read0;
        const readRate = count / (readMs / 1000);
        rows.push({
          name: `replay read rate (2 h of the session: ${count.toLocaleString('en-US')} frames, books whole)`,
          value: readRate,
          unit: 'frames/s',
          goal: '≥ 50,000',
          pass: readRate >= 50_000,
        });
        const random = seededRandom(5);
        const seeks: number[] = [];
        for (const t of seekTimes(random, T0, hours)) {
          read0 = performance.now();
          const cursor = new RecordingCursor(db);
          const books = cursor.seek(t);
          const next = cursor.next(1000);
          seeks.push(performance.now() - read0);
          if (books.size !== 20 || next.length !== 1000) {
            throw new Error(
              `seek read short: ${books.size} books, ${next.length} frames at +${t - T0} ms`,
            );
          }
        }
        const p95 = percentile(seeks, 95);
        rows.push({
          name: `seek anywhere in a ${hours}-hour session (20 books + next 1,000 frames), p95 of 30`,
          value: p95,
          unit: 'ms',
          goal: '≤ 200',
          pass: p95 <= 200,
        });
        rows.push({
          name: `${hours}-hour session file (20 instruments, books and quotes at 1/s)`,
          value: w.bytes / 1024 ** 2,
          unit: 'MiB',
        });
      } finally {
        closeRecording(db);
      }

      // 4. The demo's own 10-level books (the simulator's BTCUSDT…), one push a second.
      let now = T0;
      const market = new SyntheticMarket({ seed: 1, now: () => now });
      const codes = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
      const demoFile = path.join(dir, 'demo.db');
      const opened = openRecording(demoFile, 'demo');
      const writer = new RecordingWriter(opened.db, { now: () => now, timers: null });
      let depthFrames = 0;
      const demoHours = 2;
      let levels = 0;
      for (let s = 0; s < demoHours * 3600; s++) {
        now = T0 + s * 1000;
        for (const code of codes) {
          const wire = market.depth('crypto', 'BA', '', code);
          if (!wire) throw new Error(`the demo has no ${code}`);
          const book = readDepth(wire, code);
          levels = Math.max(levels, book.asks.length);
          if (
            writer.append({
              channel: 'depth',
              instrument: { ...instrument(0), code },
              record: book,
            })
          ) {
            depthFrames++;
          }
        }
        writer.flush();
      }
      writer.close();
      const perHour = usedBytes(opened.db) / (codes.length * demoHours);
      closeRecording(opened.db);
      rows.push({
        name: `storage per instrument-hour, demo ${levels}-level books at 1 push/s (${depthFrames.toLocaleString('en-US')} frames)`,
        value: perHour / 1024 ** 2,
        unit: 'MiB',
      });
      rows.push({
        name: 'instrument-hours of such books in the 1 GiB budget',
        value: DEFAULT_RECORDING_BUDGET_BYTES / perHour,
        unit: 'h',
      });
      // 10-level books (the live service's deepest): a seeded walk moving 1–3 levels a
      // push, and the worst case, every level new at every push.
      for (const [label, whole] of [
        ['10-level books moving 1–3 levels a push', false],
        ['10-level books, every level new each push', true],
      ] as const) {
        const f = path.join(dir, `walk-${whole}.db`);
        const o = openRecording(f, 'demo');
        const random = seededRandom(9);
        const walks = codes.map(
          (c) => new BookWalk(random, c, 100 + random() * 1000, 10, 2, whole),
        );
        const wr = new RecordingWriter(o.db, { now: () => now, timers: null });
        for (let s = 0; s < demoHours * 3600; s++) {
          now = T0 + s * 1000;
          codes.forEach((code, i) => {
            wr.append({
              channel: 'depth',
              instrument: { ...instrument(0), code },
              record: walks[i]!.next(),
            });
          });
          wr.flush();
        }
        wr.close();
        const each = usedBytes(o.db) / (codes.length * demoHours);
        closeRecording(o.db);
        rows.push({
          name: `storage per instrument-hour, ${label} at 1 push/s`,
          value: each / 1024 ** 2,
          unit: 'MiB',
        });
        rows.push({
          name: `  instrument-hours of these in the 1 GiB budget`,
          value: DEFAULT_RECORDING_BUDGET_BYTES / each,
          unit: 'h',
        });
      }
    });
    rows.push(loadRow('after'));
    return rows;
  },
};

export default recording;
