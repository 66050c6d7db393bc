/**
 * A heatmap's past read from the recording: one book per time bucket, the last the feed
 * gave in it (what a live heatmap's column shows), the trades of the span; a bucket the
 * feed said nothing in stays absent; a span no heatmap can hold, or a bad bucket, refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEPTH_HISTORY_MAX_BUCKETS, type DepthHistory } from '../../shared/bridge';
import type { DepthBook, Tick } from '../../shared/model';
import { seededRandom } from '../cache/testing/seeded-random';
import { COMMAND_SCHEMAS } from '../bridge/schemas';
import { readDepthHistory } from './history';
import { closeRecording, openRecording, type RecordingDb } from './open-recording';
import { BookWalk, INSTRUMENTS } from './testing/books';
import { RecordingWriter } from './writer';

const [BTC, AAPL] = [INSTRUMENTS[0]!, INSTRUMENTS[1]!];
const T0 = 1_700_000_000_000;
const dirs: string[] = [];
const dbs: RecordingDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) closeRecording(db);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function openDb(): RecordingDb {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-hist-'));
  dirs.push(dir);
  const { db } = openRecording(path.join(dir, 'demo.db'), 'demo');
  dbs.push(db);
  return db;
}

interface Live {
  books: { t: number; book: DepthBook }[];
  ticks: Tick[];
}

/**
 * Records BTC's and AAPL's books (and BTC's ticks) at seeded gaps of up to 700 ms, with
 * a silence of 20 s in the middle; answers what BTC's feed gave live.
 */
function record(db: RecordingDb): Live {
  const random = seededRandom(28);
  const clock = { t: T0 };
  const walks = [new BookWalk(random, BTC.code), new BookWalk(random, AAPL.code)];
  const writer = new RecordingWriter(db, { now: () => clock.t, timers: null, keyframeMs: 5_000 });
  const live: Live = { books: [], ticks: [] };
  for (let k = 0; k < 600; k++) {
    clock.t += Math.floor(random() * 700) + (k === 300 ? 20_000 : 0);
    const which = random() < 0.6 ? 0 : 1;
    const book = walks[which]!.next();
    if (writer.append({ channel: 'depth', instrument: INSTRUMENTS[which]!, record: book }))
      if (which === 0) live.books.push({ t: clock.t, book: structuredClone(book) });
    if (which === 0 && random() < 0.3) {
      const tick: Tick = {
        symbol: BTC.code,
        last: book.bids[0]!.price!,
        time: clock.t - 5,
        volume: Math.floor(random() * 9) + 1,
        turnover: 0,
        status: 0,
      };
      if (writer.append({ channel: 'tick', instrument: BTC, record: tick })) live.ticks.push(tick);
    }
    if (random() < 0.05) writer.flush();
  }
  writer.close();
  return live;
}

/** The books of a history back, level by level (price, size, orders). */
function booksOf(h: DepthHistory): { t: number; bids: number[][]; asks: number[][] }[] {
  let k = 0;
  const side = (n: number) =>
    Array.from({ length: n }, () => {
      const level = [h.prices[k]!, h.volumes[k]!, h.orders[k]!];
      k++;
      return level;
    });
  return h.times.map((t, i) => ({ t, bids: side(h.bidCounts[i]!), asks: side(h.askCounts[i]!) }));
}

const levels = (book: DepthBook) => ({
  bids: book.bids.map((l) => [l.price, l.volume, l.orders]),
  asks: book.asks.map((l) => [l.price, l.volume, l.orders]),
});

