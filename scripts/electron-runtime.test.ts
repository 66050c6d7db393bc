import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronPackageDir, findElectronRuntime } from './electron-runtime.mjs';

describe('findElectronRuntime', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-electron-runtime-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says why when the package is missing', () => {
    expect(findElectronRuntime({ packageDir: null })).toEqual({
      ok: false,
      reason: 'the electron npm package is not installed',
    });
  });

  it('says why when the binary was never downloaded (no path.txt)', () => {
    const result = findElectronRuntime({ packageDir: dir });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/path\.txt is missing/);
  });

  it('says why when path.txt names a binary that is not there', () => {
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
    const result = findElectronRuntime({ packageDir: dir });
    expect(!result.ok && result.reason).toMatch(/does not exist/);
  });

  it('finds the binary named by path.txt', () => {
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'electron'), '');
    expect(findElectronRuntime({ packageDir: dir })).toEqual({
      ok: true,
      executable: path.join(dir, 'dist', 'electron'),
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const other = path.join(dir, 'custom');
    mkdirSync(other);
    writeFileSync(path.join(other, 'electron'), '');
    expect(
      findElectronRuntime({ packageDir: dir, env: { ELECTRON_OVERRIDE_DIST_PATH: other } }),
    ).toEqual({ ok: true, executable: path.join(other, 'electron') });
  });

  it('resolves the installed electron package without running it', () => {
    const packageDir = electronPackageDir(process.cwd());
    expect(packageDir).toBe(path.join(process.cwd(), 'node_modules', 'electron'));
    expect(electronPackageDir(dir)).toBeNull();
  });
});
