import { describe, expect, it } from 'vitest';
import { UNDO_LIMIT, UndoHistory } from './undo-history';

/** Applies `n` recorded changes 1 → 2 → … → n+1 starting at `from`; answers the last value. */
function steps(history: UndoHistory<number>, from: number, n: number): number {
  let value = from;
  for (let i = 0; i < n; i++) {
    history.record(value, value + 1, `step ${value + 1}`);
    value += 1;
  }
  return value;
}

describe('UndoHistory', () => {
  it('goes back at least ten steps, in order, and forward again', () => {
    const history = new UndoHistory<number>();
    let value = steps(history, 0, 12);
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      const step = history.undo(value);
      expect(step).not.toBeNull();
      value = step!.value;
      seen.push(value);
    }
    expect(seen).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(history.undo(value)).toBeNull();
    for (let i = 0; i < 12; i++) value = history.redo(value)!.value;
    expect(value).toBe(12);
    expect(history.redo(value)).toBeNull();
  });

  it('names the change undo and redo would revert', () => {
    const history = new UndoHistory<number>();
    expect(history.undoLabel).toBeNull();
    history.record(0, 1, 'Close pane');
    expect(history.undoLabel).toBe('Close pane');
    history.undo(1);
    expect(history.undoLabel).toBeNull();
    expect(history.redoLabel).toBe('Close pane');
  });

  it('clears redo when a new change is recorded after an undo', () => {
    const history = new UndoHistory<number>();
    const value = steps(history, 0, 3);
    const back = history.undo(value)!.value;
    expect(history.depth).toEqual({ undo: 2, redo: 1 });
    history.record(back, 100, 'other');
    expect(history.redo(100)).toBeNull();
    expect(history.undo(100)!.value).toBe(back);
  });

  it('keeps the newest steps when over its limit', () => {
    const history = new UndoHistory<number>(10);
    let value = steps(history, 0, 15);
    let count = 0;
    for (let step = history.undo(value); step; step = history.undo(value)) {
      value = step.value;
      count++;
    }
    expect(count).toBe(10);
    expect(value).toBe(5);
    expect(UNDO_LIMIT).toBeGreaterThanOrEqual(10);
  });

  it('merges consecutive changes with one key, and only those', () => {
    const history = new UndoHistory<number>();
    history.record(0, 1, 'Resize', 'ratio:s1');
    history.record(1, 2, 'Resize', 'ratio:s1');
    history.record(2, 3, 'Resize', 'ratio:s2');
    expect(history.depth.undo).toBe(2);
    expect(history.undo(3)!.value).toBe(2);
    expect(history.undo(2)!.value).toBe(0);
  });

  it('does not merge across a change made outside the history', () => {
    const history = new UndoHistory<number>();
    history.record(0, 1, 'Resize', 'ratio:s1');
    // 1 → 5 happened unrecorded (a tab chosen): the next resize is its own step.
    history.record(5, 6, 'Resize', 'ratio:s1');
    expect(history.depth.undo).toBe(2);
  });

  it('redoes to what was shown when undo was asked', () => {
    const history = new UndoHistory<number>();
    history.record(0, 1, 'a');
    // Shown: 7 (1 changed unrecorded since); undo goes to 0, redo back to 7.
    expect(history.undo(7)!.value).toBe(0);
    expect(history.redo(0)!.value).toBe(7);
  });

  it('refuses a limit below one', () => {
    expect(() => new UndoHistory(0)).toThrow(RangeError);
  });
});
