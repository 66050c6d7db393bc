import { chmodSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import { JsonFileStore, formatBytes, type JsonFileOptions } from './json-file-store';

interface Notes {
  notes: string[];
}

function store(folder: string, over: Partial<JsonFileOptions<Notes>> = {}) {
  return new JsonFileStore<Notes>({
    folder,
    name: 'notes.json',
    what: 'the notes',
    version: 2,
    maxBytes: 1024,
    empty: () => ({ notes: [] }),
    read: (raw) => {
      if (!Array.isArray(raw.notes)) return { ok: false, problem: 'its "notes" is not a list' };
      const notes = raw.notes.filter((n): n is string => typeof n === 'string');
      const dropped = raw.notes.length - notes.length;
      if (dropped > 0)
        return { ok: true, value: { notes }, damaged: `${dropped} notes were left out` };
      return { ok: true, value: { notes }, rewrite: raw.version !== 2 };
    },
    body: (value) => ({ notes: value.notes }),
    now: () => Date.UTC(2026, 10, 28),
    ...over,
  });
}

const kept = (folder: string) => readdirSync(folder).filter((f) => f.includes('.bad-'));

describe('JsonFileStore', () => {
  it('writes with its version, atomically, and reads back', () => {
    const folder = path.join(tempFolder(), 'new');
    store(folder).save({ notes: ['a'] });
    expect(JSON.parse(readFileSync(path.join(folder, 'notes.json'), 'utf8'))).toEqual({
      version: 2,
      notes: ['a'],
    });
    expect(store(folder).load()).toEqual({ value: { notes: ['a'] }, notice: null, writable: true });
  });

  it('refuses a write past its bound, so it never writes a file it would not read', () => {
    const folder = tempFolder();
    const s = store(folder);
    expect(() => s.save({ notes: ['x'.repeat(2000)] })).toThrow(
      expect.objectContaining({
        code: 'bad-argument',
        message: expect.stringMatching(/more than the 1 KiB notes\.json may hold/),
      }),
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('rewrites an older format it migrated, without a notice or a copy', () => {
    const folder = tempFolder();
    writeFileSync(path.join(folder, 'notes.json'), '\uFEFF{"version":1,"notes":["a"]}');
    expect(store(folder).load().notice).toBeNull();
    expect(readFileSync(path.join(folder, 'notes.json'), 'utf8')).toBe(
      '{"version":2,"notes":["a"]}',
    );
    expect(kept(folder)).toEqual([]);
  });

  it('copies a partly damaged file aside, writes back what it read, and is quiet next time', () => {
    const folder = tempFolder();
    const text = '{"version":2,"notes":["a",7]}';
    writeFileSync(path.join(folder, 'notes.json'), text);
    const first = store(folder).load();
    expect(first.notice).toBe(
      '1 notes were left out (the file is kept as notes.json.bad-2026-11-28T00-00-00-000Z).',
    );
    expect(readFileSync(path.join(folder, kept(folder)[0]!), 'utf8')).toBe(text);
    expect(store(folder).load()).toEqual({ value: { notes: ['a'] }, notice: null, writable: true });
  });

  // The second audit: a settings file kept aside was written from decoded text, so bytes
  // that are not UTF-8 came out as U+FFFD. Every store keeps the bytes it read.
  it.each([
    // Not JSON at all: moved aside.
    ['an unusable', [0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x80, 0x22, 0x3a, 0xc3, 0x28]],
    // JSON whose one bad note is a number and whose good one holds bytes that are not
    // UTF-8 (decoded as U+FFFD to read it): copied aside, the rest written back.
    [
      'a partly damaged',
      [...Buffer.from('{"version":2,"notes":["'), 0xff, 0xfe, 0xc3, 0x28, ...Buffer.from('",7]}')],
    ],
  ])('keeps %s file aside byte for byte, bytes that are not UTF-8 included', (_, list) => {
    const folder = tempFolder();
    const bytes = Buffer.from(list);
    writeFileSync(path.join(folder, 'notes.json'), bytes);
    expect(store(folder).load().notice).toMatch(/the file is kept as notes\.json\.bad-/);
    expect(kept(folder)).toHaveLength(1);
    expect(readFileSync(path.join(folder, kept(folder)[0]!)).equals(bytes)).toBe(true);
  });

  it('opens a newer file read-only and refuses to write it', () => {
    const folder = tempFolder();
    const text = '{"version":3,"notes":"a new shape"}';
    writeFileSync(path.join(folder, 'notes.json'), text);
    const s = store(folder);
    expect(s.load()).toMatchObject({ value: { notes: [] }, writable: false });
    expect(() => s.save({ notes: ['b'] })).toThrow(
      expect.objectContaining({
        code: 'storage',
        message: expect.stringContaining('newer Marketdesk'),
      }),
    );
    expect(readFileSync(path.join(folder, 'notes.json'), 'utf8')).toBe(text);
    expect(kept(folder)).toEqual([]);
  });

  it.each([
    [
      'not JSON',
      '{"version":2,"notes":',
      /could not be used \(it is not valid JSON\) \(the file is left as it is\)/,
    ],
    [
      'partly damaged',
      '{"version":2,"notes":["a",7]}',
      /is partly damaged: what could be read is used/,
    ],
    ['a file of an older format', '{"version":1,"notes":["a"]}', null],
    [
      'a file of a newer format',
      '{"version":3,"notes":"a new shape"}',
      /^notes\.json was written by a newer Marketdesk \(format 3; this one reads up to 2\), so it is not used here \(the file is left as it is\); starting without it\.$/,
    ],
  ])('read-only, %s is read as ever and left byte for byte', (_, text, notice) => {
    const folder = tempFolder();
    const file = path.join(folder, 'notes.json');
    writeFileSync(file, text);
    // A write's temp file from this very process, years old: stale, yet left alone here.
    writeFileSync(`${file}.${process.pid}.0123abcd.tmp`, 'a write killed half way');
    const s = store(folder, { readOnly: true, now: () => Date.UTC(2030, 0, 1) });
    expect(() => s.save({ notes: [] })).toThrow(expect.objectContaining({ code: 'storage' }));
    const loaded = s.load();
    expect(loaded.writable).toBe(false);
    if (notice === null) expect(loaded.notice).toBeNull();
    else expect(loaded.notice).toMatch(notice);
    expect(() => s.save({ notes: [] })).toThrow(expect.objectContaining({ code: 'storage' }));
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(folder).sort()).toEqual([
      'notes.json',
      `notes.json.${process.pid}.0123abcd.tmp`,
    ]);
  });

  it.runIf(process.getuid?.() !== 0)(
    'writes nothing this session when the file cannot be read',
    () => {
      const folder = tempFolder();
      const file = path.join(folder, 'notes.json');
      writeFileSync(file, '{"version":2,"notes":["a"]}');
      chmodSync(file, 0o000);
      const s = store(folder);
      expect(s.load()).toMatchObject({
        writable: false,
        notice: expect.stringMatching(/^Could not read notes\.json \(EACCES/),
      });
      expect(() => s.save({ notes: [] })).toThrow(expect.objectContaining({ code: 'storage' }));
      chmodSync(file, 0o600);
      expect(readFileSync(file, 'utf8')).toBe('{"version":2,"notes":["a"]}');
    },
  );

  it('says sizes as a person reads them', () => {
    expect(formatBytes(100 * 1024 * 1024)).toBe('100.0 MiB');
    expect(formatBytes(1500)).toBe('2 KiB');
  });
});
