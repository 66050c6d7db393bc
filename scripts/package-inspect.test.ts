/**
 * The packaged-app inspection of `npm run package:check` on small asars made here:
 * a sound app passes; each kind of problem the issue names is reported.
 */
import { createPackageWithOptions, extractFile, listPackage, uncacheAll } from '@electron/asar';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_FUSES } from './fuses.mjs';
import { FuseV1Options } from '@electron/fuses';
import { devOnlyPackages, elfArch, fuseProblems, inspectPackagedApp } from './package-inspect.mjs';

/** The first bytes of an ELF shared object for x86-64 (e_machine 0x3e). */
function elf(machine: number): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(0x7f454c46, 0);
  head.writeUInt16LE(machine, 18);
  return head;
}

const LOCK = {
  packages: {
    '': {},
    'node_modules/zod': { version: '4.0.0' },
    'node_modules/vitest': { version: '5.1.1', dev: true },
    'node_modules/semver': { version: '7.0.0', dev: true },
    'node_modules/a/node_modules/semver': { version: '7.0.0' },
  },
};

describe('inspectPackagedApp', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-inspect-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(root: string, file: string, content: string | Buffer): void {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }

  /** Packs `files` into resources/app.asar, `*.node` unpacked as electron-builder does. */
  async function pack(files: Record<string, string | Buffer>) {
    const app = path.join(dir, 'app');
    for (const [file, content] of Object.entries(files)) write(app, file, content);
    const resourcesDir = path.join(dir, 'resources');
    mkdirSync(resourcesDir, { recursive: true });
    writeFileSync(path.join(resourcesDir, 'icon.png'), 'png');
    await createPackageWithOptions(app, path.join(resourcesDir, 'app.asar'), { unpack: '*.node' });
    return inspectPackagedApp({
      resourcesDir,
      appDir: dir,
      arch: 'x64',
      lock: LOCK,
      listAsar: (asar: string) => listPackage(asar, { isPack: false }),
      readAsarFile: (asar: string, file: string) => extractFile(asar, file).toString('utf8'),
    });
  }

  const SOUND = {
    'package.json': '{"name":"marketdesk","version":"1.0.0"}',
    'out/main/index.js': 'main',
    'out/preload/index.cjs': 'preload',
    'out/renderer/index.html': '<!doctype html>',
    'node_modules/zod/package.json': '{"name":"zod","version":"4.0.0"}',
    'node_modules/semver/package.json': '{"name":"semver","version":"7.0.0"}',
    'node_modules/better-sqlite3/package.json': '{"name":"better-sqlite3","version":"13.2.0"}',
    'node_modules/better-sqlite3/prebuilds/linux-x64.node': elf(0x3e),
  };

  it('passes a sound app and measures it', async () => {
    const result = await pack(SOUND);
    expect(result.problems).toEqual([]);
    expect(result.nativeModules).toEqual(['/node_modules/better-sqlite3/prebuilds/linux-x64.node']);
    expect(result.sizes.unpacked).toBe(64);
    expect(result.sizes.asar).toBeGreaterThan(0);
  });

  it('wants the update feed beside the asar inside it too, the same', async () => {
    const feed = 'owner: o\nrepo: marketdesk\nprovider: github\n';
    const beside = () => writeFileSync(path.join(dir, 'resources', 'app-update.yml'), feed);
    mkdirSync(path.join(dir, 'resources'), { recursive: true });
    beside();
    expect((await pack(SOUND)).problems).toEqual([
      'app-update.yml beside the asar, none in it (/out/main/app-update.yml)',
    ]);
    // A new asar at the same path: @electron/asar caches archives by path.
    rmSync(path.join(dir, 'app'), { recursive: true });
    uncacheAll();
    beside();
    expect(
      (await pack({ ...SOUND, 'out/main/app-update.yml': 'provider: generic\n' })).problems,
    ).toEqual([
      'the update feed in the asar (/out/main/app-update.yml) differs from the one beside it',
    ]);
    rmSync(path.join(dir, 'app'), { recursive: true });
    uncacheAll();
    expect((await pack({ ...SOUND, 'out/main/app-update.yml': feed })).problems).toEqual([]);
  });

  it('names what is missing, what must not ship, and a module for another target', async () => {
    const { 'out/renderer/index.html': _renderer, ...rest } = SOUND;
    const result = await pack({
      ...rest,
      'node_modules/better-sqlite3/prebuilds/linux-x64.node': elf(0xb7),
      'node_modules/better-sqlite3/prebuilds/win32-x64.node': Buffer.from('MZ'),
      'out/main/index.js.map': '{}',
      'src/main/index.ts': 'source',
      'node_modules/vitest/package.json': '{"name":"vitest","version":"5.1.1"}',
      'node_modules/tsx/package.json': '{"name":"tsx","version":"4.0.0"}',
      'out/main/x.test.js': 'test',
      'out/host/index.js': 'the browser host',
    });
    const text = result.problems.join('\n');
    expect(text).toContain('missing from the asar: /out/renderer/index.html');
    expect(text).toContain('source map');
    expect(text).toContain('project sources');
    expect(text).toContain('test or benchmark');
    expect(text).toContain("a build that is not the app's");
    expect(text).toContain('dev dependency vitest@5.1.1');
    expect(text).toContain("tsx (the command line's loader");
    expect(text).toContain('native module for arm64, not linux-x64');
    expect(text).toContain('native module for another OS');
    expect(text).toContain('better-sqlite3 modules for other targets');
  });

  it('reports a missing native module and a size over the budget', async () => {
    const { 'node_modules/better-sqlite3/prebuilds/linux-x64.node': _native, ...rest } = SOUND;
    const app = await pack(rest);
    expect(app.problems.join('\n')).toContain(
      "better-sqlite3's native module for linux-x64 is missing",
    );
    const tight = inspectPackagedApp({
      resourcesDir: path.join(dir, 'resources'),
      appDir: dir,
      arch: 'x64',
      lock: LOCK,
      listAsar: (asar: string) => listPackage(asar, { isPack: false }),
      readAsarFile: (asar: string, file: string) => extractFile(asar, file).toString('utf8'),
      budget: { asar: 10, unpacked: 0 },
    });
    expect(tight.problems.join('\n')).toMatch(/app\.asar is \d+ bytes, over its budget of 10/);
  });
});

describe('devOnlyPackages', () => {
  it('counts a version as dev only when every copy of it is', () => {
    expect([...devOnlyPackages(LOCK)]).toEqual(['vitest@5.1.1']);
  });
});

describe('elfArch and fuseProblems', () => {
  it('reads the ELF machine', () => {
    expect(elfArch(elf(0x3e))).toBe('x64');
    expect(elfArch(elf(0xb7))).toBe('arm64');
    expect(elfArch(Buffer.from('MZ not elf at all....'))).toBeNull();
  });

  it('lists the fuses that are not as wanted', () => {
    const index = FuseV1Options as unknown as Record<string, number>;
    const right: Record<number, number> = {};
    for (const [name, on] of Object.entries(APP_FUSES)) right[index[name] as number] = on ? 49 : 48;
    expect(fuseProblems(right, APP_FUSES, index)).toEqual([]);
    expect(fuseProblems({ ...right, [FuseV1Options.RunAsNode]: 49 }, APP_FUSES, index)).toEqual([
      'fuse RunAsNode is not off in the packaged binary',
    ]);
  });
});
