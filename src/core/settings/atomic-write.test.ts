import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import {
  TEMP_FILE_MAX_AGE_MS,
  TEMP_FILE_MIN_AGE_MS,
  atomicTempName,
  removeStaleTempFiles,
  writeFileAtomic,
} from './atomic-write';

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);
const LIVE_PID = 4242;
const DEAD_PID = 4343;
const isProcessAlive = (pid: number) => pid === LIVE_PID;

let folder = '';
let file = '';
beforeEach(() => {
  folder = tempFolder('md-atomic-');
  file = path.join(folder, 'settings.json');
});

/** Writes `name` in the folder with its modification time `ageMs` before NOW. */
function leftover(name: string, ageMs: number): string {
  const target = path.join(folder, name);
  writeFileSync(target, '{"half":');
  const at = (NOW - ageMs) / 1000;
  utimesSync(target, at, at);
  return target;
}

const clean = () => removeStaleTempFiles(file, { now: () => NOW, isProcessAlive });

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file', () => {
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(readdirSync(folder)).toEqual(['settings.json']);
  });
});

describe('removeStaleTempFiles', () => {
  it("removes an interrupted save's temp file once its writer is gone", () => {
    const stale = leftover(path.basename(atomicTempName(file, DEAD_PID)), TEMP_FILE_MIN_AGE_MS);
    expect(clean()).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
  });

  it("keeps a running writer's recent file, and removes it once it is too old to be in flight", () => {
    const name = path.basename(atomicTempName(file, LIVE_PID));
    const recent = leftover(name, TEMP_FILE_MAX_AGE_MS - 1000);
    expect(clean()).toEqual([]);
    expect(existsSync(recent)).toBe(true);
    leftover(name, TEMP_FILE_MAX_AGE_MS);
    expect(clean()).toEqual([recent]);
  });

  it('keeps any file younger than a minute, whatever its pid says (another PID namespace)', () => {
    const fresh = leftover(path.basename(atomicTempName(file, DEAD_PID)), TEMP_FILE_MIN_AGE_MS - 1);
    expect(clean()).toEqual([]);
    expect(existsSync(fresh)).toBe(true);
  });

  it("treats this process's own pid as not in flight (its writes are synchronous)", () => {
    const own = leftover(path.basename(atomicTempName(file, process.pid)), TEMP_FILE_MIN_AGE_MS);
    const removed = removeStaleTempFiles(file, { now: () => NOW, isProcessAlive: () => true });
    expect(removed).toEqual([own]);
  });

  it('also removes the temp files of kept bad copies', () => {
    const bad = `${file}.bad-2026-11-22T03-00-00-000Z`;
    const stale = leftover(path.basename(atomicTempName(bad, DEAD_PID)), TEMP_FILE_MIN_AGE_MS);
    expect(clean()).toEqual([stale]);
  });

  it('touches nothing but its own temp files', () => {
    const others = [
      'settings.json',
      'settings.json.bad-2026-11-22T03-00-00-000Z',
      'settings.json.4343.tmp',
      'settings.json.4343.ABCDEF01.tmp',
      'settings.json.4343.abcdef0.tmp',
      'settings.json.x4343.abcdef01.tmp',
      'workspace.json.4343.abcdef01.tmp',
      'xsettings.json.4343.abcdef01.tmp',
      'settings.json.4343.abcdef01.tmp.keep',
    ].map((name) => leftover(name, TEMP_FILE_MAX_AGE_MS * 2));
    expect(clean()).toEqual([]);
    for (const other of others) expect(existsSync(other)).toBe(true);
  });

  it('answers nothing for a folder that does not exist', () => {
    expect(removeStaleTempFiles(path.join(folder, 'missing', 'settings.json'))).toEqual([]);
  });
});
