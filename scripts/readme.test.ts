/**
 * The README's commands, run as a newcomer types them: every command of its code blocks
 * and every `./run …`, `marketdesk …`, `npm …` or `npx …` in its prose is read from the
 * README itself (so the two cannot drift) and must have an entry in HOW below, which
 * says how it is run here. A command without an entry fails, and so does an entry the
 * README no longer has: nothing is skipped silently.
 *
 * They run against the built-in demo simulator, in a fresh data folder, from a shell
 * with the system PATH (./run provisions Node itself) and a `marketdesk` on PATH that is
 * the package's bin. Servers (`./run start`, `./run simulator …`) are stopped once they
 * print their address. No npm warning may appear anywhere.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererIsStale } from '../src/host/build-renderer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(path.join(root, 'README.md'), 'utf8');

/** A command in a span of prose: one of these programs with arguments (a bare name is a name). */
const COMMAND_START = /^(\.\/run|marketdesk|npx|npm)\s+\S/;
/** `<name>`, `[bars]`: a template, not a command. */
const PLACEHOLDER = /<[^>]+>|\[[^\]]+\]/;

/** Every command the README shows, in order of appearance, each once. */
export function readmeCommands(markdown: string): string[] {
  const found: string[] = [];
  const prose = markdown.replace(/```(\w*)\n([\s\S]*?)```/g, (_, lang: string, body: string) => {
    if (['sh', 'bash', 'shell', 'console', ''].includes(lang)) {
      for (const line of body.split('\n')) {
        const command = line.replace(/\s+#.*$/, '').trim();
        if (command !== '') found.push(command);
      }
    }
    return '';
  });
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (COMMAND_START.test(span!)) found.push(span!.trim());
  }
  return [...new Set(found)];
}

/** The check in place of a command not run here: the files it runs are in the repository. */
function filesExist(...files: string[]): () => void {
  return () => {
    for (const file of files) expect(existsSync(path.join(root, file)), file).toBe(true);
  };
}

/** How one README command is run here. */
type How =
  /** Runs to completion: exit 0, no npm warning; `check` looks at its output. */
  | { kind: 'exits'; check?: (run: Finished) => void }
  /** A server: started, its address line awaited, then stopped. */
  | {
      kind: 'serves';
      address: RegExp;
      opensBrowser: boolean;
      check?: (url: string) => Promise<void>;
    }
  /** A template (`<name>`) whose concrete forms are other README commands, run above. */
  | { kind: 'template'; coveredBy: string[] }
  /** Not run here, for `why`; `instead` is the check that runs in its place. */
  | { kind: 'not-run'; why: string; instead: () => void };

interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

const isJson = (text: string) => {
  JSON.parse(text);
  return true;
};

/** package.json's scripts. */
const packageScripts = (): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;

