import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOST_BUNDLE, hostBundleStaleReason } from './build-host.mjs';
import { CLI_BUNDLE, cli } from './build-cli.mjs';

describe('hostBundleStaleReason', () => {
  let dir: string;
  const at = (relative: string, seconds: number, text = '') => {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, seconds, seconds);
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-build-host-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('asks for a build when there is no bundle', () => {
    expect(hostBundleStaleReason(dir)).toBe('no bundle yet');
  });

  it('asks for a build when the list of inputs is missing', () => {
    at(HOST_BUNDLE, 2000);
    expect(hostBundleStaleReason(dir)).toBe('its list of inputs is missing');
  });

  describe('with a bundle built from two files', () => {
    beforeEach(() => {
      at('src/host/serve.ts', 1000);
      at('src/core/a.ts', 1000);
      at(HOST_BUNDLE, 2000);
      at(
        'out/host/serve.inputs.json',
        2000,
        JSON.stringify(['src/core/a.ts', 'src/host/serve.ts']),
      );
    });

    it('is current while every input is older', () => {
      expect(hostBundleStaleReason(dir)).toBeNull();
    });

    it('names an input edited since', () => {
      at('src/core/a.ts', 3000);
      expect(hostBundleStaleReason(dir)).toBe(`${path.join('src', 'core', 'a.ts')} changed`);
    });

    it('names an input deleted since', () => {
      rmSync(path.join(dir, 'src/core/a.ts'));
      expect(hostBundleStaleReason(dir)).toBe('src/core/a.ts is gone');
    });

    it('rebuilds after the lockfile changed (new package versions)', () => {
      at('package-lock.json', 3000);
      expect(hostBundleStaleReason(dir)).toBe('package-lock.json changed');
    });

    it('ignores files the bundle was not built from', () => {
      at('src/renderer/App.svelte', 3000);
      expect(hostBundleStaleReason(dir)).toBeNull();
    });
  });
});

describe('the command line’s bundle', () => {
  it('is built from src/cli/marketdesk.ts to out/cli, stale like the host’s', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-build-cli-'));
    try {
      expect(CLI_BUNDLE).toBe(path.join('out', 'cli', 'marketdesk.mjs'));
      expect(cli.staleReason(dir)).toBe('no bundle yet');
      const at = (relative: string, seconds: number, text = '') => {
        const file = path.join(dir, relative);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
        utimesSync(file, seconds, seconds);
      };
      at('src/cli/marketdesk.ts', 1000);
      at(CLI_BUNDLE, 2000);
      at('out/cli/marketdesk.inputs.json', 2000, JSON.stringify(['src/cli/marketdesk.ts']));
      expect(cli.staleReason(dir)).toBeNull();
      at('src/cli/marketdesk.ts', 3000);
      expect(cli.staleReason(dir)).toBe(`${path.join('src', 'cli', 'marketdesk.ts')} changed`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
