/**
 * The command line as a real process: the package's bin (what `npm run cli` runs: the
 * bundle) and `tsx src/cli/marketdesk.ts` (the sources), with real exit statuses and
 * streams.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../simulator';
import { DEMO_NOTE } from './context';
import { cli } from '../../scripts/build-cli.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function spawnCli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('marketdesk as a process', () => {
  let sim: SimulatorHandle;
  let home: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The bin runs the bundle, building it first when stale (one line on stderr): here
    // the build is done before, so each run's stderr is the command's alone.
    await cli.ensureBuilt(ROOT, () => {});
    sim = await startSimulator({ port: 0, token: 'bin-token' });
    home = mkdtempSync(path.join(tmpdir(), 'marketdesk-bin-'));
    env = { MARKETDESK_HOME: home, MARKETDESK_BASE_URL: sim.url, MARKETDESK_TOKEN: 'bin-token' };
  });
  afterAll(async () => {
    await sim.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('bin/marketdesk.js prints quotes as one JSON document', async () => {
    const r = await spawnCli(
      ['bin/marketdesk.js', 'quotes', 'crypto', '--region', 'BA', '--codes', 'BTCUSDT', '--json'],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['BTCUSDT']);
  });

  it('demo mode: answers from the built-in simulator, says so, and the process exits', async () => {
    // Empty variables count as unset. The run ends only if the simulator was closed.
    const demo = { MARKETDESK_HOME: home, MARKETDESK_BASE_URL: '', MARKETDESK_TOKEN: '' };
    const r = await spawnCli(
      ['bin/marketdesk.js', 'ticks', 'crypto', '--region', 'BA', '--codes', 'BTCUSDT', '--json'],
      demo,
    );
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([`marketdesk: ${DEMO_NOTE}`]);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['BTCUSDT']);
  });

  it('tsx src/cli/marketdesk.ts exits 2 on a usage error, without a stack', async () => {
    const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const r = await spawnCli([tsx, 'src/cli/marketdesk.ts', 'ticks', 'stock'], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^marketdesk: ticks: /)]);
  });
});
