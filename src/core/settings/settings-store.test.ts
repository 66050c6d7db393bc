import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { STREAM_PATHS } from '../../shared/api/stream';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/model';
import { DEFAULT_SETTINGS } from './settings-defaults';
import { SETTINGS_FILE_VERSION } from './settings-migrations';
import { SETTINGS_FILE_NAME, SettingsStore } from './settings-store';
import { StoreError } from './store-error';
import { tempFolder } from '../testing/temp-folder';

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);

let folder = '';
let file = '';
beforeEach(() => {
  folder = tempFolder('md-settings-');
  file = path.join(folder, SETTINGS_FILE_NAME);
});

const store = () => new SettingsStore({ folder, now: () => NOW });
const readJson = (target = file) =>
  JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>;
/**
 * Loads a store that must keep to the defaults in memory (a notice containing `notice`
 * says why), and checks a change is still taken, in memory.
 */
function loadInMemoryOnly(notice: string): SettingsStore {
  const s = store();
  const result = s.load();
  expect(result.settings).toEqual(DEFAULT_SETTINGS);
  expect(result.persistent).toBe(false);
  expect(result.notices).toEqual([expect.stringContaining(notice)]);
  expect(s.update({ theme: 'light' }).theme).toBe('light');
  return s;
}
const badCopies = () =>
  readdirSync(folder).filter((name) => name.startsWith(`${SETTINGS_FILE_NAME}.bad-`));

