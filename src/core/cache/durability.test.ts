/**
 * Acknowledged writes survive SIGKILL: a writer child is killed mid-stream again and
 * again; afterwards the file passes integrity_check and holds every acknowledged batch.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const writer = path.join(here, 'testing', 'durability-writer.ts');
const BATCH = 200;
const ROUNDS = 6;
const dir = mkdtempSync(path.join(tmpdir(), 'md-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer from `first`, SIGKILLs it `delayMs` after its first ack; returns the acks. */
function writeThenKill(file: string, first: number, delayMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', writer, file, String(first), String(BATCH)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acks: number[] = [];
    let buffered = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const m = /^ack (\d+)$/.exec(line);
        if (m) acks.push(Number(m[1]));
      }
      timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`writer exited without being killed: ${stderr}`));
      else resolve(acks);
    });
  });
}

describe('durability', () => {
  it('keeps every acknowledged batch across repeated SIGKILLs', async () => {
    const file = path.join(dir, 'cache.db');
    const acked = new Set<number>();
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const acks = await writeThenKill(file, next, 20 + Math.floor(Math.random() * 250));
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
      expect(acked.size).toBeGreaterThan(ROUNDS);
    } finally {
      db.close();
    }
  }, 30_000);
});
