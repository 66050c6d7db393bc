import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStandInExecutable } from './electron-stand-in.mjs';
import { APP_FUSES, flipAppFuses, packagedBinaryPath } from './fuses.mjs';

describe('fuses', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-fuses-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('flips the security fuses and leaves the others as shipped', async () => {
    const binary = path.join(dir, 'marketdesk');
    writeStandInExecutable(binary);
    expect(await flipAppFuses(binary, 'linux')).toBeGreaterThan(0);
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE);
  });

  it("starts the stand-in Electron from Electron's shipped wire, and names only known fuses", async () => {
    const binary = path.join(dir, 'electron');
    writeStandInExecutable(binary);
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.DISABLE);
    for (const name of Object.keys(APP_FUSES)) expect(Object.keys(FuseV1Options)).toContain(name);
  });

  it('refuses a file that is not an Electron binary', async () => {
    const file = path.join(dir, 'not-electron');
    writeFileSync(file, 'hello');
    await expect(flipAppFuses(file, 'linux')).rejects.toThrow(/sentinel/);
  });

  it('finds the packaged binary per platform', () => {
    const packager = { appInfo: { productFilename: 'Marketdesk' }, executableName: 'marketdesk' };
    const at = (electronPlatformName: string) =>
      packagedBinaryPath({ appOutDir: '/out', electronPlatformName, packager });
    expect(at('darwin')).toBe(path.join('/out', 'Marketdesk.app'));
    expect(at('mas')).toBe(path.join('/out', 'Marketdesk.app'));
    expect(at('win32')).toBe(path.join('/out', 'Marketdesk.exe'));
    expect(at('linux')).toBe(path.join('/out', 'marketdesk'));
  });
});
