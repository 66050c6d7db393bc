import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import { readNewestCandles, upsertCandles } from './candles';
import { CacheTooNewError } from './errors';
import { LATEST_VERSION } from './migrations';
import { cacheFilePath, closeCache, openCache } from './open-cache';
import { DEMO, candles, series } from './testing/fixtures';

let dir = '';
let file = '';
beforeEach(() => {
  dir = tempFolder('md-open-');
  file = cacheFilePath(dir);
});

describe('openCache', () => {
  it('creates the file with WAL, synchronous NORMAL, foreign keys and the latest schema', () => {
    const { db, recovery } = openCache(path.join(dir, 'nested', 'cache.db'));
    expect(recovery).toBeNull();
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(db.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.sqlite.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    closeCache(db);
  });

  it('reopens an existing cache with its data', () => {
    const first = openCache(file).db;
    upsertCandles(first, DEMO, series(), candles(0, 10));
    closeCache(first);
    const { db, recovery } = openCache(file);
    expect(recovery).toBeNull();
    expect(readNewestCandles(db, DEMO, series(), 100)).toHaveLength(10);
    closeCache(db);
  });

  it('moves a file of garbage bytes aside and recreates the cache', () => {
    const garbage = Buffer.alloc(8192, 0x5a);
    writeFileSync(file, garbage);
    writeFileSync(`${file}-wal`, 'junk');
    const { db, recovery } = openCache(file, { now: () => Date.UTC(2026, 0, 2, 3, 4, 5, 6) });
    expect(recovery).not.toBeNull();
    expect(recovery!.movedTo).toBe(`${file}.corrupt-2026-01-02T03-04-05-006Z`);
    expect(recovery!.message).toContain('reset');
    expect(recovery!.message).toContain(recovery!.movedTo);
    expect(readFileSync(recovery!.movedTo)).toEqual(garbage);
    // (SQLite itself deletes the junk -wal when the failed connection closes.)
    // The new cache works.
    upsertCandles(db, DEMO, series(), candles(0, 3));
    expect(readNewestCandles(db, DEMO, series(), 10)).toHaveLength(3);
    closeCache(db);
  });

  it('moves a truncated real database aside and recreates the cache', () => {
    const first = openCache(file).db;
    for (let i = 0; i < 20; i++) upsertCandles(first, DEMO, series(1, `S${i}`), candles(0, 500));
    closeCache(first);
    const size = readFileSync(file).length;
    expect(size).toBeGreaterThan(64 * 1024);
    truncateSync(file, Math.floor(size / 3));
    const { db, recovery } = openCache(file);
    expect(recovery).not.toBeNull();
    expect(recovery!.reason).toMatch(/integrity|malformed|corrupt/i);
    expect(readNewestCandles(db, DEMO, series(1, 'S0'), 10)).toEqual([]);
    expect(readdirSync(dir).some((f) => f.startsWith('cache.db.corrupt-'))).toBe(true);
    closeCache(db);
  });

  it('auto mode: on a big cleanly closed file, checks only when the header and size disagree', () => {
    const first = openCache(file).db;
    for (let i = 0; i < 20; i++) upsertCandles(first, DEMO, series(1, `S${i}`), candles(0, 500));
    closeCache(first);
    const bytes = readFileSync(file);
    // Damage a page in the middle without changing the size: only a full check sees it.
    bytes.fill(0x77, 16 * 4096, 17 * 4096);
    writeFileSync(file, bytes);
    const skipped = openCache(file, { autoCheckMaxBytes: 0 });
    expect(skipped.recovery).toBeNull();
    closeCache(skipped.db);
    const checked = openCache(file, { integrityCheck: 'quick' });
    expect(checked.recovery).not.toBeNull();
    closeCache(checked.db);
    // A truncated file is caught by the header/size comparison even above the threshold.
    const again = openCache(file).db;
    for (let i = 0; i < 20; i++) upsertCandles(again, DEMO, series(1, `S${i}`), candles(0, 500));
    closeCache(again);
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
    const truncated = openCache(file, { autoCheckMaxBytes: 0 });
    expect(truncated.recovery).not.toBeNull();
    closeCache(truncated.db);
  });

  it('refuses (and leaves in place) a cache from a newer app', () => {
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST_VERSION + 4}`);
    raw.close();
    expect(() => openCache(file)).toThrow(CacheTooNewError);
    expect(readdirSync(dir)).not.toContain(expect.stringContaining('corrupt'));
    expect(existsSync(file)).toBe(true);
  });
});
