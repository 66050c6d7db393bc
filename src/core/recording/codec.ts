/**
 * The recording's payload encoding: a record as a few bytes. Numbers are written as
 * zigzag varints of the value scaled to whole units (`decimals` digits, found per value
 * or per column), which keeps prices such as 187.43 and volumes such as 1200 to 2–3
 * bytes each; a value no decimal scale holds exactly (a float's long tail) is written as
 * a raw float64, so decoding always gives back the very number recorded.
 *
 * A depth frame is a key frame (the whole book) or a delta against the previous frame of
 * the same instrument (the levels that changed, by slot): books are 5–10 levels and a
 * push usually moves a few of them. Prices inside a key frame are deltas from the level
 * before. Quotes and ticks are always whole (they are small).
 */
import type { DepthBook, DepthLevel, Quote, Tick } from '../../shared/model';

/** Decimal digits tried before a value is written as a raw float64. */
const MAX_DECIMALS = 10;
/** The decimals byte that means "raw float64 follows". */
const RAW = 0x0f;
const POW10 = Array.from({ length: MAX_DECIMALS + 1 }, (_, i) => 10 ** i);

/** A growable byte buffer with the writers the format needs. */
export class ByteWriter {
  #buf = new Uint8Array(256);
  #view = new DataView(this.#buf.buffer);
  length = 0;

