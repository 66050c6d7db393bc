/**
 * The replay's loopback service, spoken to as the app's client speaks to the service:
 * REST answers what stood at the replay time (quotes, books, candles never after it), the
 * stream pushes the frames the clock passes, and a stranger without the token gets nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import path from 'node:path';
import type { Candle, DepthBook, Instrument, Quote } from '../../shared/model';
import { closeCache, openCache, upsertCandles, type CacheDb } from '../cache';
import { seededRandom } from '../cache/testing/seeded-random';
import { tempFolder } from '../testing/temp-folder';
import { closeRecording, openRecording, RecordingWriter, type RecordingDb } from '../recording';
import { BookWalk } from '../recording/testing/books';
import { ReplayPlayer, SETTLE_WINDOW_MS, settledStart } from './player';
import { replayCandles } from './replay-candles';
import { startReplayServer, type ReplayServer } from './replay-server';
import { collectBatch } from '../api/batch';
import type { BatchResult } from '../api/result';

const T0 = Date.UTC(2026, 10, 23, 14, 30);
const BTC: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };

function quoteAt(last: number, time: number): Quote {
  return {
    symbol: 'BTCUSDT',
    last,
    open: 100,
    prevClose: null,
    high: 200,
    low: 50,
    time,
    volume: 1000 + (time - T0) / 1000,
    turnover: 5000,
    status: 0,
    change: null,
    changePercent: null,
  };
}

interface Fixture {
  db: RecordingDb;
  cache: CacheDb;
  books: { t: number; book: DepthBook }[];
  player: ReplayPlayer;
  server: ReplayServer;
  wall: { now: number };
}

let open: Fixture | null = null;
afterEach(async () => {
  if (!open) return;
  await open.server.close();
  open.player.dispose();
  closeRecording(open.db);
  closeCache(open.cache);
  open = null;
});

/** A stream client of `f`'s server subscribed to BTCUSDT's depth and quotes, and what it got. */
async function subscribed(f: Fixture): Promise<{ ws: WebSocket; messages: Loose[] }> {
  const url = `${f.server.baseUrl.replace('http', 'ws')}/crypto`;
  const ws = new WebSocket(url, { headers: { token: f.server.token } });
  const messages: Loose[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ ac: 'subscribe', params: 'BTCUSDT$BA', types: 'depth,quote' }));
  await expect.poll(() => messages.some((m) => m.resAc === 'subscribe')).toBe(true);
  return { ws, messages };
}

/**
 * Two minutes of BTCUSDT: a book and a quote (price 100 + s) every second; 1m candles
 * cached before. `depthUntil`/`quotesUntil`: the second from which that channel is no
 * longer recorded (its pane closed; the market closed).
 */
async function fixture(o: { depthUntil?: number; quotesUntil?: number } = {}): Promise<Fixture> {
  const { db } = openRecording(path.join(tempFolder(), 'demo.db'), 'demo');
  let now = T0;
  const writer = new RecordingWriter(db, { now: () => now, timers: null });
  const walk = new BookWalk(seededRandom(3), 'BTCUSDT');
  const books: { t: number; book: DepthBook }[] = [];
  for (let s = 0; s < 120; s++) {
    now = T0 + s * 1000;
    const book = walk.next();
    books.push({ t: now, book });
    if (s < (o.depthUntil ?? 120))
      writer.append({ channel: 'depth', instrument: BTC, record: book });
    if (s < (o.quotesUntil ?? 120))
      writer.append({ channel: 'quote', instrument: BTC, record: quoteAt(100 + s, now) });
  }
  writer.close();
  const { db: cache } = openCache(':memory:');
  const candles: Candle[] = Array.from({ length: 10 }, (_, i) => ({
    time: T0 - 8 * 60_000 + i * 60_000,
    open: 1,
    high: 2,
    low: 0.5,
    close: 1.5,
    volume: 10,
    turnover: 15,
  }));
  upsertCandles(cache, 'demo', { ...BTC, kType: 1 }, candles);
  const wall = { now: 0 };
  const player = new ReplayPlayer({
    db,
    instruments: null,
    from: T0,
    to: T0 + 119_000,
    now: () => wall.now,
  });
  const server = await startReplayServer({
    player,
    candles: (i, k, limit, t) => replayCandles(cache, db, 'demo', i, k, limit, t),
  });
  open = { db, cache, books, player, server, wall };
  return open;
}

