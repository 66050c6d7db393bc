/**
 * The store end to end on a manual clock: books rebuilt at any moment equal the books
 * seen live then; the span reader gives back what was received, in order; the cursor
 * seeks; sessions, the per-symbol switch, pruning to a budget, a damaged file set aside.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { DepthBook, Instrument, Quote, Tick } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { seededRandom, testSeed } from '../cache/testing/seeded-random';
import { tempFolder } from '../testing/temp-folder';
import { exportFrames } from './export';
import { listSessions, prune, usedBytes } from './maintenance';
import {
  closeRecording,
  openRecording,
  recordingFilePath,
  type RecordingDb,
} from './open-recording';
import { bookAt, read, RecordingCursor, ticksBefore } from './reader';
import { Recorder } from './recorder';
import { BookWalk, INSTRUMENTS } from './testing/books';
import { openTestRecording } from './testing/temp-recording';
import { RecordingWriter } from './writer';

const openDb = (file?: string): RecordingDb => openTestRecording(file).db;

interface Seen {
  t: number;
  instrument: Instrument;
  book: DepthBook;
}

/** Records `n` depth pushes of the instruments at seeded random gaps; returns what was seen live. */
function recordWalk(db: RecordingDb, seed: number, n: number, clock = { t: 1_700_000_000_000 }) {
  const random = seededRandom(seed);
  const walks = INSTRUMENTS.map((i) => new BookWalk(random, i.code));
  const writer = new RecordingWriter(db, { now: () => clock.t, timers: null, keyframeMs: 2_000 });
  const seen: Seen[] = [];
  for (let k = 0; k < n; k++) {
    clock.t += Math.floor(random() * 400);
    const which = Math.floor(random() * INSTRUMENTS.length);
    const book = walks[which]!.next();
    if (writer.append({ channel: 'depth', instrument: INSTRUMENTS[which]!, record: book })) {
      seen.push({ t: clock.t, instrument: INSTRUMENTS[which]!, book: structuredClone(book) });
    }
    if (random() < 0.05) writer.flush();
  }
  writer.close();
  return { seen, writer, random };
}

/** The live book of `instrument` at `t`: the last one received at or before it. */
function liveAt(seen: Seen[], instrument: Instrument, t: number): DepthBook | null {
  let book: DepthBook | null = null;
  for (const s of seen) {
    if (s.t > t) break;
    if (instrumentKey(s.instrument) === instrumentKey(instrument)) book = s.book;
  }
  return book;
}

