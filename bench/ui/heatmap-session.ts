/**
 * An 8-hour recorded session for the heatmap's first-paint benchmark: one instrument's
 * 10-level book pushed every second (a seeded walk moving a few levels a push) and a
 * trade every 2 s, written by the recording's own writer on a clock of its own, then
 * read back as the pane asks for it (`readDepthHistory`, 15 s buckets: the finest whose
 * 4,800 columns span 8 hours): the buckets its view shows, then the rest (`pastSpans`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DepthHistory } from '../../src/shared/bridge';
import type { Instrument } from '../../src/shared/model';
import { seededRandom } from '../../src/core/cache/testing/seeded-random';
import { closeRecording, openRecording, RecordingWriter } from '../../src/core/recording';
import { readDepthHistory } from '../../src/core/recording/history';
import { BookWalk } from '../../src/core/recording/testing/books';
import { pastSpans } from '../../src/renderer/src/panes/heatmap/heatmap-history';

const BTC: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
export const SESSION_HOURS = Number(process.env.UI_HEATMAP_HOURS ?? 8);
export const SESSION_BUCKET_MS = 15_000;

export interface SessionRead {
  /** The pane's first ask (the buckets its view shows) and the rest of its span. */
  history: DepthHistory;
  rest: DepthHistory | null;
  /** Each read's time (ms), the frames written, and the first answer as JSON (bytes). */
  readMs: number;
  restReadMs: number;
  frames: number;
  jsonBytes: number;
}

/** Records the session into a temporary file and reads it back as the pane would. */
export function recordedSession(visibleColumns: number): SessionRead {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-heat-bench-'));
  try {
    const { db } = openRecording(path.join(dir, 'demo.db'), 'demo');
    try {
      const random = seededRandom(28);
      const walk = new BookWalk(random, BTC.code, 60_000);
      const end = Date.UTC(2026, 10, 28, 20);
      const start = end - SESSION_HOURS * 3_600_000;
      let now = start;
      const writer = new RecordingWriter(db, { now: () => now, timers: null });
      let frames = 0;
      for (let s = 0; now < end; s++, now += 1_000) {
        const book = walk.next();
        if (writer.append({ channel: 'depth', instrument: BTC, record: book })) frames++;
        if (s % 2 === 0) {
          const price = book.bids[0]!.price ?? 60_000;
          const tick = {
            symbol: BTC.code,
            last: price,
            time: now,
            volume: 1 + (s % 7),
            turnover: 0,
            status: 0,
          };
          if (writer.append({ channel: 'tick', instrument: BTC, record: tick })) frames++;
        }
        if (s % 3_600 === 0) writer.flush();
      }
      writer.close();
      // As the pane asks: the buckets its view shows first, then the rest of its span.
      const [first, rest] = pastSpans(end, SESSION_BUCKET_MS, visibleColumns);
      const read = (span: { from: number; to: number }) => {
        const t0 = performance.now();
        const history = readDepthHistory(db, 'demo', {
          instrument: BTC,
          ...span,
          bucketMs: SESSION_BUCKET_MS,
        });
        return { history, ms: performance.now() - t0 };
      };
      const a = read(first!);
      const b = rest ? read(rest) : null;
      return {
        history: a.history,
        rest: b?.history ?? null,
        readMs: a.ms,
        restReadMs: b?.ms ?? 0,
        frames,
        jsonBytes: JSON.stringify(a.history).length,
      };
    } finally {
      closeRecording(db);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
