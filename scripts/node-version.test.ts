/**
 * One Node for the whole project (package.json's engines): every entry point that runs
 * the project's code refuses an older Node first, in one line, instead of failing later
 * on a native module built for Node 24.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNodeMajor } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const GUARD = /^import '(?:\.\/|\.\.\/)(?:scripts\/)?require-node\.mjs';$/;

/** Entry files run by `node <file>` or loaded as config: the guard is their first import. */
const ENTRY_FILES = [
  'vitest.config.ts',
  'scripts/start.mjs',
  'scripts/serve-host.mjs',
  'scripts/build-host.mjs',
  'scripts/build-cli.mjs',
  'bin/marketdesk.js',
];

/** A Node older than the required one on this machine (the system's), if there is one. */
function olderNode(required: number): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'node');
    if (!dir || !existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(version.slice(1).split('.')[0]) < required) return candidate;
    } catch {
      // Not runnable: not a candidate.
    }
  }
  return undefined;
}

describe('the required Node', () => {
  const required = requiredNodeMajor();

  it('is read from package.json engines', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    expect(engines).toBe(`>=${required}`);
    expect(required).toBeGreaterThanOrEqual(24);
  });

  it('names the Node to use in one line, and accepts the required one and newer', () => {
    const problem = nodeVersionProblem({
      version: '20.20.2',
      execPath: '/usr/bin/node',
      required: 24,
    });
    expect(problem).toMatch(
      /Node 24 or newer is needed, but this is Node 20\.20\.2 \(\/usr\/bin\/node\)/,
    );
    expect(problem).toContain('./run');
    expect(problem).not.toContain('\n');
    expect(nodeVersionProblem({ version: 'v24.0.0', execPath: 'node', required: 24 })).toBeNull();
    expect(nodeVersionProblem({ version: '25.1.0', execPath: 'node', required: 24 })).toBeNull();
  });

  it.each(ENTRY_FILES)('is checked first by %s', (file) => {
    const firstImport = read(file)
      .split('\n')
      .find((line) => line.startsWith('import '));
    expect(firstImport).toMatch(GUARD);
  });

  it('is checked first by every npm script that runs the project code in Node', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    for (const [name, command] of Object.entries(scripts)) {
      for (const step of command.split('&&').map((s) => s.trim())) {
        // tsx as a command would start the code before any check: node --import it instead.
        expect(step, `npm run ${name}`).not.toMatch(/^tsx\b/);
        if (!step.startsWith('node ')) continue;
        const guarded = step.startsWith('node --import ./scripts/require-node.mjs ');
        const file = /^node ((?:scripts|bin)\/[\w-]+\.m?js)\b/.exec(step)?.[1];
        expect(
          guarded || (file !== undefined && ENTRY_FILES.includes(file)),
          `npm run ${name}`,
        ).toBe(true);
      }
    }
  });

  const old = olderNode(required);
  const title = old
    ? `is demanded in one line when ${old} runs vitest, the command line or the host`
    : `is demanded of an older Node (not run: no Node older than ${required} on this machine)`;
  (old ? it : it.skip)(title, () => {
    const runs = [
      [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        'scripts/layer-rule.test.ts',
      ],
      [path.join(root, 'bin', 'marketdesk.js'), '--help'],
      [path.join(root, 'scripts', 'serve-host.mjs'), '--no-open'],
      ['--import', './scripts/require-node.mjs', '--import', 'tsx', 'src/cli/marketdesk.ts'],
    ];
    for (const args of runs) {
      const r = spawnSync(old!, args, { cwd: root, encoding: 'utf8', timeout: 15_000 });
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([
        expect.stringMatching(new RegExp(`^marketdesk: Node ${required} or newer is needed`)),
      ]);
    }
  });
});
