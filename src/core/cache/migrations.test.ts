import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CacheTooNewError } from './errors';
import { LATEST_VERSION, MIGRATIONS, migrate, type Migration } from './migrations';

let dir = '';
let file = '';
let sqlite: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'md-migrate-'));
  file = path.join(dir, 'cache.db');
  sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = () =>
  sqlite
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
const version = () => sqlite.pragma('user_version', { simple: true });

describe('migrations', () => {
  it('1 creates series, candles (WITHOUT ROWID) and candle_spans', () => {
    migrate(sqlite, file, 1);
    expect(version()).toBe(1);
    expect(tables()).toEqual(['candle_spans', 'candles', 'series']);
    const ddl = sqlite
      .prepare("SELECT sql FROM sqlite_schema WHERE name = 'candles'")
      .pluck()
      .get();
    expect(ddl).toMatch(/WITHOUT ROWID/);
    sqlite
      .prepare(
        "INSERT INTO series (class, region, exchange, code, k_type) VALUES ('stock','US','','A',1)",
      )
      .run();
    sqlite.prepare('INSERT INTO candles VALUES (1, 60000, 1, 2, 0.5, 1.5, 10, 15)').run();
    // Foreign key: candles of an unknown series are refused.
    expect(() =>
      sqlite.prepare('INSERT INTO candles VALUES (9, 1, 1, 1, 1, 1, 1, 1)').run(),
    ).toThrow(/FOREIGN KEY/);
    // Unique series key.
    expect(() =>
      sqlite
        .prepare(
          "INSERT INTO series (class, region, exchange, code, k_type) VALUES ('stock','US','','A',1)",
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('2 adds news items and pages on top of 1, keeping data', () => {
    migrate(sqlite, file, 1);
    sqlite
      .prepare(
        "INSERT INTO series (class, region, exchange, code, k_type) VALUES ('stock','US','','A',1)",
      )
      .run();
    migrate(sqlite, file, 2);
    expect(version()).toBe(2);
    expect(tables()).toEqual(['candle_spans', 'candles', 'news_items', 'news_pages', 'series']);
    expect(sqlite.prepare('SELECT count(*) FROM series').pluck().get()).toBe(1);
    sqlite
      .prepare("INSERT INTO news_pages VALUES ('stock', 'en', '', NULL, 0, NULL, NULL, 0, 1)")
      .run();
  });

  it('3 adds snapshots', () => {
    migrate(sqlite, file, 2);
    migrate(sqlite, file, 3);
    expect(version()).toBe(3);
    expect(tables()).toContain('snapshots');
    sqlite.prepare("INSERT INTO snapshots VALUES ('quote', 'stock:US::A', 1, '{}')").run();
  });

  it('knows one version per migration and migrates a new file to the latest', () => {
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
    expect(migrate(sqlite, file)).toBe(0);
    expect(version()).toBe(LATEST_VERSION);
    expect(migrate(sqlite, file)).toBe(LATEST_VERSION);
  });

  it('runs all pending migrations in one transaction: a failure leaves the old schema', () => {
    const broken: Migration[] = [
      'CREATE TABLE a (x)',
      'CREATE TABLE b (x)',
      () => {
        throw new Error('boom');
      },
    ];
    expect(() => migrate(sqlite, file, 3, broken)).toThrow('boom');
    expect(version()).toBe(0);
    expect(tables()).toEqual([]);
  });

  it('refuses a database from a newer app with an actionable message', () => {
    sqlite.pragma('user_version = 7');
    let caught: unknown;
    try {
      migrate(sqlite, file);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CacheTooNewError);
    const err = caught as CacheTooNewError;
    expect(err.code).toBe('cache-too-new');
    expect(err.message).toBe(
      `This cache was written by a newer Marketdesk (schema 7, this app knows ${LATEST_VERSION}). ` +
        `Update Marketdesk or remove ${file}.`,
    );
    expect(version()).toBe(7);
  });
});
