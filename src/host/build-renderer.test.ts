import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDERER_INPUTS, rendererIsStale } from './build-renderer';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const BUILT = new Date('2026-11-28T12:00:00Z');
const BEFORE = new Date('2026-11-28T11:00:00Z');
const AFTER = new Date('2026-11-28T13:00:00Z');

/** A project with a built renderer (at BUILT) and sources written before it. */
function project(list: string[] | null): string {
  const root = mkdtempSync(path.join(tmpdir(), 'md-renderer-'));
  roots.push(root);
  for (const f of ['src/renderer/src/main.ts', 'src/shared/unused.ts', 'svelte.config.js']) {
    touch(root, f, BEFORE);
  }
  for (const dir of ['src/renderer/src', 'src/renderer', 'src/shared', 'src']) {
    utimesSync(path.join(root, dir), BEFORE, BEFORE);
  }
  touch(root, 'out/renderer/index.html', BUILT);
  if (list) writeFileSync(path.join(root, RENDERER_INPUTS), JSON.stringify(list));
  return root;
}

function touch(root: string, file: string, at: Date): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), '');
  utimesSync(path.join(root, file), at, at);
}

describe('rendererIsStale', () => {
  it('is stale without a build', () => {
    const root = project(null);
    rmSync(path.join(root, 'out/renderer/index.html'));
    expect(rendererIsStale(root)).toBe(true);
  });

  it('with the build’s list: stale when a listed module or the config changed or went, not for other files', () => {
    const root = project(['src/renderer/src/main.ts']);
    expect(rendererIsStale(root)).toBe(false);
    // A file no module of the build imports does not make it stale.
    touch(root, 'src/shared/unused.ts', AFTER);
    expect(rendererIsStale(root)).toBe(false);
    touch(root, 'svelte.config.js', AFTER);
    expect(rendererIsStale(root)).toBe(true);
    touch(root, 'svelte.config.js', BEFORE);
    touch(root, 'src/renderer/src/main.ts', AFTER);
    expect(rendererIsStale(root)).toBe(true);
    rmSync(path.join(root, 'src/renderer/src/main.ts'));
    expect(rendererIsStale(root)).toBe(true);
  });

  it('without a list: any newer file under the source folders', () => {
    const root = project(null);
    expect(rendererIsStale(root)).toBe(false);
    touch(root, 'src/shared/unused.ts', AFTER);
    expect(rendererIsStale(root)).toBe(true);
  });
});
