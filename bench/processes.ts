/**
 * What the benchmarks run against: the simulator as `npm run simulator` runs it, in a
 * child process (so the load and the server do not share one event loop), and the
 * browser host in this process over a throw-away data folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, type HostHandle } from '../src/host/start-host';

const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx/cli');
const SIMULATOR = fileURLToPath(new URL('../src/simulator/run-simulator.ts', import.meta.url));

/** A simulator child process and its address. */
export interface SimulatorProcess {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** SIGTERM; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts the simulator on a free port, plan premium, with `args` added (`--token …`). */
export function startSimulatorProcess(args: string[] = []): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [TSX, SIMULATOR, '--port', '0', '--plan', 'premium', ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(buf);
      if (m) resolve({ url: m[0], stop });
    });
    child.once('exit', (code) => reject(new Error(`simulator exited ${code}: ${buf}`)));
  });
}

/** The browser host of a benchmark and the folder it lives in. */
export interface BenchHost {
  host: HostHandle;
  /** Closes the host and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts the browser host in this process, in demo mode, over a fresh data folder, an
 * in-memory cache, no keychain and a one-line renderer (`name` names the folder).
 */
export async function startBenchHost(name: string): Promise<BenchHost> {
  const dir = mkdtempSync(path.join(tmpdir(), `marketdesk-bench-${name}-`));
  const root = path.join(dir, 'renderer');
  mkdirSync(root);
  writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  try {
    const host = await startHost({
      dataFolder: path.join(dir, 'data'),
      rendererRoot: root,
      services: { loadKeytar: null, cacheFile: ':memory:' },
      log: () => undefined,
    });
    return {
      host,
      async close() {
        await host.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
