/**
 * `./run bench -- replay`: issue 28's replay figures, on an 8-hour recorded session of 20
 * instruments (a 10-level book and a quote each a second: 1.15 M frames, made by the
 * recording bench's `recordSession`).
 * - play rate: frames a replay hands on per second (src/core/replay's player: deltas
 *   applied, each instrument's records kept), and the same with every frame encoded as
 *   the loopback stream's push (the service's wire record, JSON) as a subscribed pane
 *   would be sent it;
 * - seek anywhere in the session: the player moved to a random time (every book, quote
 *   and tick as they stood) and the next 1,000 frames played, p95 of 30.
 * The load average is printed beside, as in the other benches.
 */
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../src/core/cache/testing/seeded-random';
import {
  closeRecording,
  listSessions,
  openRecording,
  type RecordedFrame,
  type RecordingDb,
} from '../src/core/recording';
import { MAX_FRAMES_PER_ADVANCE, ReplayPlayer } from '../src/core/replay';
import { wireDepth, wireQuote, wireTick } from '../src/core/replay/wire-records';
import { loadRow, percentile, type Benchmark, type BenchRow } from './harness';
import { inSessionFolder, recordSession, seekTimes } from './recording.bench';

const HOUR = 3_600_000;

/** A push as the replay's stream sends it. */
function push(f: RecordedFrame): string {
  const data =
    f.channel === 'depth'
      ? wireDepth(f.record)
      : f.channel === 'quote'
        ? wireQuote(f.record)
        : wireTick(f.record);
  return JSON.stringify({ code: 1, data: { ...data, type: f.channel } });
}

/** Plays `hours` from `from` as fast as the player can (the clock at the span's end). */
function play(
  db: RecordingDb,
  from: number,
  hours: number,
  encode: boolean,
): { frames: number; ms: number; bytes: number } {
  const to = from + hours * HOUR;
  const player = new ReplayPlayer({ db, instruments: null, from, to, speed: 100, now: () => 0 });
  // The clock at the end of the span: every frame is due.
  player.clock.seek(to);
  let frames = 0;
  let bytes = 0;
  const t0 = performance.now();
  for (;;) {
    const batch = player.advance();
    frames += batch.length;
    if (encode) for (const f of batch) bytes += push(f).length;
    if (batch.length < MAX_FRAMES_PER_ADVANCE) break;
  }
  const ms = performance.now() - t0;
  player.dispose();
  return { frames, ms, bytes };
}

const replay: Benchmark = {
  title: 'Replay (issue 28): play rate, seek',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [loadRow('before')];
    await inSessionFolder('md-bench-replay-', async (_dir, file, hours) => {
      recordSession(file, 20, hours * 3600, 0);
      const { db } = openRecording(file, 'demo');
      try {
        const [session] = listSessions(db);
        const from = session!.startedAt;
        const span = Math.min(2, hours);
        const plain = play(db, from, span, false);
        const rate = plain.frames / (plain.ms / 1000);
        rows.push({
          name: `replay play rate (${span} h: ${plain.frames.toLocaleString('en-US')} frames, books whole)`,
          value: rate,
          unit: 'frames/s',
          goal: '≥ 50,000',
          pass: rate >= 50_000,
        });
        const encoded = play(db, from, span, true);
        const wireRate = encoded.frames / (encoded.ms / 1000);
        rows.push({
          name: `… and each frame encoded as the loopback stream's push (${(encoded.bytes / 1024 ** 2).toFixed(0)} MiB of JSON)`,
          value: wireRate,
          unit: 'frames/s',
        });
        const random = seededRandom(7);
        const player = new ReplayPlayer({
          db,
          instruments: null,
          from,
          to: from + hours * HOUR,
          speed: 100,
          now: () => 0,
        });
        const seeks: number[] = [];
        for (const t of seekTimes(random, from, hours)) {
          const t0 = performance.now();
          player.seek(t);
          // The next 1,000 frames: the clock held just past them.
          player.clock.seek(t + 30_000);
          const next = player.advance().length;
          seeks.push(performance.now() - t0);
          const books = player.instruments.filter((i) => player.book(i) !== null).length;
          if (books !== 20 || next < 1000) {
            throw new Error(`seek read short: ${books} books, ${next} frames at +${t - from} ms`);
          }
        }
        player.dispose();
        const p95 = percentile(seeks, 95);
        rows.push({
          name: `seek anywhere in a ${hours}-hour session (every book and quote there + the next 30 s, ≥ 1,000 frames), p95 of 30`,
          value: p95,
          unit: 'ms',
          goal: '≤ 200',
          pass: p95 <= 200,
        });
      } finally {
        closeRecording(db);
      }
    });
    rows.push(loadRow('after'));
    return rows;
  },
};

export default replay;
