import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import { CacheTooNewError } from './errors';
import { readNewestCandles } from './candles';
import { wrapDb } from './db';
import { LATEST_VERSION, MIGRATIONS, UNKNOWN_SOURCE, migrate, type Migration } from './migrations';
import { readNewestNews, readNewsPageRecord } from './news';
import { loadSnapshots } from './snapshots';
import { readEventList, readNewsDetails, saveEventList, saveNewsDetail } from './events-store';

let dir = '';
let file = '';
let sqlite: Database.Database;

beforeEach(() => {
  dir = tempFolder('md-migrate-');
  file = path.join(dir, 'cache.db');
  sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
});
// Before tempFolder removes the folder (after every afterEach).
afterEach(() => sqlite.close());

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

  it('4 files every row under a source; rows of unknown origin keep their data but no read finds them', () => {
    migrate(sqlite, file, 3);
    const insert = (sql: string) => sqlite.prepare(sql).run();
    insert(
      "INSERT INTO series (id, class, region, exchange, code, k_type, refreshed_at) VALUES (7,'stock','US','','AAPL',8, 99)",
    );
    for (let i = 0; i < 3; i++)
      insert(`INSERT INTO candles VALUES (7, ${i}, 1, 2, 0.5, 1.5, 10, 15)`);
    insert('INSERT INTO candle_spans VALUES (7, 0, 2)');
    insert(
      "INSERT INTO news_items VALUES ('n1', 'stock', 'en', 5, 'Headline', 'https://x.example', 'Wire', 6)",
    );
    insert("INSERT INTO news_pages VALUES ('stock', 'en', '', 'c1', 1, 5, 5, 1, 6)");
    insert("INSERT INTO snapshots VALUES ('quote', 'stock:US::AAPL', 1, '{}')");

    migrate(sqlite, file, 4);
    expect(version()).toBe(4);
    expect(tables()).toEqual([
      'candle_spans',
      'candles',
      'news_items',
      'news_pages',
      'series',
      'snapshots',
    ]);
    const sources = (table: string) =>
      sqlite.prepare(`SELECT DISTINCT source FROM ${table}`).pluck().all();
    for (const table of ['series', 'news_items', 'news_pages', 'snapshots']) {
      expect(sources(table), table).toEqual([UNKNOWN_SOURCE]);
    }
    // Series keep their ids and bookkeeping: candles and spans still belong to them (the
    // rebuild must not cascade-delete them), and foreign keys are on again afterwards.
    expect(sqlite.prepare('SELECT id, refreshed_at FROM series').get()).toEqual({
      id: 7,
      refreshed_at: 99,
    });
    expect(sqlite.prepare('SELECT count(*) FROM candles WHERE series_id = 7').pluck().get()).toBe(
      3,
    );
    expect(sqlite.prepare('SELECT count(*) FROM candle_spans').pluck().get()).toBe(1);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => insert('INSERT INTO candles VALUES (9, 1, 1, 1, 1, 1, 1, 1)')).toThrow(
      /FOREIGN KEY/,
    );

    // No source a read can name finds the old rows: not demo, not live.
    const db = wrapDb(sqlite, file);
    const aapl = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 } as const;
    for (const source of ['demo', 'live:https://api.itick.org'] as const) {
      expect(readNewestCandles(db, source, aapl, 10)).toEqual([]);
      expect(readNewestNews(db, source, { market: 'stock', lang: 'en' }, 10)).toEqual([]);
      expect(readNewsPageRecord(db, source, { market: 'stock', lang: 'en' }, null)).toBeNull();
      expect(loadSnapshots(db, source, 'quote', [aapl]).size).toBe(0);
    }

    // The source is part of each key: the same instrument, id or cursor per source.
    insert(
      "INSERT INTO series (source, class, region, exchange, code, k_type) VALUES ('demo','stock','US','','AAPL',8)",
    );
    expect(() =>
      insert(
        "INSERT INTO series (source, class, region, exchange, code, k_type) VALUES ('demo','stock','US','','AAPL',8)",
      ),
    ).toThrow(/UNIQUE/);
    insert(
      "INSERT INTO news_items VALUES ('demo', 'n1', 'stock', 'en', 5, 'Other', 'https://y.example', 'Wire', 6)",
    );
    insert("INSERT INTO news_pages VALUES ('demo', 'stock', 'en', '', NULL, 0, NULL, NULL, 0, 6)");
    insert("INSERT INTO snapshots VALUES ('demo', 'quote', 'stock:US::AAPL', 1, '{}')");
    // Deleting a series still takes its candles with it.
    insert("DELETE FROM series WHERE source = 'unknown'");
    expect(sqlite.prepare('SELECT count(*) FROM candles').pluck().get()).toBe(0);
  });

  it('5 adds the region event lists and news details on top of 4, keeping data', () => {
    migrate(sqlite, file, 4);
    sqlite
      .prepare("INSERT INTO snapshots VALUES ('demo', 'quote', 'stock:US::AAPL', 1, '{}')")
      .run();
    migrate(sqlite, file, 5);
    expect(version()).toBe(5);
    expect(tables()).toEqual(expect.arrayContaining(['event_lists', 'news_details', 'snapshots']));
    expect(sqlite.prepare('SELECT count(*) FROM snapshots').pluck().get()).toBe(1);
    const db = wrapDb(sqlite, file);
    saveEventList(db, 'demo', 'splits', 'US', [{ code: 'AAPL' }], 10);
    saveEventList(db, 'demo', 'splits', 'US', [{ code: 'NVDA' }], 20);
    expect(readEventList(db, 'demo', 'splits', 'US')).toEqual({
      rows: [{ code: 'NVDA' }],
      fetchedAt: 20,
    });
    // Keyed by source: the demo's list never answers a live view.
    expect(readEventList(db, 'live:https://api.example.com', 'splits', 'US')).toBeNull();
    saveNewsDetail(db, 'demo', 'n1', { tags: ['tech'] }, 30);
    expect(readNewsDetails(db, 'demo', ['n1', 'n2'])).toEqual(
      new Map([['n1', { tags: ['tech'] }]]),
    );
  });

  it('rolls back a migration that leaves a broken reference, with foreign keys on again', () => {
    migrate(sqlite, file, 3);
    const broken: Migration[] = [
      ...MIGRATIONS.slice(0, 3),
      'INSERT INTO candles VALUES (42, 1, 1, 1, 1, 1, 1, 1)',
    ];
    expect(() => migrate(sqlite, file, 4, broken)).toThrow(
      /broken references \(first in candles\)/,
    );
    expect(version()).toBe(3);
    expect(sqlite.prepare('SELECT count(*) FROM candles').pluck().get()).toBe(0);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
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
