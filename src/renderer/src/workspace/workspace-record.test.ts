import { describe, expect, it } from 'vitest';
import type { WorkspaceDocument } from '../../../shared/bridge';
import { defaultWorkspace } from './default-workspace';
import { readHistory, readWorkspace, toDocument } from './workspace-document';
import { removePane, renamePane } from './workspace-ops';
import { WorkspaceRecord } from './workspace-record';

/** A record whose saves land in `saved` on flush(); its timers never fire. */
function record() {
  const saved: WorkspaceDocument[] = [];
  const never = { setTimeout: () => 0, clearTimeout: () => {} };
  const errors: unknown[] = [];
  const r = new WorkspaceRecord(
    async (document) => void saved.push(document),
    400,
    (e) => errors.push(e),
    never,
  );
  return { r, saved, errors };
}

describe('WorkspaceRecord', () => {
  it('takes an equal workspace, rebuilt or not, as no change: no step, no save', async () => {
    const { r, saved } = record();
    const shown = defaultWorkspace();
    r.loaded(shown, null);
    expect(r.change(shown, shown, 'Nothing')).toBe(false);
    expect(r.change(shown, structuredClone(shown), 'Rebuilt')).toBe(false);
    expect(r.undoLabel).toBeNull();
    await r.flush();
    expect(saved).toEqual([]);
  });

  it('records a change under its label and saves it with the history', async () => {
    const { r, saved } = record();
    const shown = defaultWorkspace();
    r.loaded(shown, null);
    const next = removePane(shown, 'trading-depth');
    expect(r.change(shown, next, 'Close pane')).toBe(true);
    expect(r.undoLabel).toBe('Close pane');
    await r.flush();
    expect(readWorkspace(saved.at(-1))).toEqual(next);
    expect(readHistory(saved.at(-1)).past).toHaveLength(1);
  });

  it('saves a change without a label but makes no step of it', async () => {
    const { r, saved } = record();
    const shown = defaultWorkspace();
    r.loaded(shown, null);
    const next = renamePane(shown, 'trading-depth', 'Book');
    expect(r.change(shown, next, null)).toBe(true);
    expect(r.undoLabel).toBeNull();
    await r.flush();
    expect(readWorkspace(saved.at(-1))).toEqual(next);
  });

  it('undoes to the value before, saved, and redoes it', async () => {
    const { r, saved } = record();
    const shown = defaultWorkspace();
    r.loaded(shown, null);
    const next = removePane(shown, 'trading-depth');
    r.change(shown, next, 'Close pane');
    expect(r.undo(next)).toEqual({ value: shown, label: 'Close pane' });
    expect(r.redoLabel).toBe('Close pane');
    await r.flush();
    expect(readWorkspace(saved.at(-1))).toEqual(shown);
    expect(r.redo(shown)).toEqual({ value: next, label: 'Close pane' });
    expect(r.undo(next)?.label).toBe('Close pane');
    expect(r.undo(shown)).toBeNull();
  });

  it("keeps a loaded document's steps, so Undo reaches past the reload", async () => {
    const first = record();
    const shown = defaultWorkspace();
    first.r.loaded(shown, null);
    const next = removePane(shown, 'trading-depth');
    first.r.change(shown, next, 'Close pane');
    await first.r.flush();
    const second = record();
    second.r.loaded(next, first.saved.at(-1));
    expect(second.r.undo(next)?.value).toEqual(shown);
  });

  it("ignores another window's document equal to the one shown (its own save back)", () => {
    const { r } = record();
    const shown = defaultWorkspace();
    r.loaded(shown, null);
    expect(r.remote(shown, structuredClone(shown), toDocument(shown))).toBe(false);
    const next = removePane(shown, 'trading-depth');
    // An older version's document, without a history: the change is a step here.
    expect(r.remote(shown, next, toDocument(next))).toBe(true);
    expect(r.undoLabel).toBe('Change from another window');
  });
});