describe('readDepthHistory', () => {
  it('gives each bucket the last book seen live in it, and the span’s trades', () => {
    const db = openDb();
    const live = record(db);
    const from = live.books[20]!.t;
    const to = live.books.at(-20)!.t;
    for (const bucketMs of [100, 1_000, 5_000]) {
      const h = readDepthHistory(db, 'demo', { instrument: BTC, from, to, bucketMs });
      // Expected from what the feed gave live: the last book of each bucket in the span.
      const expected = new Map<number, { t: number; book: DepthBook }>();
      for (const f of live.books)
        if (f.t >= from && f.t <= to) expected.set(Math.floor(f.t / bucketMs), f);
      expect(booksOf(h)).toEqual(
        [...expected.values()].map((f) => ({ t: f.t, ...levels(f.book) })),
      );
      expect(h.source).toBe('demo');
      expect(h.lastAt).toBeGreaterThanOrEqual(live.books.at(-20)!.t);
    }
    const h = readDepthHistory(db, 'demo', { instrument: BTC, from, to, bucketMs: 1_000 });
    const ticks = live.ticks.filter((t) => t.time + 5 >= from && t.time + 5 <= to);
    expect(h.trades).toEqual({
      times: ticks.map((t) => t.time),
      prices: ticks.map((t) => t.last),
      volumes: ticks.map((t) => t.volume),
    });
    expect(ticks.length).toBeGreaterThan(10);
  });

  it('leaves the buckets of a silence empty and keeps the other instrument out', () => {
    const db = openDb();
    const live = record(db);
    const h = readDepthHistory(db, 'demo', {
      instrument: BTC,
      from: T0,
      to: live.books.at(-1)!.t,
      bucketMs: 1_000,
    });
    const buckets = h.times.map((t) => Math.floor(t / 1_000));
    const gaps = buckets.slice(1).map((b, i) => b - buckets[i]!);
    // The 20 s silence: no bucket in it holds a book.
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(20);
    // Only BTC's prices (AAPL's walk is elsewhere): every book of the answer is one BTC gave.
    const seen = new Set(live.books.map((f) => JSON.stringify(levels(f.book))));
    for (const b of booksOf(h))
      expect(seen.has(JSON.stringify({ bids: b.bids, asks: b.asks }))).toBe(true);
  });

  it('answers nothing, not an error, where nothing was recorded', () => {
    const db = openDb();
    const h = readDepthHistory(db, 'demo', {
      instrument: BTC,
      from: T0,
      to: T0 + 60_000,
      bucketMs: 1_000,
    });
    expect(h.times).toEqual([]);
    expect(h.lastAt).toBeNull();
    expect(
      readDepthHistory(null, 'demo', { instrument: BTC, from: T0, to: T0, bucketMs: 1_000 }).times,
    ).toEqual([]);
  });

  it('refuses a span longer than a heatmap holds, a backwards span and a bad bucket', () => {
    const db = openDb();
    const q = { instrument: BTC, from: T0, to: T0 + 1_000, bucketMs: 1_000 };
    expect(() =>
      readDepthHistory(db, 'demo', { ...q, to: T0 + DEPTH_HISTORY_MAX_BUCKETS * 1_000 }),
    ).toThrow(/at most 4800/);
    expect(() => readDepthHistory(db, 'demo', { ...q, from: T0 + 5_000 })).toThrow(/after its end/);
    expect(() => readDepthHistory(db, 'demo', { ...q, bucketMs: 0 })).toThrow(/time bucket/);
    expect(() => readDepthHistory(db, 'demo', { ...q, bucketMs: 2.5 })).toThrow(/time bucket/);
  });

  it('is refused at the bridge when its arguments are wrong', () => {
    const schema = COMMAND_SCHEMAS.loadDepthHistory;
    const ok = { instrument: BTC, from: T0, to: T0 + 60_000, bucketMs: 1_000 };
    expect(schema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, extra: 1 },
      { ...ok, bucketMs: 50 },
      { ...ok, bucketMs: 1_000.5 },
      { ...ok, from: T0 + 120_000 },
      { ...ok, to: T0 + 100 * 3_600_000 },
      { ...ok, instrument: { ...BTC, code: 'no spaces' } },
      { ...ok, from: -1 },
    ])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