describe('SettingsStore', () => {
  it('starts from the defaults when there is no file, and writes nothing', () => {
    const result = store().load();
    expect(result).toEqual({ settings: DEFAULT_SETTINGS, notices: [], persistent: true });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('saves a change with its version, atomically, and reads it back', () => {
    const first = store();
    first.load();
    const next = first.update({ theme: 'light', intervals: { news: 30_000 } });
    expect(next.theme).toBe('light');
    expect(next.intervals.news).toBe(30_000);
    expect(readJson()).toEqual({ version: SETTINGS_FILE_VERSION, ...next });
    expect(readdirSync(folder)).toEqual([SETTINGS_FILE_NAME]); // no temp file left

    const second = store();
    expect(second.load()).toEqual({ settings: next, notices: [], persistent: true });
  });

  it('creates the data folder on the first save', () => {
    const nested = path.join(folder, 'a', 'b');
    const s = new SettingsStore({ folder: nested });
    s.load();
    s.update({ plan: 'premium' });
    expect(readJson(path.join(nested, SETTINGS_FILE_NAME)).plan).toBe('premium');
  });

  it('refuses an invalid patch with a StoreError and changes nothing', () => {
    const s = store();
    s.load();
    s.update({ theme: 'light' });
    const before = readFileSync(file, 'utf8');
    const attempt = () => s.update({ theme: 'dark', intervals: { quotes: 10 } });
    expect(attempt).toThrow(StoreError);
    expect(attempt).toThrow(
      'Invalid settings: Quotes refresh must be a whole number of milliseconds from 250 (0.25 s) to 3,600,000 (1 h)',
    );
    expect(s.get().theme).toBe('light');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses a token in a patch', () => {
    const s = store();
    s.load();
    try {
      s.update({ token: 'tok_never' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).code).toBe('bad-argument');
      expect((error as StoreError).message).toContain('not a setting');
    }
    expect(existsSync(file)).toBe(false);
  });

  it('reports a failed write as a storage error and keeps the old settings', () => {
    const blocked = path.join(folder, 'blocked');
    const s = new SettingsStore({ folder: blocked });
    s.load(); // nothing there yet: defaults, persistent
    writeFileSync(blocked, 'a file where the folder should be');
    expect(() => s.update({ theme: 'light' })).toThrow(
      expect.objectContaining({
        code: 'storage',
        message: expect.stringContaining('Could not save the settings'),
      }),
    );
    expect(s.get().theme).toBe('dark');
  });

  it('tells listeners about changes (not about no-ops) until they unsubscribe', () => {
    const s = store();
    s.load();
    const seen: [Settings, Settings][] = [];
    const listening = s.onChange(({ settings, previous }) => seen.push([settings, previous]));
    s.update({ theme: 'light' });
    s.update({ theme: 'light' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0].theme).toBe('light');
    expect(seen[0]?.[1].theme).toBe('dark');
    listening.dispose();
    s.update({ theme: 'dark' });
    expect(seen).toHaveLength(1);
  });

  it('keeps calling listeners after one throws, and reports the throw', () => {
    const reported: unknown[] = [];
    const s = new SettingsStore({ folder, reportError: (e) => reported.push(e) });
    s.load();
    let heard = false;
    s.onChange(() => {
      throw new Error('listener broke');
    });
    s.onChange(() => (heard = true));
    expect(s.update({ theme: 'light' }).theme).toBe('light');
    expect(heard).toBe(true);
    expect(reported).toEqual([expect.objectContaining({ message: 'listener broke' })]);
  });

  it('hands out copies that do not change the store', () => {
    const s = store();
    s.load();
    s.get().intervals.quotes = 5;
    expect(s.get().intervals.quotes).toBe(1000);
  });
});

describe('SettingsStore with a damaged file', () => {
  it('resets unreadable JSON to the defaults and keeps the original aside, once', () => {
    writeFileSync(file, '{"theme": "light", oops');
    const result = store().load();
    expect(result.settings).toEqual(DEFAULT_SETTINGS);
    expect(result.notices).toEqual([
      expect.stringMatching(/not valid JSON.*; using the default settings\.$/),
    ]);
    const copies = badCopies();
    expect(copies).toEqual(['settings.json.bad-2026-11-22T03-00-00-000Z']);
    expect(result.notices[0]).toContain(copies[0]);
    expect(readFileSync(path.join(folder, copies[0] ?? ''), 'utf8')).toBe(
      '{"theme": "light", oops',
    );
    expect(existsSync(file)).toBe(false);
    expect(store().load().notices).toEqual([]);
    expect(badCopies()).toHaveLength(1);
  });

  // The second audit: the copy was written from decoded text, so bytes that are not
  // UTF-8 came out as U+FFFD.
  it('keeps the damaged file byte for byte, bytes that are not UTF-8 included', () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x74, 0xff, 0xfe, 0x80, 0x22, 0x3a, 0x20, 0xc3, 0x28]);
    writeFileSync(file, bytes);
    expect(store().load().notices).toHaveLength(1);
    expect(readFileSync(path.join(folder, badCopies()[0]!)).equals(bytes)).toBe(true);
  });

  it('blanks a token in the kept copy without touching the other bytes', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"theme": "\xff\xfe", "token": "tok_secret", oops', 'latin1'),
    ]);
    writeFileSync(file, bytes);
    store().load();
    const copy = readFileSync(path.join(folder, badCopies()[0]!));
    expect(
      copy.equals(
        Buffer.from('{"theme": "\xff\xfe", "token": "[removed by Marketdesk]", oops', 'latin1'),
      ),
    ).toBe(true);
  });

  it('keeps the valid fields and resets only the invalid ones', () => {
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        theme: 'light',
        plan: 'gold',
        intervals: { quotes: 2000, news: 5 },
        colour: 'red',
      }),
    );
    const result = store().load();
    expect(result.settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'light',
      intervals: { ...DEFAULT_SETTINGS.intervals, quotes: 2000 },
    });
    expect(result.notices).toHaveLength(1);
    expect(result.notices[0]).toContain('plan, intervals.news');
    expect(result.notices[0]).toContain('unknown keys were dropped: colour');
    expect(badCopies()).toHaveLength(1);
    expect(readJson()).toEqual({ version: SETTINGS_FILE_VERSION, ...result.settings });
    // Repaired: the next launch is quiet.
    expect(store().load().notices).toEqual([]);
  });

  it('fills missing fields with defaults without complaint', () => {
    writeFileSync(file, JSON.stringify({ version: 1, theme: 'light' }));
    const result = store().load();
    expect(result).toEqual({
      settings: { ...DEFAULT_SETTINGS, theme: 'light' },
      notices: [],
      persistent: true,
    });
    expect(badCopies()).toEqual([]);
  });

  it('drops a token found in the file and blanks it in the kept copy', () => {
    writeFileSync(file, JSON.stringify({ version: 1, theme: 'light', token: 'tok_hand_edited' }));
    const result = store().load();
    expect(result.settings.theme).toBe('light');
    expect(result.notices[0]).toContain('token');
    expect(result.notices[0]).not.toContain('tok_hand_edited');
    for (const name of readdirSync(folder))
      expect(readFileSync(path.join(folder, name), 'utf8')).not.toContain('tok_hand_edited');
  });

  it('blanks a token in a file too broken to parse', () => {
    writeFileSync(file, '{"theme": "light", "token": "tok_in_\\"broken\\"_json", oops');
    const result = store().load();
    expect(result.settings).toEqual(DEFAULT_SETTINGS);
    const copy = readFileSync(path.join(folder, badCopies()[0] ?? ''), 'utf8');
    expect(copy).toBe('{"theme": "light", "token": "[removed by Marketdesk]", oops');
  });

  it('leaves a file from a newer version alone and keeps changes in memory', () => {
    const newer = JSON.stringify({
      version: SETTINGS_FILE_VERSION + 1,
      theme: 'light',
      future: true,
    });
    writeFileSync(file, newer);
    const s = loadInMemoryOnly('newer Marketdesk');
    expect(s.get().theme).toBe('light');
    expect(readFileSync(file, 'utf8')).toBe(newer);
    expect(badCopies()).toEqual([]);
  });

  it('migrates an unversioned file and saves it at the current version', () => {
    writeFileSync(
      file,
      JSON.stringify({ plan: 'enterprise:250', baseUrl: 'http://127.0.0.1:9000' }),
    );
    const result = store().load();
    expect(result.notices).toEqual([]);
    expect(result.settings).toMatchObject({
      plan: 'enterprise',
      enterpriseMaxCodes: 250,
      baseUrl: 'http://127.0.0.1:9000',
    });
    expect(readJson()).toMatchObject({ version: SETTINGS_FILE_VERSION, plan: 'enterprise' });
  });

  it('salvages a file whose version is not a number', () => {
    writeFileSync(file, JSON.stringify({ version: 'one', theme: 'light' }));
    const result = store().load();
    expect(result.settings.theme).toBe('light');
    expect(result.notices[0]).toContain('version');
    expect(badCopies()).toHaveLength(1);
  });

  it('uses defaults, in memory only, when the file cannot be read', () => {
    mkdirSync(file); // a folder where the file should be: reading fails with EISDIR
    loadInMemoryOnly('Could not read settings.json');
  });
});