const HOW: Record<string, How> = {
  './run start': {
    kind: 'serves',
    address: /Marketdesk is running at (http:\/\/127\.0\.0\.1:\d+\/\S*)/,
    opensBrowser: true,
  },
  './run test': {
    kind: 'not-run',
    why: 'it is the suite this test is part of; CI runs exactly it (.ci/run)',
    instead: () =>
      expect(readFileSync(path.join(root, '.ci', 'run'), 'utf8')).toMatch(/^\.\/run test$/m),
  },
  './run bench': {
    kind: 'not-run',
    why: 'the benchmarks take minutes of CPU and are never run inside the tests (docs/architecture.md)',
    instead: () => {
      // The same path with a filter that matches nothing: ./run reaches bench/run.ts.
      const r = sh('./run bench -- no-such-benchmark', { cwd: root });
      expect(r.stderr).toContain('no benchmark matches "no-such-benchmark"');
      expect(r.status).toBe(2);
    },
  },
  './run bench -- <name>': { kind: 'template', coveredBy: ['./run bench'] },
  './run bench -- stream': {
    kind: 'not-run',
    why: 'the stream benchmarks drive the simulator, the host and Chromium for minutes',
    instead: filesExist('bench/stream.bench.ts', 'bench/stream-plan.bench.ts'),
  },
  './run bench -- cli': {
    kind: 'not-run',
    why: 'a benchmark: it starts the command line fifteen times, half of them through tsx',
    instead: filesExist('bench/cli.bench.ts'),
  },
  './run bench -- recording': {
    kind: 'not-run',
    why: 'it writes and reads an eight-hour recording of twenty instruments (a million frames)',
    instead: filesExist('bench/recording.bench.ts'),
  },
  './run bench -- replay': {
    kind: 'not-run',
    why: 'it records an eight-hour session of twenty instruments, then plays and seeks it',
    instead: filesExist('bench/replay.bench.ts'),
  },
  './run bench -- ui-heatmap': {
    kind: 'not-run',
    why: 'it draws the heatmap in Chromium for twelve seconds and records an eight-hour session',
    instead: filesExist('bench/ui-heatmap.bench.ts'),
  },
  './run bench -- plans': {
    kind: 'not-run',
    why: 'every plan for ten minutes of the simulator clock, and 32 minutes of streamed charts',
    instead: filesExist('bench/plans.bench.ts'),
  },
  './run bench -- market-hours': {
    kind: 'not-run',
    why: 'four runs of five minutes of the simulator clock each, the default workspace polled',
    instead: filesExist('bench/market-hours.bench.ts'),
  },
  './run bench -- free-meter': {
    kind: 'not-run',
    why: 'five minutes of the simulator clock on the free plan, streamed, with two charts opened',
    instead: filesExist('bench/free-meter.bench.ts'),
  },
  './run bench -- search': {
    kind: 'not-run',
    why: 'the search, alert and chart benchmarks run for minutes (the chart one in Chromium)',
    instead: filesExist(
      'bench/search.bench.ts',
      'bench/alerts.bench.ts',
      'bench/ui-chart.bench.ts',
    ),
  },
  './run serve -- --no-open': {
    kind: 'serves',
    address: /Marketdesk is running at (http:\/\/127\.0\.0\.1:\d+\/\S*)/,
    opensBrowser: false,
  },
  './run cli -- quotes stock --region US --codes AAPL,MSFT': {
    kind: 'exits',
    check: ({ stdout }) => expect(stdout).toMatch(/^CODE .*\nAAPL .*\nMSFT /),
  },
  'marketdesk <command>': {
    kind: 'template',
    coveredBy: ['marketdesk quotes stock --region US --codes AAPL,MSFT,TSLA'],
  },
  './run cli -- <command>': {
    kind: 'template',
    coveredBy: ['./run cli -- quotes stock --region US --codes AAPL,MSFT'],
  },
  'marketdesk quotes stock --region US --codes AAPL,MSFT,TSLA': {
    kind: 'exits',
    check: ({ stdout }) => expect(stdout).toMatch(/\nTSLA /),
  },
  'marketdesk depth crypto --region BA --codes BTCUSDT': { kind: 'exits' },
  'marketdesk klines stock --region HK --codes 700 --ktype 1d --limit 30': { kind: 'exits' },
  'marketdesk ticks crypto --region BA --codes BTCUSDT,ETHUSDT --json': {
    kind: 'exits',
    check: ({ stdout }) => expect(isJson(stdout)).toBe(true),
  },
  'marketdesk info --region US --code AAPL': { kind: 'exits' },
  'marketdesk search tencent': {
    kind: 'exits',
    check: (r) => expect(r.stdout).toMatch(/^700\s+HK\s+stock\s+Tencent Holdings/m),
  },
  'marketdesk search btc --class crypto --limit 3 --json': { kind: 'exits' },
  'marketdesk news --market stock --lang en --limit 10': { kind: 'exits' },
  'marketdesk watch quotes BTCUSDT ETHUSDT --class crypto --region BA --count 4': {
    kind: 'exits',
    // Not a terminal: a header, the REST snapshot's two rows, then one line per push.
    check: ({ stdout }) => {
      const [header, ...rows] = stdout.trim().split('\n');
      expect(header).toMatch(/^CODE +LAST/);
      expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(
        expect.arrayContaining(['BTCUSDT', 'ETHUSDT']),
      );
      expect(rows).toHaveLength(2 + 4);
    },
  },
  'marketdesk cache export stock --region HK --code 700 --ktype 1d --format csv --out 700.csv': {
    kind: 'exits',
    check: ({ stderr }) => expect(stderr).toContain('wrote 30 candles to 700.csv'),
  },
  'marketdesk cache stats': { kind: 'exits' },
  'marketdesk cache prune --budget 500MB': { kind: 'exits' },
  'marketdesk cache clear --yes': { kind: 'exits' },
  './run simulator -- --port 0 --seed 1 --token T --plan premium': {
    kind: 'serves',
    address: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    opensBrowser: false,
    check: async (url) => {
      const res = await fetch(`${url}/stock/quotes?region=US&codes=AAPL`, {
        headers: { token: 'T' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ code: 0, data: expect.any(Object) });
    },
  },
  'npm ci': {
    kind: 'not-run',
    why: 'named as what ./run itself runs when node_modules is missing or stale',
    instead: () =>
      expect(readFileSync(path.join(root, 'scripts', 'env.sh'), 'utf8')).toMatch(/\bnpm ci\b/),
  },
  'npm run package': {
    kind: 'not-run',
    why: "it downloads Electron's runtime, which cannot be had where the tests run; ./run package:check packs the same configuration",
    instead: () => {
      const scripts = packageScripts();
      expect(scripts['package']).toMatch(/electron-vite build && electron-builder/);
      expect(existsSync(path.join(root, 'electron-builder.yml'))).toBe(true);
    },
  },
  './run package:check': {
    kind: 'not-run',
    why: 'it is a stage of ./run test (the test script), so it runs there, not twice',
    instead: () => {
      expect(packageScripts()['test']).toMatch(/\bscripts\/test\.mjs$/);
      expect(readFileSync(path.join(root, 'scripts', 'test.mjs'), 'utf8')).toContain(
        "['package:check', '--no-build']",
      );
    },
  },
  './run icons': {
    kind: 'not-run',
    why: 'it rewrites the committed icons; ./run icons -- --check renders the same and compares',
    instead: () =>
      expect(packageScripts()['icons']).toBe(
        'node --import ./scripts/require-node.mjs scripts/icons.mjs',
      ),
  },
  './run icons -- --check': {
    kind: 'exits',
    check: ({ stdout }) => expect(stdout).toMatch(/icons: \d+ files match resources\/icon\.svg/),
  },
  'npx tsx e2e/screens.ts': {
    kind: 'not-run',
    why: 'a screenshot tool that drives Chromium against three hosts for about a minute',
    instead: filesExist('e2e/screens.ts'),
  },
  'npx tsx e2e/chart-screens.ts': {
    kind: 'not-run',
    why: 'a screenshot tool that drives Chromium against a host for about half a minute',
    instead: filesExist('e2e/chart-screens.ts'),
  },
  'npx tsx e2e/screenshots.ts': {
    kind: 'not-run',
    why: 'a screenshot tool that drives Chromium against a host for about half a minute',
    instead: filesExist('e2e/screenshots.ts'),
  },
  'npx tsx bench/ui/profile-chart.ts [updates|paint] [bars]': {
    kind: 'not-run',
    why: 'a profiler that drives Chromium for tens of seconds, a benchmark tool',
    instead: filesExist('bench/ui/profile-chart.ts'),
  },
};

// A fresh user's shell: no npm or Marketdesk variables, the system PATH (./run finds or
// installs Node 24 itself), a data folder of its own, no keychain, and no Electron runtime
// (so `./run start` takes the browser-host path it takes on the machines this is built on).
let work = '';
let shims = '';
let env: NodeJS.ProcessEnv = {};
const running = new Set<ChildProcess>();

function freshEnv(): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|NPM_|MARKETDESK_|MD_|VITEST|ELECTRON_)/.test(key) || key === 'NODE_OPTIONS')
      continue;
    clean[key] = value;
  }
  const systemPath = (process.env['PATH'] ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(path.join(root, '.toolchain')));
  return {
    ...clean,
    PATH: [shims, ...systemPath].join(path.delimiter),
    MARKETDESK_HOME: path.join(work, 'home'),
    MARKETDESK_KEYCHAIN: 'off',
    ELECTRON_OVERRIDE_DIST_PATH: path.join(work, 'no-electron'),
    OPENED_LOG: path.join(work, 'opened.log'),
  };
}

