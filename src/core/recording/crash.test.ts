/**
 * A killed writer loses at most the last second and nothing else: a child records on a
 * virtual clock (its writer flushing on its own interval) and is SIGKILLed after a seeded
 * number of writes; the file then opens clean and holds exactly the planned frames up to
 * a point at most one second (of the writer's clock) before the last frame it appended.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { instrumentKey } from '../../shared/model';
import { runUntilKilled } from '../cache/testing/kill-child';
import { seededRandom, testSeed } from '../cache/testing/seeded-random';
import { listSessions } from './maintenance';
import { closeRecording, openRecording } from './open-recording';
import { read } from './reader';
import { crashPlan } from './testing/crash-plan';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'testing', 'crash-writer.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'md-rec-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the writer; SIGKILLs it `extra` frames after its `writes`-th flush (anywhere
 * between two flushes); the last `at` time it printed and the newest frame acknowledged.
 */
async function recordThenKill(
  file: string,
  seed: number,
  writes: number,
  extra: number,
): Promise<{ lastAt: number; flushed: number }> {
  let lastAt = 0;
  let flushed = 0;
  let acks = 0;
  let after = 0;
  await runUntilKilled(child, [file, String(seed)], (line, kill) => {
    const [word, t] = line.split(' ');
    if (word === 'at') {
      lastAt = Math.max(lastAt, Number(t));
      if (acks >= writes) after++;
    }
    if (word === 'flushed') {
      flushed = Math.max(flushed, Number(t));
      acks++;
    }
    if (acks >= writes && after >= extra) kill();
  });
  return { lastAt, flushed };
}

describe('recording crash recovery', () => {
  it('loses at most the last second, and nothing else, when the writer is killed', async () => {
    const seed = testSeed('RECORDING_CRASH_SEED');
    onTestFailed(() => console.error(`replay with RECORDING_CRASH_SEED=${seed}`));
    const random = seededRandom(seed);
    for (let round = 0; round < 5; round++) {
      const file = path.join(dir, `r${round}.db`);
      const planSeed = Math.floor(random() * 2 ** 31);
      // Frames are 5–25 ms apart: up to 200 frames after a flush reach well past the next.
      const { lastAt, flushed } = await recordThenKill(
        file,
        planSeed,
        2 + Math.floor(random() * 10),
        Math.floor(random() * 200),
      );
      const { db, recovery } = openRecording(file, 'demo');
      try {
        expect(recovery).toBeNull();
        const got = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })];
        const plan = crashPlan(planSeed);
        const want = got.map(() => plan.next().value!);
        // Exactly the plan's frames, in order, nothing altered or skipped.
        expect(got.map((f) => [f.t, instrumentKey(f.instrument), f.record])).toEqual(
          want.map((p) => [p.t, instrumentKey(p.instrument), p.book]),
        );
        const lastStored = got.at(-1)!.t;
        // Every acknowledged write is there; what is missing is under a second.
        expect(lastStored).toBeGreaterThanOrEqual(flushed);
        expect(lastAt - lastStored).toBeLessThanOrEqual(1000);
        // The crashed session ends at its last write.
        const [session] = listSessions(db);
        expect(session).toMatchObject({ closed: false, frames: got.length, endedAt: lastStored });
      } finally {
        closeRecording(db);
      }
    }
  });
});
