/**
 * A heatmap's past read from the recording: one book per time bucket, the last the feed
 * gave in it (what a live heatmap's column shows), the trades of the span; a bucket the
 * feed said nothing in stays absent; a span no heatmap can hold, or a bad bucket, refused.
 */
import { describe, expect, it } from 'vitest';
import { DEPTH_HISTORY_MAX_BUCKETS, type DepthHistory } from '../../shared/bridge';
import type { DepthBook, Quote, Tick } from '../../shared/model';
import { seededRandom } from '../cache/testing/seeded-random';
import { COMMAND_SCHEMAS } from '../bridge/schemas';
import { emptyDepthHistory, readDepthHistory, type DepthHistoryQuery } from './history';
import type { RecordingDb } from './open-recording';
import { BookWalk, INSTRUMENTS } from './testing/books';
import { openTestRecording } from './testing/temp-recording';
import { read } from './reader';
import { RecordingWriter } from './writer';

const [BTC, AAPL] = [INSTRUMENTS[0]!, INSTRUMENTS[1]!];
const T0 = 1_700_000_000_000;
const openDb = (): RecordingDb => openTestRecording().db;

interface Live {
  books: { t: number; book: DepthBook }[];
  ticks: Tick[];
}

/**
 * Records BTC's and AAPL's books (and BTC's ticks) at seeded gaps of up to 700 ms, with
 * a silence of 20 s in the middle; answers what BTC's feed gave live.
 */
function record(db: RecordingDb, { seed = 28, frames = 600, keyframeMs = 5_000 } = {}): Live {
  const random = seededRandom(seed);
  const clock = { t: T0 };
  const walks = [new BookWalk(random, BTC.code), new BookWalk(random, AAPL.code)];
  const writer = new RecordingWriter(db, { now: () => clock.t, timers: null, keyframeMs });
  const live: Live = { books: [], ticks: [] };
  for (let k = 0; k < frames; k++) {
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

/**
 * The answer by the plain way: every frame of the span read in order (the reader's
 * `read`), the last book of each bucket kept. The history's seeking read must equal it.
 */
function readEveryFrame(db: RecordingDb, query: DepthHistoryQuery): DepthHistory {
  const out = emptyDepthHistory('demo', query);
  const books = new Map<number, { t: number; book: DepthBook }>();
  for (const f of read(db, query, [query.instrument])) {
    if (f.channel !== 'quote') out.lastAt = f.t;
    if (f.channel === 'depth')
      books.set(Math.floor(f.t / query.bucketMs), { t: f.t, book: f.record });
    else if (f.channel === 'tick') {
      out.trades.times.push(f.record.time);
      out.trades.prices.push(f.record.last);
      out.trades.volumes.push(f.record.volume);
    }
  }
  for (const { t, book } of books.values()) {
    out.times.push(t);
    out.bidCounts.push(book.bids.length);
    out.askCounts.push(book.asks.length);
    for (const l of [...book.bids, ...book.asks]) {
      out.prices.push(l.price);
      out.volumes.push(l.volume);
      out.orders.push(l.orders);
    }
  }
  return out;
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

  it('answers what reading every frame answers, at any bucket and span, key frames pruned or not', () => {
    let orphans = 0;
    for (const keyframeMs of [5_000, 1_500]) {
      const db = openDb();
      const live = record(db, { seed: keyframeMs, frames: 1_500, keyframeMs });
      const random = seededRandom(keyframeMs + 1);
      const end = live.books.at(-1)!.t;
      const check = () => {
        for (const bucketMs of [100, 700, 1_000, 2_500, 5_000, 6_000, 15_000, 60_000]) {
          for (let k = 0; k < 4; k++) {
            // A random span, and once the whole recording from before its first frame.
            const longest = (DEPTH_HISTORY_MAX_BUCKETS - 2) * bucketMs;
            const a =
              k === 0
                ? Math.max(T0 - 1_000, end + 1_000 - longest)
                : T0 + Math.floor(random() * (end - T0));
            const b =
              k === 0 ? end + 1_000 : a + Math.floor(random() * Math.min(end - a + 1, longest));
            const query = { instrument: BTC, from: a, to: b, bucketMs };
            expect(readDepthHistory(db, 'demo', query), JSON.stringify(query)).toEqual(
              readEveryFrame(db, query),
            );
          }
        }
      };
      check();
      // The oldest frames pruned as the budget does (their key frames with them): the
      // deltas left without a base are skipped until the next key frame, by both reads.
      const cut = Math.floor(
        (db.sqlite.prepare('SELECT max(id) FROM frames').pluck().get() as number) / 3,
      );
      db.sqlite.prepare('DELETE FROM keyframes WHERE frame <= ?').run(cut);
      db.sqlite.prepare('DELETE FROM frames WHERE id <= ?').run(cut);
      orphans += db.sqlite
        .prepare(
          `SELECT count(*) FROM frames WHERE kind = 1 AND id < (SELECT min(frame) FROM keyframes k
             WHERE k.instrument = frames.instrument)`,
        )
        .pluck()
        .get() as number;
      check();
    }
    // The cut left deltas without their key frame (the case the pruned check is about).
    expect(orphans).toBeGreaterThan(0);
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

  it('is recorded to its last book or trade, not to a quote the map does not draw', () => {
    const db = openDb();
    const clock = { t: T0 };
    const writer = new RecordingWriter(db, { now: () => clock.t, timers: null });
    const walk = new BookWalk(seededRandom(5), BTC.code);
    const quote = (code: string, last: number): Quote => ({
      symbol: code,
      last,
      open: last,
      prevClose: null,
      high: last,
      low: last,
      time: clock.t,
      volume: 1,
      turnover: last,
      status: 0,
      change: null,
      changePercent: null,
    });
    // BTC's book for 10 s, then its pane closed: only the board's quotes for 60 s more.
    // AAPL: only quotes (a board row; no pane ever showed its book).
    let lastBook = 0;
    for (let k = 0; k < 70; k++) {
      clock.t += 1_000;
      if (k < 10) {
        writer.append({ channel: 'depth', instrument: BTC, record: walk.next() });
        lastBook = clock.t;
      }
      writer.append({ channel: 'quote', instrument: BTC, record: quote(BTC.code, 100 + k) });
      writer.append({ channel: 'quote', instrument: AAPL, record: quote(AAPL.code, 200 + k) });
    }
    writer.close();
    const span = { from: T0, to: clock.t, bucketMs: 1_000 };
    const btc = readDepthHistory(db, 'demo', { instrument: BTC, ...span });
    expect(btc.times).toHaveLength(10);
    expect(btc.lastAt).toBe(lastBook);
    const aapl = readDepthHistory(db, 'demo', { instrument: AAPL, ...span });
    expect(aapl.times).toEqual([]);
    expect(aapl.lastAt).toBeNull();
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
