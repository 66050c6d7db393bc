/**
 * No link leaves the repository (docs/architecture.md, rule 11): a clone has every
 * document its code, READMEs and docs cite. Fails on a citation of a document that
 * lived outside the repository (the design notes and API notes this project started
 * from, now rewritten in docs/), on a Markdown link to a file that is not there or lies
 * outside the clone, and on a `docs/….md` named anywhere that does not exist. Also holds
 * docs/streaming.md's plan table to the code's one table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PLANS, PLAN_LIMITS } from '../src/shared/model';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Text files of the clone: tracked, and new ones git does not ignore. */
function repoFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (git.status !== 0) throw new Error(`git ls-files failed: ${git.stderr}`);
  return git.stdout
    .split('\n')
    .filter((f) => /\.(ts|mts|mjs|js|cjs|svelte|md|json|ya?ml|sh|css|html)$/.test(f))
    .filter((f) => f !== 'package-lock.json' && existsSync(path.join(root, f)));
}

/**
 * The documents a clone does not have: the design notes and the API, stream and field
 * notes this project was started from, wherever they were kept.
 */
const STREAM = /(?<![\w./-])streaming\.md/;
const OUTSIDE = [
  /(?<![\w/-])DESIGN\.md/,
  /shared\/spec\//,
  /(?<![\w/-])(real-service-notes|field-notes|market-data-api)(\.md)?\b/,
  STREAM,
  /\/work\/[a-z]/,
];

/** `file:line: text` of every line of `files` that cites a document outside the repository. */
export function outsideCitations(files: readonly string[], read: (f: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    // This test names the patterns it looks for.
    if (file === 'scripts/citations.test.ts') continue;
    read(file)
      .split('\n')
      .forEach((line, i) => {
        // docs/ names its own streaming.md by its bare name.
        const patterns = file.startsWith('docs/') ? OUTSIDE.filter((re) => re !== STREAM) : OUTSIDE;
        const cited = patterns.some((re) => re.test(line));
        if (cited) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** Markdown links of `markdown` that point at a file (not a web page, mail or anchor). */
export function fileLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target!)) continue;
    links.push(target!.replace(/#.*$/, ''));
  }
  return links;
}

const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

describe('citations', () => {
  const files = repoFiles();

  it('cite no document outside the repository', () => {
    expect(outsideCitations(files, read)).toEqual([]);
  });

  it('finds such a citation', () => {
    const texts: Record<string, string> = {
      'src/a.ts': '// see DESIGN.md rule 4\nconst x = 1;',
      'src/b.ts': '/** (real-service-notes.md) */',
      'src/c.md': 'The stream of `shared/spec/streaming.md`.',
      'src/d.ts': '// docs/streaming.md and docs/architecture.md are ours',
    };
    expect(outsideCitations(Object.keys(texts), (f) => texts[f]!)).toEqual([
      'src/a.ts:1: // see DESIGN.md rule 4',
      'src/b.ts:1: /** (real-service-notes.md) */',
      'src/c.md:1: The stream of `shared/spec/streaming.md`.',
    ]);
  });

  it('link Markdown only to files the clone has, inside it', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      for (const link of fileLinks(read(file))) {
        const target = path.resolve(root, path.dirname(file), decodeURIComponent(link));
        const inside = target === root || target.startsWith(root + path.sep);
        if (!inside || !existsSync(target)) broken.push(`${file}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
    expect(
      fileLinks('[a](docs/architecture.md) [b](https://x.org) [c](#top) ![d](../e.png "t")'),
    ).toEqual(['docs/architecture.md', '../e.png']);
  });

  it('name only docs/ files that exist', () => {
    const missing = new Set<string>();
    for (const file of files) {
      for (const [name] of read(file).matchAll(/\bdocs\/[\w-]+\.md\b/g)) {
        if (!existsSync(path.join(root, name))) missing.add(`${file}: ${name}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('docs/streaming.md gives the plans’ stream limits of the one plan table', () => {
    const lines = read('docs/streaming.md').split('\n');
    for (const plan of PLANS) {
      const row = lines.find((line) => line.startsWith(`| ${plan} `));
      expect(row, plan).toBeDefined();
      const [connections, subscriptions] = row!
        .split('|')
        .slice(2, 4)
        .map((cell) => Number(/[\d,]+/.exec(cell)![0].replace(/,/g, '')));
      expect([connections, subscriptions], plan).toEqual([
        PLAN_LIMITS[plan].stream.connections,
        PLAN_LIMITS[plan].stream.subscriptions,
      ]);
    }
  });
});
