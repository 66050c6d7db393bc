import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import { findNonJson } from './json-check';
import { StoreError } from './store-error';
import { WORKSPACE_FILE_NAME, WorkspaceStore, serialiseWorkspace } from './workspace-store';

let folder = '';
beforeEach(() => {
  folder = tempFolder('md-workspace-');
});

const workspace = {
  version: 3,
  data: {
    layouts: [{ name: 'Morning', panes: [{ id: 'p1', kind: 'depth', codes: ['AAPL'] }] }],
    watchlists: { tech: ['AAPL', 'MSFT'], empty: [] },
    active: null,
  },
};

describe('WorkspaceStore', () => {
  it('answers null when nothing is saved', () => {
    expect(new WorkspaceStore({ folder }).load()).toEqual({ document: null, notice: null });
  });

  it('saves atomically and loads the same document back', () => {
    const nested = path.join(folder, 'new');
    const store = new WorkspaceStore({ folder: nested });
    store.save(workspace);
    expect(readdirSync(nested)).toEqual([WORKSPACE_FILE_NAME]);
    expect(new WorkspaceStore({ folder: nested }).load()).toEqual({
      document: workspace,
      notice: null,
    });
    store.save({ version: 4, data: [] });
    expect(store.load().document).toEqual({ version: 4, data: [] });
  });

  it('refuses a document over the size cap with a clear message, keeping the old one', () => {
    const store = new WorkspaceStore({ folder, maxBytes: 1024 });
    store.save(workspace);
    const big = { version: 1, data: { notes: 'x'.repeat(2048) } };
    expect(() => store.save(big)).toThrow(StoreError);
    expect(() => store.save(big)).toThrow(/too large to save \(3 KiB; the limit is 1 KiB\)/);
    expect(store.load().document).toEqual(workspace);
  });

  it('caps at 1 MiB by default', () => {
    const store = new WorkspaceStore({ folder });
    expect(() => store.save({ version: 1, data: 'x'.repeat(1024 * 1024) })).toThrow(
      /limit is 1\.0 MiB/,
    );
  });

  it.each([
    [null, 'must be an object'],
    [{ version: 1 }, 'no data'],
    [{ version: -1, data: {} }, 'version must be a whole number'],
    [{ version: 1, data: {}, extra: 1 }, 'unknown keys: extra'],
    [{ version: 1, data: { n: Number.NaN } }, 'data.n is NaN'],
    [{ version: 1, data: { f: () => 1 } }, 'data.f is a function'],
    [{ version: 1, data: { m: new Map() } }, 'data.m is a Map'],
    [{ version: 1, data: [1, undefined] }, 'data[1] is a undefined'],
  ])('refuses %o', (document, message) => {
    const store = new WorkspaceStore({ folder });
    expect(() => store.save(document)).toThrow(
      expect.objectContaining({ code: 'bad-argument', message: expect.stringContaining(message) }),
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('keeps an unreadable file aside and answers null with a notice', () => {
    const file = path.join(folder, WORKSPACE_FILE_NAME);
    writeFileSync(file, '{"version": 1, "data": ');
    const result = new WorkspaceStore({ folder, now: () => Date.UTC(2026, 0, 2) }).load();
    expect(result.document).toBeNull();
    expect(result.notice).toContain('workspace.json.bad-2026-01-02T00-00-00-000Z');
    expect(readFileSync(`${file}.bad-2026-01-02T00-00-00-000Z`, 'utf8')).toBe(
      '{"version": 1, "data": ',
    );
  });

  it('reports a failed write as a storage error', () => {
    const blocked = path.join(folder, 'blocked');
    writeFileSync(blocked, '');
    expect(() => new WorkspaceStore({ folder: blocked }).save(workspace)).toThrow(
      expect.objectContaining({ code: 'storage' }),
    );
  });
});

describe('WorkspaceStore and interrupted saves', () => {
  it("removes a killed save's temp file at load", () => {
    // Left by a save killed before its rename, by a process long gone (pid above pid_max).
    const leftover = path.join(folder, `${WORKSPACE_FILE_NAME}.4194305.0badf00d.tmp`);
    writeFileSync(leftover, '{"version":3,"da');
    const store = new WorkspaceStore({ folder, now: () => Date.now() + 5 * 60_000 });
    expect(store.load()).toEqual({ document: null, notice: null });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('findNonJson', () => {
  it('finds a cycle but allows a shared, acyclic reference', () => {
    const shared = { a: 1 };
    expect(findNonJson({ x: shared, y: shared })).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findNonJson(cyclic)).toContain('value.self refers back to itself');
  });

  it('refuses nesting deeper than the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findNonJson(deep)).toContain('nested more than');
  });

  it('accepts plain data and null-prototype objects', () => {
    expect(findNonJson({ a: [1, 'b', true, null], b: Object.create(null) })).toBeNull();
    expect(serialiseWorkspace({ version: 0, data: null })).toEqual({
      ok: true,
      json: '{"version":0,"data":null}',
    });
  });
});
