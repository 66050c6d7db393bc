import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WsProbe } from './stream/testing/ws-probe';

const SCRIPT = fileURLToPath(new URL('./run-simulator.ts', import.meta.url));

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(
  args: string[],
  stdin: 'ignore' | 'pipe' = 'ignore',
): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  // As `npm run simulator` runs it: tsx as a loader in the one process. Through tsx's
  // command line (a parent relaying signals to a child, giving up after 30 ms), a busy
  // machine's SIGTERM ended in tsx's SIGKILL and exit 143.
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    stdio: [stdin, 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  child = proc;
  return { child: proc, output: () => out, exit };
}

function urlLine(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(buf);
      if (m) resolve(m[0]);
    });
    proc.on('exit', (code) => reject(new Error(`exited ${code} before listening: ${buf}`)));
  });
}

describe('npm run simulator', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'listens on the printed URL, serves, and exits 0 on %s',
    async (signal) => {
      const r = run(['--port', '0', '--seed', '3', '--token', 'tk', '--plan', 'base']);
      const url = await urlLine(r.child);
      const res = await fetch(`${url}/stock/quotes?region=US&codes=AAPL`, {
        headers: { token: 'tk' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: number }).code).toBe(0);
      expect((await fetch(`${url}/stock/quotes?region=US&codes=AAPL`)).status).toBe(401);
      r.child.kill(signal);
      expect(await r.exit).toBe(0);
    },
  );

  it('streams on the same port; "stream down" / "stream up" on stdin stop and restart it', async () => {
    const r = run(['--port', '0', '--stream-limit', '7'], 'pipe');
    const url = await urlLine(r.child);
    expect(r.output()).toMatch(/stream ws:\/\/127\.0\.0\.1:\d+\/<class>, 7 symbols a connection/);
    const ws = url.replace(/^http/, 'ws');
    const first = await WsProbe.connect(`${ws}/stock`);
    r.child.stdin!.write('stream down\n');
    expect((await first.closed).code).toBe(1006);
    await expect(WsProbe.open(`${ws}/stock`)).rejects.toThrow(/503/);
    r.child.stdin!.write('bogus\nstream up\n');
    await expect.poll(() => r.output()).toMatch(/stream up/);
    expect(r.output()).toMatch(/unknown command "bogus"/);
    const again = await WsProbe.connect(`${ws}/stock`);
    expect(again.isOpen).toBe(true);
    again.close();
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  });

  it('prints usage for --help and exits 2 on a bad option', async () => {
    const help = run(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.output()).toMatch(/--rate-limit/);
    expect(help.output()).toMatch(/--stream-limit/);
    const bad = run(['--plan', 'gold']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toMatch(/--plan/);
  });
});