  #room(n: number): void {
    if (this.length + n <= this.#buf.length) return;
    const next = new Uint8Array(Math.max(this.#buf.length * 2, this.length + n));
    next.set(this.#buf.subarray(0, this.length));
    this.#buf = next;
    this.#view = new DataView(next.buffer);
  }

  byte(b: number): void {
    this.#room(1);
    this.#buf[this.length++] = b;
  }

  /** An unsigned integer up to 2^53. */
  uvarint(n: number): void {
    this.#room(8);
    while (n >= 0x80) {
      this.#buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.#buf[this.length++] = n;
  }

  /** A signed integer (zigzag) within ±2^52. */
  varint(n: number): void {
    this.uvarint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  float64(n: number): void {
    this.#room(8);
    this.#view.setFloat64(this.length, n, true);
    this.length += 8;
  }

  string(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.uvarint(bytes.length);
    this.#room(bytes.length);
    this.#buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A copy of what was written, and the writer emptied for the next payload. */
  take(): Buffer {
    const out = Buffer.from(this.#buf.subarray(0, this.length));
    this.length = 0;
    return out;
  }
}

/** Reads what `ByteWriter` wrote; a short or malformed payload throws. */
export class ByteReader {
  #pos = 0;
  readonly #view: DataView;
  constructor(private readonly buf: Uint8Array) {
    this.#view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  byte(): number {
    if (this.#pos >= this.buf.length) throw new RangeError('recording payload is truncated');
    return this.buf[this.#pos++]!;
  }

  uvarint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('recording payload has a runaway varint');
    }
  }

  varint(): number {
    const z = this.uvarint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  float64(): number {
    if (this.#pos + 8 > this.buf.length) throw new RangeError('recording payload is truncated');
    const n = this.#view.getFloat64(this.#pos, true);
    this.#pos += 8;
    return n;
  }

  string(): string {
    const n = this.uvarint();
    if (this.#pos + n > this.buf.length) throw new RangeError('recording payload is truncated');
    const s = Buffer.from(this.buf.buffer, this.buf.byteOffset + this.#pos, n).toString('utf8');
    this.#pos += n;
    return s;
  }

  get done(): boolean {
    return this.#pos === this.buf.length;
  }
}

/** The fewest decimals (0–10) that hold `v` exactly in a safe integer; RAW when none does. */
export function decimalsOf(v: number): number {
  if (!Number.isFinite(v)) return RAW;
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    const scaled = Math.round(v * POW10[d]!);
    if (Math.abs(scaled) > 2 ** 52) return RAW;
    if (scaled / POW10[d]! === v) return d;
  }
  return RAW;
}

/** The decimals that hold every value of a column (RAW if one needs it). */
function columnDecimals(values: readonly number[]): number {
  let most = 0;
  for (const v of values) {
    const d = decimalsOf(v);
    if (d === RAW) return RAW;
    if (d > most) most = d;
  }
  return most;
}

function writeScaled(w: ByteWriter, v: number, d: number): void {
  if (d === RAW) w.float64(v);
  else w.varint(Math.round(v * POW10[d]!));
}

function readScaled(r: ByteReader, d: number): number {
  return d === RAW ? r.float64() : r.varint() / POW10[d]!;
}

/** One number with its own decimals byte (quotes and ticks); null is the byte 0xff. */
function writeNumber(w: ByteWriter, v: number | null): void {
  if (v === null) return w.byte(0xff);
  const d = decimalsOf(v);
  w.byte(d);
  writeScaled(w, v, d);
}

function readNumber(r: ByteReader): number | null {
  const d = r.byte();
  if (d === 0xff) return null;
  if (d > MAX_DECIMALS && d !== RAW) throw new RangeError('recording payload has a bad scale');
  return readScaled(r, d);
}

// ------------------------------------------------------------------ quotes and ticks

/** A quote without its time (the frame's exchange time holds it). */
export function encodeQuote(w: ByteWriter, q: Quote): Buffer {
  w.string(q.symbol);
  for (const v of [q.last, q.open, q.prevClose, q.high, q.low, q.volume, q.turnover]) {
    writeNumber(w, v);
  }
  writeNumber(w, q.status);
  writeNumber(w, q.change);
  writeNumber(w, q.changePercent);
  return w.take();
}

export function decodeQuote(payload: Uint8Array, time: number): Quote {
  const r = new ByteReader(payload);
  const symbol = r.string();
  const [last, open, prevClose, high, low, volume, turnover, status, change, changePercent] =
    Array.from({ length: 10 }, () => readNumber(r));
  return {
    symbol,
    last: last!,
    open: open!,
    prevClose: prevClose ?? null,
    high: high!,
    low: low!,
    time,
    volume: volume!,
    turnover: turnover!,
    status: status!,
    change: change ?? null,
    changePercent: changePercent ?? null,
  };
}

export function encodeTick(w: ByteWriter, t: Tick): Buffer {
  w.string(t.symbol);
  for (const v of [t.last, t.volume, t.turnover, t.status]) writeNumber(w, v);
  return w.take();
}

export function decodeTick(payload: Uint8Array, time: number): Tick {
  const r = new ByteReader(payload);
  const symbol = r.string();
  const [last, volume, turnover, status] = Array.from({ length: 4 }, () => readNumber(r));
  return { symbol, last: last!, time, volume: volume!, turnover: turnover!, status: status! };
}

// ------------------------------------------------------------------ depth

/** Level slots of a book: asks first, then bids. */
const slots = (b: DepthBook): DepthLevel[] => [...b.asks, ...b.bids];

const sameLevel = (a: DepthLevel, b: DepthLevel): boolean =>
  a.price === b.price && a.volume === b.volume && a.orders === b.orders && a.level === b.level;

/** Whether `next` can be written as a delta of `prev`: the same number of levels a side. */
export function deltaFits(prev: DepthBook, next: DepthBook): boolean {
  return (
    prev.symbol === next.symbol &&
    prev.asks.length === next.asks.length &&
    prev.bids.length === next.bids.length
  );
}

/** Whether two books are the same (nothing to record). */
export function sameBook(a: DepthBook, b: DepthBook): boolean {
  if (!deltaFits(a, b)) return false;
  const sa = slots(a);
  const sb = slots(b);
  return sa.every((l, i) => sameLevel(l, sb[i]!));
}

/**
 * Levels as columns: flags (bit 0: level numbers not 1, 2, 3…; bit 1: orders equal
 * volumes), then each column's decimals and values. Prices are deltas from the slot
 * before (null, an empty level, is written as the flagged decimals byte 0xfe + index list).
 */
function writeLevels(
  w: ByteWriter,
  levels: readonly DepthLevel[],
  levelOf: (i: number) => number,
): void {
  const plainLevels = levels.every((l, i) => l.level === levelOf(i));
  const ordersAreVolumes = levels.every((l) => l.orders === l.volume);
  w.byte((plainLevels ? 0 : 1) | (ordersAreVolumes ? 2 : 0));
  if (!plainLevels) for (const l of levels) w.uvarint(l.level);
  const empty = levels.filter((l) => l.price === null).length;
  w.uvarint(empty);
  levels.forEach((l, i) => {
    if (l.price === null) w.uvarint(i);
  });
  const prices = levels.filter((l) => l.price !== null).map((l) => l.price!);
  const pd = columnDecimals(prices);
  w.byte(pd);
  let before = 0;
  for (const p of prices) {
    if (pd === RAW) w.float64(p);
    else {
      const scaled = Math.round(p * POW10[pd]!);
      w.varint(scaled - before);
      before = scaled;
    }
  }
  const volumes = levels.map((l) => l.volume);
  const vd = columnDecimals(volumes);
  w.byte(vd);
  for (const v of volumes) writeScaled(w, v, vd);
  if (!ordersAreVolumes) {
    const orders = levels.map((l) => l.orders);
    const od = columnDecimals(orders);
    w.byte(od);
    for (const o of orders) writeScaled(w, o, od);
  }
}

function readLevels(r: ByteReader, count: number, levelOf: (i: number) => number): DepthLevel[] {
  const flags = r.byte();
  const numbers = flags & 1 ? Array.from({ length: count }, () => r.uvarint()) : null;
  const empty = new Set(Array.from({ length: r.uvarint() }, () => r.uvarint()));
  const pd = r.byte();
  const prices: (number | null)[] = [];
  let before = 0;
  for (let i = 0; i < count; i++) {
    if (empty.has(i)) prices.push(null);
    else if (pd === RAW) prices.push(r.float64());
    else {
      before += r.varint();
      prices.push(before / POW10[pd]!);
    }
  }
  const vd = r.byte();
  const volumes = Array.from({ length: count }, () => readScaled(r, vd));
  let orders = volumes;
  if (!(flags & 2)) {
    const od = r.byte();
    orders = Array.from({ length: count }, () => readScaled(r, od));
  }
  return prices.map((price, i) => ({
    level: numbers ? numbers[i]! : levelOf(i),
    price,
    volume: volumes[i]!,
    orders: orders[i]!,
  }));
}

/** A whole book: symbol, asks and bids counts, then the levels (asks then bids). */
export function encodeDepthKey(w: ByteWriter, book: DepthBook): Buffer {
  w.string(book.symbol);
  w.uvarint(book.asks.length);
  w.uvarint(book.bids.length);
  // Level numbers restart at 1 on each side; only other numbering is written out.
  const na = book.asks.length;
  writeLevels(w, slots(book), (i) => (i < na ? i + 1 : i - na + 1));
  return w.take();
}

export function decodeDepthKey(payload: Uint8Array): DepthBook {
  const r = new ByteReader(payload);
  const symbol = r.string();
  const na = r.uvarint();
  const nb = r.uvarint();
  const levels = readLevels(r, na + nb, (i) => (i < na ? i + 1 : i - na + 1));
  return { symbol, asks: levels.slice(0, na), bids: levels.slice(na) };
}

/** The slots of `next` that differ from `prev` (a bitmap), then those levels. */
export function encodeDepthDelta(w: ByteWriter, prev: DepthBook, next: DepthBook): Buffer {
  const a = slots(prev);
  const b = slots(next);
  const changed: DepthLevel[] = [];
  const bitmap = new Uint8Array(Math.ceil(b.length / 8));
  b.forEach((l, i) => {
    if (!sameLevel(l, a[i]!)) {
      bitmap[i >> 3] = bitmap[i >> 3]! | (1 << (i & 7));
      changed.push(l);
    }
  });
  for (const byte of bitmap) w.byte(byte);
  const changedSlots = b.flatMap((l, i) => (sameLevel(l, a[i]!) ? [] : [i]));
  writeLevels(w, changed, (i) => a[changedSlots[i]!]!.level);
  return w.take();
}

export function decodeDepthDelta(payload: Uint8Array, prev: DepthBook): DepthBook {
  const r = new ByteReader(payload);
  const before = slots(prev);
  const bitmap = Array.from({ length: Math.ceil(before.length / 8) }, () => r.byte());
  const which: number[] = [];
  for (let i = 0; i < before.length; i++) if (bitmap[i >> 3]! & (1 << (i & 7))) which.push(i);
  const levels = readLevels(r, which.length, (i) => before[which[i]!]!.level);
  const after = before.slice();
  which.forEach((slot, i) => (after[slot] = levels[i]!));
  const na = prev.asks.length;
  return { symbol: prev.symbol, asks: after.slice(0, na), bids: after.slice(na) };
}
