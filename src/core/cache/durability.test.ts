/**
 * Acknowledged writes survive SIGKILL: a writer child is killed mid-stream again and
 * again; afterwards the file passes integrity_check and holds every acknowledged batch.
 *
 * Each round kills after a number of acknowledgements drawn from a seeded PRNG (a count,
 * not a delay, so a slow machine replays the same plan). A failure prints the seed;
 * `DURABILITY_SEED=<seed> npx vitest run src/core/cache/durability.test.ts` replays it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { runUntilKilled } from './testing/kill-child';
import { seededRandom, testSeed } from './testing/seeded-random';

const here = path.dirname(fileURLToPath(import.meta.url));
const writer = path.join(here, 'testing', 'durability-writer.ts');
const BATCH = 200;
const ROUNDS = 6;
/** Kill after 1..MAX_ACKS acknowledgements (≈ the 20–270 ms the rounds used to last). */
const MAX_ACKS = 150;
const dir = mkdtempSync(path.join(tmpdir(), 'md-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many acknowledgements each round waits for before its SIGKILL. */
function killPlan(seed: number, rounds = ROUNDS): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: rounds }, () => 1 + Math.floor(random() * MAX_ACKS));
}

/** Runs the writer from `first`, SIGKILLs it once it has acked `killAfter` batches; returns the acks. */
async function writeThenKill(file: string, first: number, killAfter: number): Promise<number[]> {
  const acks: number[] = [];
  await runUntilKilled(writer, [file, String(first), String(BATCH)], (line, kill) => {
    const m = /^ack (\d+)$/.exec(line);
    if (m) acks.push(Number(m[1]));
    // The writer goes on writing while the signal travels: it lands mid-batch.
    if (acks.length >= killAfter) kill();
  });
  return acks;
}

describe('durability', () => {
  it('draws the same kill plan from the same seed, and varied ones from others', () => {
    expect(killPlan(42)).toEqual(killPlan(42));
    expect(killPlan(42)).not.toEqual(killPlan(43));
    const all = [1, 2, 3, 4, 5].flatMap((seed) => killPlan(seed));
    expect(all.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ACKS)).toBe(true);
    expect(new Set(all).size).toBeGreaterThan(ROUNDS);
  });

  it('keeps every acknowledged batch across repeated SIGKILLs', async () => {
    const seed = testSeed('DURABILITY_SEED');
    const plan = killPlan(seed);
    onTestFailed(() => {
      console.error(
        `durability: seed ${seed}, kill after ${plan.join(', ')} acks; ` +
          `replay with DURABILITY_SEED=${seed}`,
      );
    });
    const file = path.join(dir, 'cache.db');
    const acked = new Set<number>();
    let next = 0;
    for (const killAfter of plan) {
      const acks = await writeThenKill(file, next, killAfter);
      expect(acks.length).toBeGreaterThan(0);
      for (const n of acks) acked.add(n);
      next = Math.max(...acks) + 1;
    }
    const db = new Database(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db
        .prepare(
          `SELECT time, open, close, volume FROM candles
           WHERE series_id = (SELECT id FROM series WHERE code = 'DUR') ORDER BY time`,
        )
        .all() as { time: number; open: number; close: number; volume: number }[];
      const byTime = new Map(rows.map((r) => [r.time, r]));
      let missing = 0;
      for (const n of acked) {
        for (let i = 0; i < BATCH; i++) {
          const k = n * BATCH + i;
          const row = byTime.get(k * 60_000);
          if (!row || row.open !== k || row.close !== k + 0.5 || row.volume !== n) missing++;
        }
      }
      expect(missing).toBe(0);
      // Every round ran to its kill point before the SIGKILL.
      expect(acked.size).toBeGreaterThanOrEqual(plan.reduce((a, b) => a + b, 0));
    } finally {
      db.close();
    }
  }, 30_000);
});