describe('recording store', () => {
  it('rebuilds any moment’s book as it was seen live', () => {
    const seed = testSeed('RECORDING_SEED');
    onTestFailed(() => console.error(`replay with RECORDING_SEED=${seed}`));
    const db = openDb();
    const { seen, random } = recordWalk(db, seed, 3000);
    const first = seen[0]!.t;
    const last = seen.at(-1)!.t;
    for (let k = 0; k < 300; k++) {
      const t = first - 1000 + Math.floor(random() * (last - first + 2000));
      for (const i of INSTRUMENTS) expect(bookAt(db, i, t)).toEqual(liveAt(seen, i, t));
    }
    // Exactly on a frame's arrival, and just before it.
    for (const s of seen.filter((_, i) => i % 97 === 0)) {
      expect(bookAt(db, s.instrument, s.t)).toEqual(liveAt(seen, s.instrument, s.t));
      expect(bookAt(db, s.instrument, s.t - 1)).toEqual(liveAt(seen, s.instrument, s.t - 1));
    }
  });

  it('writes a big batch (many rows a statement) with each key frame indexed at its own row', () => {
    const db = openDb();
    const random = seededRandom(11);
    const walks = INSTRUMENTS.map((i) => new BookWalk(random, i.code));
    const clock = { t: 1_700_000_000_000 };
    const writer = new RecordingWriter(db, { now: () => clock.t, timers: null, keyframeMs: 500 });
    const seen: Seen[] = [];
    // 1,000 books in one batch: 15 statements of 64 rows and 40 rows one by one.
    for (let k = 0; k < 1000; k++) {
      clock.t += 1 + Math.floor(random() * 50);
      const which = k % INSTRUMENTS.length;
      const book = walks[which]!.next();
      if (writer.append({ channel: 'depth', instrument: INSTRUMENTS[which]!, record: book })) {
        seen.push({ t: clock.t, instrument: INSTRUMENTS[which]!, book: structuredClone(book) });
      }
    }
    expect(writer.pending).toBe(seen.length);
    writer.close();
    const keys = db.sqlite
      .prepare(
        `SELECT k.instrument AS ki, k.t AS kt, f.instrument AS fi, f.t AS ft, f.kind AS kind
         FROM keyframes k LEFT JOIN frames f ON f.id = k.frame`,
      )
      .all() as { ki: number; kt: number; fi: number; ft: number; kind: number }[];
    expect(keys.length).toBeGreaterThan(INSTRUMENTS.length);
    for (const k of keys) expect([k.fi, k.ft, k.kind]).toEqual([k.ki, k.kt, 0]);
    const frames = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })];
    expect(frames.map((f) => f.record)).toEqual(seen.map((x) => x.book));
    for (const s of seen.filter((_, i) => i % 37 === 0)) {
      expect(bookAt(db, s.instrument, s.t)).toEqual(liveAt(seen, s.instrument, s.t));
    }
  });

  it('reads a span back in arrival order, whole books, and the cursor seeks', () => {
    const db = openDb();
    const { seen } = recordWalk(db, 3, 1500);
    const from = seen[400]!.t;
    const to = seen[900]!.t;
    const got = [...read(db, { from, to })].map((f) => ({
      t: f.t,
      instrument: f.instrument,
      book: f.record,
    }));
    expect(got).toEqual(seen.filter((s) => s.t >= from && s.t <= to));
    const one = INSTRUMENTS[1]!;
    expect([...read(db, { from, to }, [one])].map((f) => f.record)).toEqual(
      seen.filter((s) => s.t >= from && s.t <= to && s.instrument === one).map((s) => s.book),
    );
    const cursor = new RecordingCursor(db);
    const books = cursor.seek(from);
    for (const i of INSTRUMENTS) {
      expect(books.get(instrumentKey(i)) ?? null).toEqual(liveAt(seen, i, from - 1));
    }
    expect(cursor.next(10).map((f) => f.t)).toEqual(
      seen
        .filter((s) => s.t >= from)
        .slice(0, 10)
        .map((s) => s.t),
    );
  });

  it('answers the last trades of each instrument by a time, oldest first, at most so many', () => {
    const db = openDb();
    let t = 0;
    const writer = new RecordingWriter(db, { now: () => t, timers: null });
    const [btc, aapl] = [INSTRUMENTS[0]!, INSTRUMENTS[1]!];
    const trade = (symbol: string, n: number): Tick => ({
      symbol,
      last: 100 + n,
      time: n * 1000,
      volume: n,
      turnover: n,
      status: 0,
    });
    for (let n = 1; n <= 10; n++) {
      t = n * 1000;
      writer.append({ channel: 'tick', instrument: btc, record: trade('BTCUSDT', n) });
      if (n % 2 === 0)
        writer.append({ channel: 'tick', instrument: aapl, record: trade('AAPL', n) });
    }
    writer.close();
    const at = (time: number, limit: number, lookback?: number) =>
      Object.fromEntries(
        [...ticksBefore(db, [btc, aapl], time, limit, lookback)].map(([k, list]) => [
          k,
          list.map((x) => x.time / 1000),
        ]),
      );
    // By 7 s, its frames at 7 s included (a replay clock at 7 s has played them).
    expect(at(7_000, 3)).toEqual({
      [instrumentKey(btc)]: [5, 6, 7],
      [instrumentKey(aapl)]: [2, 4, 6],
    });
    // No further back than asked; nothing before the first.
    expect(at(7_000, 50, 2_500)).toEqual({
      [instrumentKey(btc)]: [5, 6, 7],
      [instrumentKey(aapl)]: [6],
    });
    expect(at(500, 3)).toEqual({});
  });

  it('keeps quotes and ticks with their exchange time, and skips one that says nothing new', () => {
    const db = openDb();
    let t = 1000;
    const writer = new RecordingWriter(db, { now: () => t, timers: null });
    const instrument = INSTRUMENTS[1]!;
    const quote: Quote = {
      symbol: 'AAPL',
      last: 10.5,
      open: 10,
      prevClose: 9.9,
      high: 11,
      low: 9.8,
      time: 900,
      volume: 100,
      turnover: 1050,
      status: 0,
      change: 0.6,
      changePercent: 6.06,
    };
    expect(writer.append({ channel: 'quote', instrument, record: quote })).toBe(true);
    t = 2000;
    expect(writer.append({ channel: 'quote', instrument, record: { ...quote } })).toBe(false);
    expect(
      writer.append({ channel: 'quote', instrument, record: { ...quote, time: 1900, last: 10.6 } }),
    ).toBe(true);
    // A tick is its own: one at the quote's exchange time is new, its repeat is not.
    const tick: Tick = {
      symbol: 'AAPL',
      last: 10.6,
      time: 1900,
      volume: 5,
      turnover: 53,
      status: 0,
    };
    t = 3000;
    expect(writer.append({ channel: 'tick', instrument, record: tick })).toBe(true);
    t = 4000;
    expect(writer.append({ channel: 'tick', instrument, record: { ...tick } })).toBe(false);
    writer.close();
    const frames = [...read(db, { from: 0, to: 5000 })];
    expect(frames.map((f) => [f.t, f.exchangeTime, f.channel])).toEqual([
      [1000, 900, 'quote'],
      [2000, 1900, 'quote'],
      [3000, 1900, 'tick'],
    ]);
    expect(frames[1]!.record).toEqual({ ...quote, time: 1900, last: 10.6 });
    expect(frames[2]!.record).toEqual(tick);
  });

  it('numbers sessions, keeps arrival times from going back, and honours the per-symbol switch', () => {
    const file = path.join(tempFolder(), 'r.db');
    const db = openDb(file);
    const clock = { t: 10_000 };
    recordWalk(db, 5, 50, clock);
    // A clock set back: the second session's frames still come after the first's.
    clock.t -= 60_000;
    const writer = new RecordingWriter(db, { now: () => clock.t, timers: null });
    writer.setRecorded(INSTRUMENTS[0]!, false);
    const walk = new BookWalk(seededRandom(1), 'X');
    expect(
      writer.append({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() }),
    ).toBe(false);
    expect(
      writer.append({ channel: 'depth', instrument: INSTRUMENTS[1]!, record: walk.next() }),
    ).toBe(true);
    writer.close();
    const sessions = listSessions(db);
    expect(sessions.map((s) => s.closed)).toEqual([true, true]);
    expect(sessions[1]!.startedAt).toBeGreaterThanOrEqual(sessions[0]!.endedAt);
    const times = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })].map((f) => f.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The switch is kept in the file.
    const again = new RecordingWriter(db, { timers: null });
    expect(again.isRecorded(INSTRUMENTS[0]!)).toBe(false);
    expect(again.isRecorded(INSTRUMENTS[1]!)).toBe(true);
    again.close();
  });

  it('prunes the oldest sessions first to fit a budget, and the session being written last', () => {
    const db = openDb();
    const clock = { t: 1_000_000 };
    for (let s = 0; s < 4; s++) recordWalk(db, 10 + s, 3000, clock);
    const before = listSessions(db);
    expect(before).toHaveLength(4);
    const size = usedBytes(db);
    const result = prune(db, Math.floor(size * 0.6));
    expect(result.bytesAfter).toBeLessThanOrEqual(Math.floor(size * 0.6));
    const after = listSessions(db);
    expect(after.map((s) => s.id)).toEqual(before.slice(-after.length).map((s) => s.id));
    expect(after.length).toBeLessThan(4);
    // What is left reads whole from its first frame.
    const left = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })];
    expect(left[0]!.t).toBeGreaterThanOrEqual(after[0]!.startedAt);
    // The newest session alone over a tiny budget loses its oldest frames, not all of them.
    const keep = after.at(-1)!.id;
    prune(db, 64 * 1024, keep);
    const sessions = listSessions(db);
    expect(sessions.map((s) => s.id)).toEqual([keep]);
    const rest = [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })];
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.length).toBeLessThan(left.length);
    // Every book read after the cut is one that was recorded (no delta applied to a missing base).
    const t = rest.at(-1)!.t;
    for (const i of INSTRUMENTS) {
      const fromRead = rest
        .filter((f) => f.channel === 'depth' && instrumentKey(f.instrument) === instrumentKey(i))
        .at(-1);
      if (fromRead) expect(bookAt(db, i, t)).toEqual(fromRead.record);
    }
  });

  it('exports CSV and JSON lines', () => {
    const db = openDb();
    const { seen } = recordWalk(db, 9, 20);
    const lines: string[] = [];
    expect(
      exportFrames(db, { from: 0, to: Number.MAX_SAFE_INTEGER }, null, 'jsonl', (l) =>
        lines.push(l),
      ),
    ).toBe(seen.length);
    expect(JSON.parse(lines[0]!).record).toEqual(seen[0]!.book);
    const csv: string[] = [];
    exportFrames(db, { from: 0, to: Number.MAX_SAFE_INTEGER }, null, 'csv', (l) => csv.push(l));
    expect(csv).toHaveLength(seen.length + 1);
    const first = seen[0]!.book.asks[0]!;
    expect(csv[1]).toContain(`,${first.price ?? '-'}@${first.volume}/${first.orders}`);
  });
});

