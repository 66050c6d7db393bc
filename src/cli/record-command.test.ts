/**
 * `marketdesk record ls|export|prune` over a recording written as the app writes it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeRecording,
  openRecording,
  recordingFilePath,
  RecordingWriter,
} from '../core/recording';
import { seededRandom } from '../core/cache/testing/seeded-random';
import { BookWalk, INSTRUMENTS } from '../core/recording/testing/books';
import { cliHarness, lines } from './test-harness';

const T0 = 1_764_000_000_000;

describe('record commands', () => {
  const h = cliHarness();
  afterAll(() => h.cleanup());

  beforeAll(() => {
    const { db } = openRecording(recordingFilePath(h.home, 'demo'), 'demo');
    let t = T0;
    const random = seededRandom(3);
    const walks = INSTRUMENTS.map((i) => new BookWalk(random, i.code));
    for (let session = 0; session < 2; session++) {
      const writer = new RecordingWriter(db, { now: () => t, timers: null });
      for (let k = 0; k < 30; k++) {
        t += 1000;
        const i = k % INSTRUMENTS.length;
        writer.append({ channel: 'depth', instrument: INSTRUMENTS[i]!, record: walks[i]!.next() });
      }
      writer.close();
    }
    closeRecording(db);
  });

  it('ls: each source’s file and its sessions', async () => {
    const json = await h.cli('record ls --json');
    expect(json.code).toBe(0);
    const [rec, ...more] = JSON.parse(json.stdout) as {
      source: string;
      file: string;
      instruments: number;
      sessions: { frames: number; closed: boolean; startedAt: number }[];
    }[];
    expect(more).toEqual([]);
    expect(rec).toMatchObject({
      source: 'demo',
      instruments: 3,
      file: path.join(h.home, 'recordings', 'demo.db'),
    });
    expect(rec!.sessions.map((s) => [s.frames, s.closed])).toEqual([
      [30, true],
      [30, true],
    ]);
    const table = await h.cli('record ls');
    expect(table.stdout).toMatch(/^SESSION\s+STARTED\s+ENDED\s+FRAMES\s+PAYLOAD\s+STATE$/m);
    expect(table.stdout).toMatch(/^\s+1\s+2025-\S+\s+\S+\s+30\s+.*closed$/m);
  });

  it('export: JSON lines or CSV, of a span and of some codes', async () => {
    const all = await h.cli('record export --format jsonl');
    expect(all.code).toBe(0);
    expect(all.stderr).toMatch(/demo/);
    expect(lines(all.stdout)).toHaveLength(60);
    const frame = JSON.parse(lines(all.stdout)[0]!) as {
      t: number;
      channel: string;
      record: { asks: unknown[] };
    };
    expect(frame).toMatchObject({ t: T0 + 1000, channel: 'depth' });
    expect(frame.record.asks.length).toBeGreaterThan(0);
    const csv = await h.cli([
      'record',
      'export',
      '--codes',
      'aapl',
      '--from',
      String(T0 + 10_000),
      '--to',
      new Date(T0 + 20_000).toISOString(),
    ]);
    expect(csv.code).toBe(0);
    const rows = lines(csv.stdout);
    expect(rows[0]).toMatch(/^arrival_ms,exchange_ms,channel,class,region,exchange,code,/);
    expect(rows.length - 1).toBeGreaterThan(0);
    for (const row of rows.slice(1)) {
      const [t, , channel, , , , code] = row.split(',');
      expect([channel, code]).toEqual(['depth', 'AAPL']);
      expect(Number(t)).toBeGreaterThanOrEqual(T0 + 10_000);
      expect(Number(t)).toBeLessThanOrEqual(T0 + 20_000);
    }
    const file = path.join(h.home, 'out.jsonl');
    const out = await h.cli(['record', 'export', '--json', '--out', file]);
    expect(out.stderr).toMatch(/wrote 60 frames to/);
    expect(lines(readFileSync(file, 'utf8'))).toHaveLength(60);
  });

  it('export: every CSV row and JSON line says its source, demo or live', async () => {
    // The same frames recorded from a live service: exported, they must not read as the demo's.
    const home = cliHarness();
    try {
      const base = 'http://127.0.0.1:9';
      const live = `live:${base}`;
      for (const source of ['demo', live] as const) {
        const { db } = openRecording(recordingFilePath(home.home, source), source);
        const writer = new RecordingWriter(db, { now: () => T0, timers: null });
        const walk = new BookWalk(seededRandom(5), INSTRUMENTS[0]!.code);
        for (let k = 0; k < 3; k++) {
          writer.append({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
        }
        writer.close();
        closeRecording(db);
      }
      for (const [argv, source] of [
        [['record', 'export'], 'demo'],
        [['--base-url', base, 'record', 'export'], live],
      ] as const) {
        const csv = await home.cli([...argv]);
        expect(csv.code).toBe(0);
        const [header, ...rows] = lines(csv.stdout);
        expect(header!.split(',').at(-1)).toBe('source');
        expect(rows).toHaveLength(3);
        for (const row of rows) expect(row.split(',').at(-1)).toBe(source);
        const json = await home.cli([...argv, '--format', 'jsonl']);
        expect(json.code).toBe(0);
        const frames = lines(json.stdout).map((l) => JSON.parse(l) as { source: string });
        expect(frames.map((f) => f.source)).toEqual([source, source, source]);
      }
    } finally {
      home.cleanup();
    }
  });

  it('export of a span that holds nothing says so', async () => {
    const r = await h.cli(['record', 'export', '--from', new Date(T0 + 3_600_000).toISOString()]);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stderr).toMatch(/no frames recorded since 2025-\S+/);
  });

  it('export to a file it cannot write says so and fails, never "wrote"', async () => {
    const file = path.join(h.home, 'no-such-folder', 'out.csv');
    const r = await h.cli(['record', 'export', '--out', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/wrote/);
    expect(r.stderr).toMatch(/cannot write .*no-such-folder.*ENOENT/);
  });

  it('usage mistakes are one line and exit 2', async () => {
    for (const argv of ['record', 'record nope', 'record export --format xml', 'record ls extra']) {
      const r = await h.cli(argv);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toHaveLength(1);
    }
    const format = await h.cli('record export --format json');
    expect(format.stderr).toMatch(/--format must be csv or jsonl, got "json"/);
  });

  it("prune without --budget keeps to the app's Recording size setting, and says so", async () => {
    writeFileSync(
      path.join(h.home, 'settings.json'),
      JSON.stringify({ version: 1, recordingBudgetBytes: 2 * 1024 ** 3 }),
    );
    try {
      const r = await h.cli('record prune --json');
      expect(r.code).toBe(0);
      expect(lines(r.stderr)).toEqual([
        "marketdesk: budget 2.0 GiB: the app's Recording size setting (--budget sets another)",
      ]);
      const [result] = JSON.parse(r.stdout) as { sessionsRemoved: number }[];
      expect(result).toMatchObject({ sessionsRemoved: 0 });
    } finally {
      rmSync(path.join(h.home, 'settings.json'));
    }
  });

  it('export of a recording it cannot read fails, and leaves the file for the app', async () => {
    const home = cliHarness();
    try {
      const file = recordingFilePath(home.home, 'demo');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'not a recording '.repeat(1_000));
      const r = await home.cli('record export');
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/cannot export demo: .*demo\.db is not a readable recording/);
      expect(r.stderr).not.toMatch(/set aside|starts afresh/);
      expect(readdirSync(path.dirname(file))).toEqual(['demo.db']);
      expect(readFileSync(file, 'utf8')).toMatch(/^not a recording/);
    } finally {
      home.cleanup();
    }
  });

  it('prune keeps the session the app is recording: only its oldest frames go', async () => {
    const home = cliHarness();
    try {
      const { db } = openRecording(recordingFilePath(home.home, 'demo'), 'demo');
      let t = T0;
      const walk = new BookWalk(seededRandom(4), INSTRUMENTS[0]!.code);
      const write = (frames: number) => {
        const writer = new RecordingWriter(db, { now: () => t, timers: null });
        for (let k = 0; k < frames; k++) {
          t += 1000;
          writer.append({ channel: 'depth', instrument: INSTRUMENTS[0]!, record: walk.next() });
        }
        writer.flush();
        return writer;
      };
      write(30).close();
      // The app's: written and flushed, not closed (it is still recording).
      write(300);
      closeRecording(db);
      const r = await home.cli('record prune --budget 1 --json');
      expect(r.code).toBe(0);
      const [result] = JSON.parse(r.stdout) as { sessionsRemoved: number }[];
      expect(result).toMatchObject({ sessionsRemoved: 1 });
      const [ls] = JSON.parse((await home.cli('record ls --json')).stdout) as {
        sessions: { id: number; closed: boolean; frames: number }[];
      }[];
      expect(ls!.sessions).toHaveLength(1);
      expect(ls!.sessions[0]).toMatchObject({ id: 2, closed: false });
      expect(ls!.sessions[0]!.frames).toBeLessThan(300);
    } finally {
      home.cleanup();
    }
  });

  it('prune: the oldest sessions go first to fit the budget; a file that is not a recording is skipped', async () => {
    writeFileSync(path.join(h.home, 'recordings', 'stray.db'), 'not a recording');
    const r = await h.cli('record prune --budget 1 --json');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/skipped .*stray\.db/);
    const [result] = JSON.parse(r.stdout) as {
      source: string;
      sessionsRemoved: number;
      framesRemoved: number;
    }[];
    expect(result).toMatchObject({ source: 'demo', sessionsRemoved: 2, framesRemoved: 60 });
    const ls = JSON.parse((await h.cli('record ls --json')).stdout) as { sessions: unknown[] }[];
    expect(ls[0]!.sessions).toEqual([]);
  });
});