describe('SettingsStore and the request timeout', () => {
  it('saves it, reads it back, and gives a file written before it existed the default', () => {
    writeFileSync(file, JSON.stringify({ version: 1, theme: 'light' }));
    expect(store().load()).toMatchObject({ settings: { requestTimeoutMs: 10_000 }, notices: [] });
    const s = store();
    s.load();
    s.update({ requestTimeoutMs: 30_000 });
    expect(readJson()).toMatchObject({ requestTimeoutMs: 30_000, theme: 'light' });
    expect(store().load().settings.requestTimeoutMs).toBe(30_000);
  });
});

describe('SettingsStore and the stream settings', () => {
  it('gives a file written before them the defaults, and keeps each valid path of a damaged set', () => {
    writeFileSync(file, JSON.stringify({ version: 1, theme: 'light' }));
    expect(store().load()).toMatchObject({
      settings: { streamEnabled: true, streamSubscriptions: null, streamPaths: STREAM_PATHS },
      notices: [],
    });
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        streamEnabled: false,
        streamPaths: { crypto: '/ws/crypto', stock: 'wss://elsewhere.example/stock', bonds: '/b' },
      }),
    );
    const result = store().load();
    expect(result.settings).toMatchObject({
      streamEnabled: false,
      streamPaths: { ...STREAM_PATHS, crypto: '/ws/crypto' },
    });
    expect(result.notices[0]).toContain('streamPaths.stock');
    expect(result.notices[0]).toContain('unknown keys were dropped: streamPaths.bonds');
  });
});

describe('SettingsStore and interrupted saves', () => {
  it("removes a killed save's temp file at load, and keeps a running save's", () => {
    writeFileSync(file, JSON.stringify({ version: 1, theme: 'light' }));
    // Left by a save killed before its rename, by a process long gone (pid above pid_max).
    const leftover = path.join(folder, `${SETTINGS_FILE_NAME}.4194305.0badf00d.tmp`);
    const inFlight = path.join(folder, `${SETTINGS_FILE_NAME}.${process.ppid}.c0ffee00.tmp`);
    writeFileSync(leftover, '{"version":1,"th');
    writeFileSync(inFlight, '{"version":1,"th');
    const s = new SettingsStore({ folder, now: () => Date.now() + 5 * 60_000 });
    expect(s.load().settings.theme).toBe('light');
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(inFlight)).toBe(true);
  });
});
