/**
 * Normalisers for the hot-path wire records: quotes (2.3, 2.4), depth (2.2), klines
 * (2.5) and crypto ticks (2.6). Each takes one wire value and returns a domain record
 * from src/shared/model, or throws a RecordIssue naming the field.
 */
import type { Candle, DepthBook, DepthLevel, Quote, Tick } from '../../shared/model';
import { RecordIssue, asRecord, num, optNum, text, type WireRecord } from './read';

/** A quote. `crypto` quotes never carry p, ch, chp (spec 2.4): those come out null. */
export function readQuote(value: unknown, code: string, crypto: boolean): Quote {
  const w = asRecord(value);
  const last = num(w.ld, 'ld');
  let prevClose: number | null = null;
  let change: number | null = null;
  let changePercent: number | null = null;
  if (!crypto) {
    prevClose = num(w.p, 'p');
    // ch and chp are in the spec's record; when a variant omits them they follow from p.
    change = optNum(w.ch, 'ch') ?? last - prevClose;
    changePercent = optNum(w.chp, 'chp') ?? (prevClose === 0 ? null : (change / prevClose) * 100);
  }
  return {
    symbol: text(w.s, 's', code),
    last,
    open: num(w.o, 'o'),
    prevClose,
    high: num(w.h, 'h'),
    low: num(w.l, 'l'),
    time: num(w.t, 't'),
    volume: num(w.v, 'v'),
    turnover: num(w.tu, 'tu'),
    status: num(w.ts, 'ts'),
    change,
    changePercent,
  };
}

/** A crypto tick snapshot (2.6). */
export function readTick(value: unknown, code: string): Tick {
  const w = asRecord(value);
  return {
    symbol: text(w.s, 's', code),
    last: num(w.ld, 'ld'),
    time: num(w.t, 't'),
    volume: num(w.v, 'v'),
    turnover: num(w.tu, 'tu'),
    status: num(w.ts, 'ts'),
  };
}

/**
 * One side of a book. `p` absent or null is an empty level (futures); `p` 0 is an empty
 * level too, for every class, not only fund and indices as the spec states: no market
 * rests an order at exactly 0, so passing 0 on would draw a false price in the ladder.
 * A missing `po` takes the level's position. Levels come out in `po` order.
 */
function readLevels(value: unknown, side: 'a' | 'b'): DepthLevel[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordIssue(side, 'must be an array of levels');
  const out: DepthLevel[] = new Array<DepthLevel>(value.length);
  let ordered = true;
  for (let i = 0; i < value.length; i++) {
    const w = asRecord(value[i], i, side);
    const level = w.po === undefined || w.po === null ? i + 1 : num(w.po, 'po', i, side);
    const price = optNum(w.p, 'p', i, side);
    out[i] = {
      level,
      price: price === 0 ? null : price,
      volume: num(w.v, 'v', i, side),
      orders: num(w.o, 'o', i, side),
    };
    if (i > 0 && out[i - 1]!.level > level) ordered = false;
  }
  if (!ordered) out.sort((x, y) => x.level - y.level);
  return out;
}

/** An order book (2.2). */
export function readDepth(value: unknown, code: string): DepthBook {
  const w = asRecord(value);
  return { symbol: text(w.s, 's', code), asks: readLevels(w.a, 'a'), bids: readLevels(w.b, 'b') };
}

function readCandle(w: WireRecord, i: number): Candle {
  return {
    time: num(w.t, 't', i),
    open: num(w.o, 'o', i),
    high: num(w.h, 'h', i),
    low: num(w.l, 'l', i),
    close: num(w.c, 'c', i),
    volume: num(w.v, 'v', i),
    turnover: num(w.tu, 'tu', i),
  };
}

/**
 * A kline series (2.5), ascending by time without duplicate times whatever order the
 * wire used (the spec leaves the order open). Of several candles with one time, the
 * last in wire order wins: a later record is the fresher one. With `limit`, only the
 * latest `limit` candles are kept (spec 4.3 rule 2).
 */
export function readCandles(value: unknown, limit?: number): Candle[] {
  if (!Array.isArray(value)) throw new RecordIssue('(series)', 'must be an array of candles');
  const n = value.length;
  let out: Candle[] = new Array<Candle>(n);
  let strictlyAscending = true;
  let prev = -Infinity;
  for (let i = 0; i < n; i++) {
    const item: unknown = value[i];
    const c = readCandle(asRecord(item, i), i);
    out[i] = c;
    if (c.time <= prev) strictlyAscending = false;
    prev = c.time;
  }
  if (!strictlyAscending) out = sortUnique(out);
  if (limit !== undefined && limit > 0 && out.length > limit) out = out.slice(out.length - limit);
  return out;
}

function sortUnique(candles: Candle[]): Candle[] {
  // Array.prototype.sort is stable, so among equal times wire order is kept and the last wins.
  candles.sort((x, y) => x.time - y.time);
  const out: Candle[] = [];
  for (const c of candles) {
    if (out.length > 0 && out[out.length - 1]!.time === c.time) out[out.length - 1] = c;
    else out.push(c);
  }
  return out;
}