/** A recorder of the demo source in `folder` that keeps what it tells: notices and errors. */
function noticedRecorder(folder: string) {
  const notices: string[] = [];
  const errors: unknown[] = [];
  const recorder = new Recorder({
    folder,
    source: () => 'demo',
    timers: null,
    notice: (m) => notices.push(m),
    onError: (e) => errors.push(e),
  });
  return { recorder, notices, errors };
}

describe('recording files', () => {
  it('keeps each source in its own file', () => {
    const folder = tempFolder();
    const demo = recordingFilePath(folder, 'demo');
    const live = recordingFilePath(folder, 'live:https://api.itick.org');
    const other = recordingFilePath(folder, 'live:https://api.itick.org:8443');
    expect(new Set([demo, live, other]).size).toBe(3);
    expect(path.dirname(live)).toBe(path.join(folder, 'recordings'));
    const { db } = openRecording(demo, 'demo');
    closeRecording(db);
    expect(() => openRecording(demo, 'live:https://api.itick.org')).toThrow(
      /holds the recording of demo/,
    );
  });

  it('the recorder writes each source’s frames to its file as the source switches', () => {
    const folder = tempFolder();
    let source: 'demo' | `live:${string}` = 'demo';
    const recorder = new Recorder({ folder, source: () => source, timers: null });
    const walk = new BookWalk(seededRandom(2), 'X');
    recorder.take({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
    source = 'live:https://example.test';
    recorder.take({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
    recorder.take({ channel: 'depth', instrument: INSTRUMENTS[1]!, record: walk.next() });
    recorder.close();
    const count = (s: 'demo' | `live:${string}`) => {
      const { db } = openTestRecording(recordingFilePath(folder, s), s);
      return [...read(db, { from: 0, to: Number.MAX_SAFE_INTEGER })].length;
    };
    expect(count('demo')).toBe(1);
    expect(count('live:https://example.test')).toBe(2);
  });

  it('writes what it holds before a read that reaches it, and nothing early for an older span', () => {
    const folder = tempFolder();
    let now = 1_000_000;
    const recorder = new Recorder({ folder, source: () => 'demo', timers: null, now: () => now });
    const walk = new BookWalk(seededRandom(3), 'X');
    recorder.take({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
    now += 100;
    recorder.take({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
    const written = () => [...read(recorder.db!, { from: 0, to: Number.MAX_SAFE_INTEGER })].length;
    expect(written()).toBe(0);
    recorder.flushThrough(999_999);
    expect(written()).toBe(0);
    recorder.flushThrough(1_000_000);
    expect(written()).toBe(2);
    recorder.close();
  });

  it('sets a damaged file aside with a notice, never empties it, and records afresh', () => {
    const folder = tempFolder();
    const file = recordingFilePath(folder, 'demo');
    const { db } = openRecording(file, 'demo');
    recordWalk(db, 4, 200);
    closeRecording(db);
    // Scribble over the middle of the file: pages the quick check reads.
    const damaged = Buffer.alloc(8192, 0x5a);
    const fd = openSync(file, 'r+');
    writeSync(fd, damaged, 0, damaged.length, 4096);
    closeSync(fd);
    const { recorder, notices } = noticedRecorder(folder);
    recorder.take({
      channel: 'depth',
      instrument: INSTRUMENTS[0]!,
      record: new BookWalk(seededRandom(1), 'X').next(),
    });
    expect(recorder.status().setAside).toBe(notices[0]);
    recorder.close();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /damaged \(integrity check failed: [^\n]*\) and has been set aside as .*corrupt-/,
    );
    const aside = readdirSync(path.dirname(file)).filter(
      (f) => f.includes('.corrupt-') && !/-(wal|shm)$/.test(f),
    );
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(path.dirname(file), aside[0]!))).toBe(true);
    const { db: fresh } = openTestRecording(file);
    expect([...read(fresh, { from: 0, to: Number.MAX_SAFE_INTEGER })]).toHaveLength(1);
  });

  it('a failed write (disk full) is told once, shown as failing, and recording resumes after', () => {
    const folder = tempFolder();
    const { recorder, notices, errors } = noticedRecorder(folder);
    const random = seededRandom(7);
    const walks = INSTRUMENTS.map((i) => new BookWalk(random, i.code));
    const push = (n: number) => {
      for (let k = 0; k < n; k++) {
        const which = k % INSTRUMENTS.length;
        recorder.take({
          channel: 'depth',
          instrument: INSTRUMENTS[which]!,
          record: walks[which]!.next(),
        });
      }
      recorder.flush();
    };
    push(10);
    expect(recorder.status()).toMatchObject({ state: 'recording', problem: null });
    const sqlite = recorder.db!.sqlite;
    // The file may not grow: SQLite answers as a full disk does.
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    push(3000);
    push(3000);
    const failing = recorder.status();
    expect(failing.state).toBe('failing');
    expect(failing.problem).toMatch(/full/);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Recording demo failed \(.*full.*\); what arrives is not recorded/);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    sqlite.pragma('max_page_count = 1073741823');
    push(10);
    expect(recorder.status()).toMatchObject({ state: 'recording', problem: null });
    expect(notices).toHaveLength(1);
    recorder.close();
  });

  it('a file that is not a database at all is set aside too', () => {
    const folder = tempFolder();
    const file = recordingFilePath(folder, 'demo');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'not a database, but someone’s notes');
    const { recovery } = openTestRecording(file);
    expect(recovery?.movedTo).toMatch(/corrupt-/);
    expect(readFileSync(recovery!.movedTo, 'utf8')).toBe('not a database, but someone’s notes');
  });
});
