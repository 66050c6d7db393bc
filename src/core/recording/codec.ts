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
    const at = this.#pos;
    if (at + n > this.buf.length) throw new RangeError('recording payload is truncated');
    this.#pos += n;
    // Symbols are short ASCII: read as char codes, without a Buffer (a replay decodes one
    // per frame); anything else through UTF-8.
    if (n <= 32) {
      let s = '';
      for (let k = at; k < at + n; k++) {
        const c = this.buf[k]!;
        if (c >= 0x80)
          return Buffer.from(this.buf.buffer, this.buf.byteOffset + at, n).toString('utf8');
        s += String.fromCharCode(c);
      }
      return s;
    }
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + at, n).toString('utf8');
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
  // In the order written (no array of them: a replay decodes a quote per frame).
  const symbol = r.string();
  const last = readNumber(r)!;
  const open = readNumber(r)!;
  const prevClose = readNumber(r);
  const high = readNumber(r)!;
  const low = readNumber(r)!;
  const volume = readNumber(r)!;
  const turnover = readNumber(r)!;
  const status = readNumber(r)!;
  const change = readNumber(r);
  const changePercent = readNumber(r);
  return {
    symbol,
    last,
    open,
    prevClose,
    high,
    low,
    time,
    volume,
    turnover,
    status,
    change,
    changePercent,
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
  const last = readNumber(r)!;
  const volume = readNumber(r)!;
  const turnover = readNumber(r)!;
  const status = readNumber(r)!;
  return { symbol, last, time, volume, turnover, status };
}

// ------------------------------------------------------------------ depth
// Written with plain loops and no intermediate arrays: a recorder takes tens of thousands
// of books a second, and the garbage of per-frame arrays cost more than the encoding.

/** Level slot `i` of a book: asks first, then bids. */
const slotAt = (b: DepthBook, i: number): DepthLevel =>
  i < b.asks.length ? b.asks[i]! : b.bids[i - b.asks.length]!;

const slotCount = (b: DepthBook): number => b.asks.length + b.bids.length;

/** The level number slot `i` has unless written otherwise: 1, 2, 3… on each side. */
const sideLevel = (b: DepthBook, i: number): number =>
  i < b.asks.length ? i + 1 : i - b.asks.length + 1;

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
  const n = slotCount(a);
  for (let i = 0; i < n; i++) if (!sameLevel(slotAt(a, i), slotAt(b, i))) return false;
  return true;
}

/** The levels a payload holds: `count` slots of `book`, the k-th being slot `slots[k]` (or k). */
interface LevelSet {
  book: DepthBook;
  count: number;
  slots: Int32Array | null;
  /** The level number a slot has unless written otherwise. */
  expected: (slot: number) => number;
}

const levelOf = (set: LevelSet, k: number): DepthLevel =>
  slotAt(set.book, set.slots ? set.slots[k]! : k);

/**
 * Levels as columns: flags (bit 0: level numbers written; bit 1: orders equal volumes),
 * then the empty levels (a count and their indexes), then prices (decimals, then deltas
 * from the level before), volumes and, unless flagged, orders (decimals, then values).
 */
function writeLevels(w: ByteWriter, set: LevelSet): void {
  const { count } = set;
  let plain = true;
  let ordersAreVolumes = true;
  let empty = 0;
  let pd = 0;
  let vd = 0;
  let od = 0;
  for (let k = 0; k < count; k++) {
    const l = levelOf(set, k);
    const slot = set.slots ? set.slots[k]! : k;
    if (l.level !== set.expected(slot)) plain = false;
    if (l.orders !== l.volume) ordersAreVolumes = false;
    if (l.price === null) empty++;
    else if (pd !== RAW) pd = Math.max(pd, decimalsOf(l.price));
    if (vd !== RAW) vd = Math.max(vd, decimalsOf(l.volume));
    if (od !== RAW) od = Math.max(od, decimalsOf(l.orders));
  }
  w.byte((plain ? 0 : 1) | (ordersAreVolumes ? 2 : 0));
  if (!plain) for (let k = 0; k < count; k++) w.uvarint(levelOf(set, k).level);
  w.uvarint(empty);
  for (let k = 0; k < count && empty > 0; k++) if (levelOf(set, k).price === null) w.uvarint(k);
  w.byte(pd);
  let before = 0;
  for (let k = 0; k < count; k++) {
    const p = levelOf(set, k).price;
    if (p === null) continue;
    if (pd === RAW) w.float64(p);
    else {
      const scaled = Math.round(p * POW10[pd]!);
      w.varint(scaled - before);
      before = scaled;
    }
  }
  w.byte(vd);
  for (let k = 0; k < count; k++) writeScaled(w, levelOf(set, k).volume, vd);
  if (!ordersAreVolumes) {
    w.byte(od);
    for (let k = 0; k < count; k++) writeScaled(w, levelOf(set, k).orders, od);
  }
}