/** A wire message or envelope, read loosely as the tests look into it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read wire JSON by path
type Loose = any;

async function get(f: Fixture, pathAndQuery: string, token = f.server.token) {
  const res = await fetch(`${f.server.baseUrl}${pathAndQuery}`, { headers: { token } });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: Loose },
  };
}

describe('replay server', () => {
  it('answers quotes and books as they stood at the replay time, in the wire shapes', async () => {
    const f = await fixture();
    f.player.seek(T0 + 30_500);
    const quotes = await get(f, '/crypto/quotes?region=BA&codes=BTCUSDT,ETHUSDT');
    expect(quotes.body.code).toBe(0);
    expect(quotes.body.data.BTCUSDT).toMatchObject({ s: 'BTCUSDT', ld: 130, t: T0 + 30_000 });
    expect(quotes.body.data.BTCUSDT).not.toHaveProperty('p');
    expect(quotes.body.data.ETHUSDT).toBeNull();
    const depth = await get(f, '/crypto/depths?region=BA&codes=BTCUSDT');
    const book = f.books[30]!.book;
    expect(depth.body.data.BTCUSDT.a).toEqual(
      book.asks.map((l) => ({ po: l.level, p: l.price ?? 0, v: l.volume, o: l.orders })),
    );
    const single = await get(f, '/crypto/depth?region=BA&code=NOPE');
    expect(single.body).toMatchObject({ code: 1, msg: expect.stringMatching(/^E001/) });
  });

  it('answers a recorded instrument’s book before its first frame as empty, never as unknown', async () => {
    const f = await fixture();
    // The span's very start: its first book is not played yet.
    expect(f.player.book(BTC)).toBeNull();
    const depth = await get(f, '/crypto/depths?region=BA&codes=BTCUSDT,ETHUSDT');
    expect(depth.body.data.BTCUSDT).toEqual({ s: 'BTCUSDT', a: [], b: [] });
    expect(depth.body.data.ETHUSDT).toBeNull();
  });

  it('never answers a book no longer recorded while its instrument still was as the book then', async () => {
    // The ladder's pane was closed at 40 s: the book of 39 s is not the book at 90 s.
    const f = await fixture({ depthUntil: 40 });
    f.player.seek(T0 + 90_500);
    expect(f.player.book(BTC)).toBeNull();
    const depth = await get(f, '/crypto/depths?region=BA&codes=BTCUSDT');
    expect(depth.body.data.BTCUSDT).toEqual({ s: 'BTCUSDT', a: [], b: [] });
    const quotes = await get(f, '/crypto/quotes?region=BA&codes=BTCUSDT');
    expect(quotes.body.data.BTCUSDT).toMatchObject({ ld: 190 });
    // Within three key frame intervals of its last frame it is still the book.
    f.player.seek(T0 + 50_500);
    expect(f.player.book(BTC)).toEqual(f.books[39]!.book);
  });

  it('keeps the last book of an instrument recorded no more at all (a closed market)', async () => {
    const f = await fixture({ depthUntil: 40, quotesUntil: 40 });
    f.player.seek(T0 + 90_500);
    expect(f.player.book(BTC)).toEqual(f.books[39]!.book);
    expect(f.player.quote(BTC)).toMatchObject({ last: 139 });
  });

  it('streams an empty book once a book stops being recorded while its instrument goes on', async () => {
    const f = await fixture({ depthUntil: 5 });
    const { ws, messages } = await subscribed(f);
    f.wall.now += 30_000;
    f.player.advance();
    await expect.poll(() => messages.filter((m) => m.data?.type === 'quote').length).toBe(31);
    const pushes = messages.filter((m) => m.data?.type);
    const depths = pushes.filter((m) => m.data.type === 'depth');
    expect(depths).toHaveLength(6);
    expect(depths.at(-1).data).toMatchObject({ s: 'BTCUSDT', a: [], b: [] });
    // Told right after the quote 15 s past the last book (4 s): the quote of 20 s.
    const at = pushes.indexOf(depths.at(-1));
    expect(pushes[at - 1].data).toMatchObject({ type: 'quote', ld: 120 });
    expect(f.player.book(BTC)).toBeNull();
    ws.close();
  });

  it('answers a recorded instrument’s quote before its first frame as known with nothing yet, never as unknown', async () => {
    // A channel first recorded later in the span than the replay's start waits for.
    const f = await fixture();
    expect(f.player.quote(BTC)).toBeNull();
    const quotes = await get(f, '/crypto/quotes?region=BA&codes=BTCUSDT,ETHUSDT');
    expect(quotes.body.data.BTCUSDT).toEqual({});
    expect(quotes.body.data.ETHUSDT).toBeNull();
    // Read by the app's client: pending, not missing (which the feed takes for unknown).
    const out: BatchResult<unknown> = { data: {}, missing: [], failed: {} };
    collectBatch('cryptoQuotes', quotes.body.data, ['BTCUSDT', 'ETHUSDT'], () => null, out);
    expect(out).toMatchObject({ pending: ['BTCUSDT'], missing: ['ETHUSDT'], data: {} });
  });

  it('never answers a candle that opens after the replay time; the forming bar is the recording’s', async () => {
    const f = await fixture();
    f.player.seek(T0 + 90_500);
    const { body } = await get(f, '/crypto/klines?region=BA&codes=BTCUSDT&kType=1&limit=100');
    const bars = body.data.BTCUSDT as { t: number; o: number; h: number; l: number; c: number }[];
    expect(bars.at(-1)).toMatchObject({ t: T0 + 60_000, o: 160, h: 190, l: 160, c: 190 });
    for (const bar of bars) expect(bar.t).toBeLessThanOrEqual(T0 + 90_500);
    // The cached bar of the minute the replay time is in closed after it: the forming one stands instead.
    expect(bars.filter((b) => b.t === T0 + 60_000)).toHaveLength(1);
    expect(bars.at(-2)).toMatchObject({ t: T0, o: 1, c: 1.5 });
  });

  it('answers the forming bar as played: the quotes the stream told, none the clock passed since', async () => {
    const f = await fixture();
    f.player.seek(T0 + 90_500);
    const forming = async () => {
      const { body } = await get(f, '/crypto/klines?region=BA&codes=BTCUSDT&kType=1&limit=2');
      return (body.data.BTCUSDT as { c: number }[]).at(-1)!.c;
    };
    // Three seconds on the clock, nothing played yet: the bar of the quotes pushed so far.
    f.wall.now += 3_000;
    expect(f.player.clock.time()).toBe(T0 + 93_500);
    expect(await forming()).toBe(190);
    f.player.advance();
    expect(await forming()).toBe(193);
  });

  it('refuses a request without its token, and a path it does not serve', async () => {
    const f = await fixture();
    expect((await get(f, '/crypto/quotes?region=BA&codes=BTCUSDT', 'wrong')).status).toBe(401);
    expect((await get(f, '/crypto/nothing')).status).toBe(404);
  });

  it('streams the frames the clock passes to a subscriber, in order', async () => {
    const f = await fixture();
    const { ws, messages } = await subscribed(f);
    // The clock runs 10 s (at 1×) and plays what arrived by then, both ends in.
    f.wall.now += 10_000;
    f.player.advance();
    await expect.poll(() => messages.filter((m) => m.data?.type === 'quote').length).toBe(11);
    const lasts = messages.filter((m) => m.data?.type === 'quote').map((m) => m.data.ld);
    expect(lasts).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    const depths = messages.filter((m) => m.data?.type === 'depth');
    expect(depths).toHaveLength(11);
    expect(depths.at(-1).data.b[0].p).toBe(f.books[10]!.book.bids[0]!.price);
    ws.close();
  });

  it('refuses a stream client with a wrong token', async () => {
    const f = await fixture();
    const ws = new WebSocket(`${f.server.baseUrl.replace('http', 'ws')}/crypto`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ ac: 'auth', params: 'wrong' }));
    expect(await closed).toBe(4001);
  });
});

describe('where a replay starts', () => {
  it('waits for each channel first recorded in the span’s first moments, so none is answered as unknown', async () => {
    const { db } = openRecording(path.join(tempFolder(), 'demo.db'), 'demo');
    let now = T0;
    const writer = new RecordingWriter(db, { now: () => now, timers: null });
    const walk = new BookWalk(seededRandom(5), 'BTCUSDT');
    writer.append({ channel: 'depth', instrument: BTC, record: walk.next() });
    now = T0 + 700;
    writer.append({ channel: 'quote', instrument: BTC, record: quoteAt(101, now) });
    // A channel first recorded well after the start does not hold the replay back.
    now = T0 + SETTLE_WINDOW_MS + 5_000;
    writer.append({
      channel: 'tick',
      instrument: BTC,
      record: { symbol: 'BTCUSDT', last: 1, time: now, volume: 1, turnover: 1, status: 0 },
    });
    writer.close();
    try {
      const start = settledStart(db, null, T0, T0 + 120_000);
      expect(start).toBe(T0 + 701);
      // Played from there, the quote and the book are both answered at once.
      const player = new ReplayPlayer({
        db,
        instruments: null,
        from: start,
        to: T0 + 120_000,
        now: () => 0,
      });
      const server = await startReplayServer({ player, candles: () => [] });
      try {
        const res = await fetch(`${server.baseUrl}/crypto/quotes?region=BA&codes=BTCUSDT`, {
          headers: { token: server.token },
        });
        const body = (await res.json()) as Loose;
        expect(body.data.BTCUSDT).toMatchObject({ s: 'BTCUSDT', ld: 101 });
      } finally {
        await server.close();
        player.dispose();
      }
      // Never past the span's end.
      expect(settledStart(db, null, T0, T0 + 700)).toBe(T0 + 700);
    } finally {
      closeRecording(db);
    }
  });
});
