import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DrawingSet, Instrument } from '../../shared/model';
import { tempFolder } from '../testing/temp-folder';
import { StoreError } from '../settings/store-error';
import { DRAWINGS_FILE_NAME, DrawingStore } from './drawing-store';
import { AAPL, TREND, hline } from './testing/fixtures';

const HK: Instrument = { class: 'stock', region: 'HK', exchange: '', code: '700' };
const trend = TREND;

let folder = '';
beforeEach(() => {
  folder = tempFolder('md-drawings-');
});

function fresh(): DrawingStore {
  const store = new DrawingStore({ folder, now: () => Date.UTC(2026, 0, 2) });
  expect(store.load()).toBeNull();
  return store;
}

describe('DrawingStore', () => {
  it('has no drawings until one is saved', () => {
    expect(fresh().get(AAPL)).toEqual({ instrument: AAPL, drawings: [], revision: 0 });
  });

  it('saves, replaces by id, deletes, and reads it all back after a restart', () => {
    const store = fresh();
    store.save(AAPL, hline('h1'));
    store.save(AAPL, trend);
    store.save(AAPL, hline('h1', 201.25));
    const after = store.delete(AAPL, 't1');
    expect(after.drawings).toEqual([hline('h1', 201.25)]);
    expect(after.revision).toBe(4);

    const again = fresh();
    expect(again.get(AAPL)).toEqual(after);
    // Revisions keep growing after a restart.
    expect(again.save(AAPL, trend).revision).toBe(5);
  });

  it('keys by the canonical instrument: "aapl" and "00700" are AAPL and 700', () => {
    const store = fresh();
    store.save({ ...AAPL, code: 'aapl' }, hline('h1'));
    store.save({ ...HK, code: '00700', region: 'hk' }, hline('h2'));
    expect(store.get(AAPL).drawings.map((d) => d.id)).toEqual(['h1']);
    expect(store.get(HK)).toMatchObject({ instrument: HK, drawings: [{ id: 'h2' }] });
  });

  it('tells listeners each change with the whole set; deleting an unknown id tells nobody', () => {
    const store = fresh();
    const heard: DrawingSet[] = [];
    store.onChange((set) => heard.push(set));
    store.save(AAPL, hline('h1'));
    store.delete(AAPL, 'nope');
    store.delete(AAPL, 'h1');
    expect(heard.map((s) => [s.drawings.length, s.revision])).toEqual([
      [1, 1],
      [0, 2],
    ]);
  });

  it('refuses a drawing past the per-symbol limit, keeping the others', () => {
    const store = fresh();
    for (let i = 0; i < 500; i++) store.save(AAPL, hline(`h${i}`));
    expect(() => store.save(AAPL, hline('one-more'))).toThrow(/AAPL has 500 drawings/);
    // Replacing one still works at the limit.
    expect(store.save(AAPL, hline('h3', 1)).drawings).toHaveLength(500);
  });

  it('changes nothing when the file cannot be written', () => {
    const store = fresh();
    store.save(AAPL, hline('h1'));
    // A folder where the file goes: the rename fails, as on a full or read-only disk.
    rmSync(store.file);
    mkdirSync(store.file);
    expect(() => store.save(AAPL, trend)).toThrow(StoreError);
    expect(() => store.save(AAPL, trend)).toThrow(/^Could not save chart drawings: EISDIR/);
    expect(store.get(AAPL).drawings).toHaveLength(1);
  });

  it('keeps the valid drawings of a damaged file, and a copy of the file', () => {
    const good = { instrument: AAPL, revision: 3, drawings: [hline('h1')] };
    const bad = { instrument: AAPL, revision: 3, drawings: [{ ...trend, anchors: [] }] };
    writeFileSync(
      path.join(folder, DRAWINGS_FILE_NAME),
      JSON.stringify({ version: 1, revision: 3, sets: [good, { instrument: 7 }, bad] }),
    );
    const store = new DrawingStore({ folder });
    expect(store.load()).toMatch(/^2 damaged chart drawings were left out \(the file is kept as/);
    expect(store.get(AAPL).drawings).toEqual([hline('h1')]);
    expect(readdirSync(folder).some((f) => f.startsWith(`${DRAWINGS_FILE_NAME}.bad-`))).toBe(true);
  });

  it('shows nothing for an unparsable file, and saves over it', () => {
    writeFileSync(path.join(folder, DRAWINGS_FILE_NAME), '{"version":1,');
    const store = new DrawingStore({ folder });
    expect(store.load()).toMatch(/could not be used \(it is not valid JSON\)/);
    store.save(AAPL, hline('h1'));
    expect(JSON.parse(readFileSync(store.file, 'utf8')).sets).toHaveLength(1);
  });

  it("leaves a newer build's file untouched and refuses changes", () => {
    const text = JSON.stringify({ version: 2, revision: 9, sets: [] });
    writeFileSync(path.join(folder, DRAWINGS_FILE_NAME), text);
    const store = new DrawingStore({ folder });
    expect(store.load()).toMatch(/newer Marketdesk \(format 2;/);
    expect(() => store.save(AAPL, hline('h1'))).toThrow(/not saved this session/);
    expect(readFileSync(store.file, 'utf8')).toBe(text);
  });

  // Finding 3 of the second audit: these loaded as "no drawings", with no notice and no
  // copy, and the next saved drawing overwrote the file.
  it.each([
    ['sets is an object', '{"version":1,"revision":4,"sets":{"AAPL":[]}}'],
    ['the top level is an array', '[{"version":1}]'],
    ['the top level is null', 'null'],
    ['the top level is a string', '"drawings"'],
  ])('keeps a wrong-shaped file (%s) aside whole, with a notice', (_shape, text) => {
    const file = path.join(folder, DRAWINGS_FILE_NAME);
    writeFileSync(file, text);
    const store = new DrawingStore({ folder });
    const notice = store.load();
    expect(notice).toMatch(/^Chart drawings file drawings\.json could not be used \(/);
    const kept = readdirSync(folder).filter((f) => f.startsWith(`${DRAWINGS_FILE_NAME}.bad-`));
    expect(kept).toHaveLength(1);
    expect(notice).toContain(kept[0]);
    expect(readFileSync(path.join(folder, kept[0]!), 'utf8')).toBe(text);
    store.save(AAPL, hline('h1'));
    expect(readFileSync(path.join(folder, kept[0]!), 'utf8')).toBe(text);
    // Kept once: the next start reads the new file with nothing to say.
    expect(new DrawingStore({ folder }).load()).toBeNull();
  });
});