/**
 * The environment of one command. `marketdesk` is the installed package's bin, whose
 * user has the Node it requires (engines) on PATH: the one running this test.
 */
const envFor = (command: string): NodeJS.ProcessEnv =>
  command.startsWith('marketdesk ')
    ? { ...env, PATH: [shims, path.dirname(process.execPath), env['PATH']].join(path.delimiter) }
    : env;

/** Runs `command` in bash to completion. */
function sh(command: string, options: { cwd: string; timeoutMs?: number }): Finished {
  const r = spawnSync('bash', ['-c', command], {
    cwd: options.cwd,
    env: envFor(command),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `command`, resolves with the first match of `address` on stdout. */
function serve(command: string, address: RegExp): Promise<{ url: string; output: () => string }> {
  // Its own process group, so ./run, npm and node stop together.
  const child = spawn('bash', ['-c', command], { cwd: root, env: envFor(command), detached: true });
  running.add(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = address.exec(stdout);
      if (match) resolve({ url: match[1]!, output: () => `${stdout}\n${stderr}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('exit', (code) =>
      reject(
        new Error(`${command} exited (${code}) before printing its address:\n${stdout}\n${stderr}`),
      ),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return void running.delete(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

const opened = () =>
  existsSync(env['OPENED_LOG']!) ? readFileSync(env['OPENED_LOG']!, 'utf8').trim().split('\n') : [];

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  for (const end = Date.now() + timeoutMs; !condition() && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const commands = readmeCommands(README);
// A stale renderer is rebuilt by the first server start (electron-vite build): its own budget.
const buildBudgetMs = rendererIsStale(root) ? 240_000 : 0;

describe('the README', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'md-readme-'));
    shims = path.join(work, 'bin');
    mkdirSync(shims);
    mkdirSync(path.join(work, 'cwd'));
    // `marketdesk` as the package's bin puts it on PATH.
    symlinkSync(path.join(root, 'bin', 'marketdesk.js'), path.join(shims, 'marketdesk'));
    // The browser openers record what they were asked to open instead of opening it.
    for (const opener of ['xdg-open', 'open']) {
      const file = path.join(shims, opener);
      writeFileSync(file, '#!/bin/sh\necho "$@" >> "$OPENED_LOG"\n');
      chmodSync(file, 0o755);
    }
    env = freshEnv();
  });
  afterAll(async () => {
    await Promise.all([...running].map(stop));
    rmSync(work, { recursive: true, force: true });
  });

  it('shows commands, and every one of them has an entry here (and every entry a command)', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((c) => !Object.hasOwn(HOW, c))).toEqual([]);
    expect(Object.keys(HOW).filter((c) => !commands.includes(c))).toEqual([]);
    // A template cannot run as written: it must say what runs in its place.
    for (const c of commands.filter((c) => PLACEHOLDER.test(c))) {
      expect(['template', 'not-run'], c).toContain(HOW[c]?.kind);
    }
  });

  for (const command of commands) {
    const how = HOW[command];
    if (how === undefined) continue; // reported by the test above
    if (how.kind === 'exits') {
      it(`runs: ${command}`, { timeout: 60_000 }, () => {
        // `marketdesk` writes its files (--out) where it runs: a folder of its own.
        const cwd = command.startsWith('marketdesk') ? path.join(work, 'cwd') : root;
        const r = sh(command, { cwd });
        expect(r.status, `${command}\n${r.stderr}`).toBe(0);
        expect(r.stderr).not.toMatch(/npm (warn|error)/i);
        // Output goes to stdout unless the command names a file for it.
        if (!command.includes('--out ')) expect(r.stdout.length).toBeGreaterThan(0);
        how.check?.(r);
      });
    } else if (how.kind === 'serves') {
      it(`serves: ${command}`, { timeout: 60_000 + buildBudgetMs }, async () => {
        const before = opened().length;
        const server = await serve(command, how.address);
        await how.check?.(server.url);
        if (how.opensBrowser) await until(() => opened().length > before, 5000);
        else await new Promise((resolve) => setTimeout(resolve, 300));
        expect(opened().length - before, 'browser opened').toBe(how.opensBrowser ? 1 : 0);
        await Promise.all([...running].map(stop));
        expect(server.output()).not.toMatch(/npm (warn|error)/i);
      });
    } else if (how.kind === 'template') {
      it(`is a template, run in its concrete forms: ${command}`, () => {
        for (const concrete of how.coveredBy) {
          expect(commands).toContain(concrete);
          expect(HOW[concrete]!.kind).not.toBe('template');
        }
      });
    } else {
      it(`is not run here (${how.why}), checked instead: ${command}`, { timeout: 60_000 }, () => {
        how.instead();
      });
    }
  }
});