function checkScale(d: number): number {
  if (d > MAX_DECIMALS && d !== RAW) throw new RangeError('recording payload has a bad scale');
  return d;
}

/** Reads `count` levels into `out[k]`, their level numbers `expected(k)` unless written. */
function readLevels(
  r: ByteReader,
  count: number,
  expected: (k: number) => number,
  out: DepthLevel[],
): void {
  const flags = r.byte();
  for (let k = 0; k < count; k++) {
    out[k] = { level: flags & 1 ? r.uvarint() : expected(k), price: 0, volume: 0, orders: 0 };
  }
  let empty = r.uvarint();
  // Most books have no empty level: no array for them.
  const emptyAt: number[] | null = empty > 0 ? [] : null;
  while (empty-- > 0) emptyAt!.push(r.uvarint());
  const pd = checkScale(r.byte());
  let before = 0;
  for (let k = 0; k < count; k++) {
    const l = out[k]!;
    if (emptyAt !== null && emptyAt.includes(k)) l.price = null;
    else if (pd === RAW) l.price = r.float64();
    else {
      before += r.varint();
      l.price = before / POW10[pd]!;
    }
  }
  const vd = checkScale(r.byte());
  for (let k = 0; k < count; k++) out[k]!.volume = readScaled(r, vd);
  if (flags & 2) for (let k = 0; k < count; k++) out[k]!.orders = out[k]!.volume;
  else {
    const od = checkScale(r.byte());
    for (let k = 0; k < count; k++) out[k]!.orders = readScaled(r, od);
  }
}

/** A whole book: symbol, asks and bids counts, then the levels (asks then bids). */
export function encodeDepthKey(w: ByteWriter, book: DepthBook): Buffer {
  w.string(book.symbol);
  w.uvarint(book.asks.length);
  w.uvarint(book.bids.length);
  writeLevels(w, {
    book,
    count: slotCount(book),
    slots: null,
    expected: (i) => sideLevel(book, i),
  });
  return w.take();
}

export function decodeDepthKey(payload: Uint8Array): DepthBook {
  const r = new ByteReader(payload);
  const symbol = r.string();
  const na = r.uvarint();
  const nb = r.uvarint();
  const levels: DepthLevel[] = new Array<DepthLevel>(na + nb);
  readLevels(r, na + nb, (i) => (i < na ? i + 1 : i - na + 1), levels);
  return { symbol, asks: levels.slice(0, na), bids: levels.slice(na) };
}

const changed = new Int32Array(512);

/** The slots of `next` that differ from `prev` (a bitmap), then those levels. */
export function encodeDepthDelta(w: ByteWriter, prev: DepthBook, next: DepthBook): Buffer {
  const n = slotCount(next);
  let count = 0;
  for (let byte = 0; byte < n; byte += 8) {
    let bits = 0;
    for (let i = byte; i < Math.min(n, byte + 8); i++) {
      if (!sameLevel(slotAt(prev, i), slotAt(next, i))) {
        bits |= 1 << (i - byte);
        changed[count++] = i;
      }
    }
    w.byte(bits);
  }
  writeLevels(w, {
    book: next,
    count,
    slots: changed.subarray(0, count),
    expected: (slot) => slotAt(prev, slot).level,
  });
  return w.take();
}

/** `prev` with a delta applied: a new book sharing the unchanged levels' objects. */
export function decodeDepthDelta(payload: Uint8Array, prev: DepthBook): DepthBook {
  const r = new ByteReader(payload);
  const n = slotCount(prev);
  const which: number[] = [];
  for (let byte = 0; byte < n; byte += 8) {
    const bits = r.byte();
    for (let i = byte; i < Math.min(n, byte + 8); i++) if (bits & (1 << (i - byte))) which.push(i);
  }
  const asks = prev.asks.slice();
  const bids = prev.bids.slice();
  const na = asks.length;
  const out: DepthLevel[] = new Array<DepthLevel>(which.length);
  readLevels(r, which.length, (k) => slotAt(prev, which[k]!).level, out);
  for (let k = 0; k < which.length; k++) {
    const slot = which[k]!;
    if (slot < na) asks[slot] = out[k]!;
    else bids[slot - na] = out[k]!;
  }
  return { symbol: prev.symbol, asks, bids };
}
