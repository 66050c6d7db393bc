/**
 * The import graph of our TypeScript and Svelte sources, and the circles in it: what
 * `import-circles.test.ts` holds at none for `src`. An import is any `import … from`,
 * `export … from`, side-effect `import '…'` or dynamic `import('…')`, type-only ones
 * included (a circle of types is still two modules that cannot be understood, moved or
 * layered one without the other). Relative specifiers and the project's aliases
 * (tsconfig `paths`) are resolved as the bundler does; packages are not ours and are
 * left out.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Module sources we read (`.d.ts` and `.d.mts` declare, they do not import at run time). */
const SOURCE = /\.(ts|mts|svelte)$/;
const DECLARATION = /\.d\.m?ts$/;
/** What a specifier may leave out, tried in this order (`./x.svelte` is `x.svelte.ts` too). */
const SUFFIXES = ['', '.ts', '.mts', '.svelte', '.js', '/index.ts'];

/** `from '…'` after import/export, a bare `import '…'`, and `import('…')`. */
const STATIC = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** An alias prefix (`@app/`) and the folders it stands for (tsconfig `paths`, `*` dropped). */
export type Aliases = ReadonlyMap<string, readonly string[]>;

/** The project's aliases: `compilerOptions.paths` of the tsconfig files given (none today). */
export function tsconfigAliases(root: string, files: readonly string[]): Aliases {
  const aliases = new Map<string, string[]>();
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const config = JSON.parse(readFileSync(full, 'utf8')) as {
      compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> };
    };
    const base = path.resolve(path.dirname(full), config.compilerOptions?.baseUrl ?? '.');
    for (const [key, targets] of Object.entries(config.compilerOptions?.paths ?? {})) {
      aliases.set(
        key.replace(/\*$/, ''),
        targets.map((t) => path.resolve(base, t.replace(/\*$/, ''))),
      );
    }
  }
  return aliases;
}

/** The specifiers a source file imports, comments aside. */
export function importSpecifiers(text: string): string[] {
  // Comments go first (a doc comment may show an import); a `//` inside a string such
  // as a URL cuts that line short, which can only lose an import of a package.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<!--[\s\S]*?-->/g, '');
  const lines = code
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');
  const found: string[] = [];
  for (const pattern of [STATIC, BARE, DYNAMIC]) {
    for (const match of lines.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** The file `specifier` names from `fromFile`; null for a package or a file not found. */
export function resolveImport(
  fromFile: string,
  specifier: string,
  aliases: Aliases = new Map(),
): string | null {
  const bases: string[] = [];
  if (specifier.startsWith('.')) bases.push(path.resolve(path.dirname(fromFile), specifier));
  else {
    for (const [prefix, dirs] of aliases) {
      if (specifier.startsWith(prefix)) {
        for (const dir of dirs) bases.push(path.join(dir, specifier.slice(prefix.length)));
      }
    }
  }
  for (const base of bases) {
    for (const suffix of SUFFIXES) {
      const candidate = base + suffix;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    // `./x.js` written for a `./x.ts` (Node's ESM style).
    const ts = base.replace(/\.m?js$/, (ext) => (ext === '.mjs' ? '.mts' : '.ts'));
    if (ts !== base && existsSync(ts)) return ts;
  }
  return null;
}

/** Every source file under `dir` (absolute paths, sorted). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

/** File → the files of ours it imports (only edges inside `files`). */
export type ImportGraph = Map<string, string[]>;

export function importGraph(files: readonly string[], aliases: Aliases = new Map()): ImportGraph {
  const inside = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier, aliases);
      if (target !== null && inside.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of `graph`: one per strongly connected component of more than one file
 * (Tarjan's algorithm), each given as one cycle through it, starting at its first file
 * in sort order and ending where it started.
 */
export function findCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;

  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);

  return components.map((component) => cycleThrough(graph, new Set(component), component[0]!));
}

/** A shortest cycle from `start` back to it, inside `members` (breadth first). */
function cycleThrough(graph: ImportGraph, members: ReadonlySet<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (
          let at: string | undefined = v;
          at !== undefined && at !== start;
          at = cameFrom.get(at)
        )
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
