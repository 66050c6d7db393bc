/**
 * No import circle anywhere in `src` (type-only imports included): every module can be
 * read, tested and placed on its floor without the ones above it (docs/architecture.md: a folder
 * is a layer; src/renderer/README.md: the renderer's floors). The finder itself is
 * tested on small fixtures, so a resolver that silently stops resolving fails here too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findCircles,
  importGraph,
  importSpecifiers,
  resolveImport,
  sourceFiles,
  tsconfigAliases,
} from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSCONFIGS = ['tsconfig.base.json', 'tsconfig.web.json', 'tsconfig.node.json'];

/** A throwaway source tree: path → text. */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketdesk-circles-'));
  fixtures.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const fixtures: string[] = [];
afterAll(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const relative = (dir: string, circles: string[][]) =>
  circles.map((c) => c.map((f) => path.relative(dir, f)));

describe('import circles', () => {
  it('finds none in src', () => {
    const src = path.join(root, 'src');
    const files = sourceFiles(src);
    const graph = importGraph(files, tsconfigAliases(root, TSCONFIGS));
    // The graph is really read: the renderer's entry reaches the app shell.
    expect(graph.get(path.join(src, 'renderer/src/App.svelte'))).toContain(
      path.join(src, 'renderer/src/app/Shell.svelte'),
    );
    expect(relative(src, findCircles(graph)).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a circle of plain, type-only, re-exported, Svelte and dynamic imports', () => {
    const dir = fixture({
      'a/contract.ts': "import type { Kind } from './kinds';\nexport type C = Kind;\n",
      'a/kinds.ts': "export type { Sym } from '../b/symbol';\nexport type Kind = 'x';\n",
      'b/symbol.ts': "import { C } from '../a/contract';\nexport type Sym = C;\n",
      'c/View.svelte':
        '<script lang="ts">\n  import { s } from \'./view-state.svelte\';\n</script>\n{s}\n',
      'c/view-state.svelte.ts': "export const s = () => import('./View.svelte');\n",
      'd/leaf.ts': "// import { x } from '../a/contract';\nexport const leaf = 1;\n",
      'd/uses-leaf.ts': "import { leaf } from './leaf';\nimport 'svelte';\nexport default leaf;\n",
    });
    const circles = relative(dir, findCircles(importGraph(sourceFiles(dir))));
    expect(circles).toEqual([
      ['a/contract.ts', 'a/kinds.ts', 'b/symbol.ts', 'a/contract.ts'],
      ['c/View.svelte', 'c/view-state.svelte.ts', 'c/View.svelte'],
    ]);
  });

  it('resolves the project’s aliases, and a circle through one', () => {
    const dir = fixture({
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib/*'] } } }),
      'lib/one.ts': "import { two } from '@lib/two';\nexport const one = two;\n",
      'lib/two.ts': "import { one } from '../lib/one.js';\nexport const two = one;\n",
    });
    const aliases = tsconfigAliases(dir, ['tsconfig.json']);
    expect(resolveImport(path.join(dir, 'lib/one.ts'), '@lib/two', aliases)).toBe(
      path.join(dir, 'lib/two.ts'),
    );
    const graph = importGraph(sourceFiles(dir), aliases);
    expect(relative(dir, findCircles(graph))).toEqual([['lib/one.ts', 'lib/two.ts', 'lib/one.ts']]);
  });

  it('reads every form of import, and none in comments', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      'import {',
      '  c,',
      "} from './c';",
      "export * from './d';",
      "import './e.css';",
      "const f = () => import('./f');",
      "/* import g from './g'; */",
      "// import h from './h';",
    ].join('\n');
    expect(importSpecifiers(text).sort()).toEqual(
      ['./a', './b', './c', './d', './e.css', './f'].sort(),
    );
  });
});
