/**
 * Undo and redo over immutable values (the workspace document): each step keeps the
 * whole value before and after a change. Values share structure (the ops return new
 * objects only where something changed), so a hundred steps cost little. Pure: no
 * Svelte, no timers; `WorkspaceState` records its commits here.
 */

/** One undoable change: the value before it, and what to call it ("Close pane"). */
interface Step<T> {
  before: T;
  after: T;
  label: string;
  /** Consecutive changes with the same key merge into one step (a splitter nudged by keys). */
  mergeKey: string | null;
}

/** One step as kept with the document (a restored step merges with no other). */
export interface HistoryStep<T> {
  before: T;
  after: T;
  label: string;
}

/** How many steps back the history reaches by default (the brief asks for at least ten). */
export const UNDO_LIMIT = 100;

export class UndoHistory<T> {
  #past: Step<T>[] = [];
  #future: Step<T>[] = [];

  constructor(readonly limit = UNDO_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be 1 or more');
  }

  /**
   * Records a change from `before` to `after`. The caller says whether it changed
   * anything (a no-op is not recorded). A new change clears what could be redone.
   */
  record(before: T, after: T, label: string, mergeKey: string | null = null): void {
    this.#future = [];
    const last = this.#past.at(-1);
    if (mergeKey !== null && last && last.mergeKey === mergeKey && last.after === before) {
      this.#past[this.#past.length - 1] = { ...last, after };
      return;
    }
    this.#past.push({ before, after, label, mergeKey });
    if (this.#past.length > this.limit) this.#past.splice(0, this.#past.length - this.limit);
  }

  /** The value to go back to, or null when there is nothing to undo. */
  undo(current: T): { value: T; label: string } | null {
    const step = this.#past.pop();
    if (!step) return null;
    // Redo goes back to what was shown when undo was asked, whatever changed it since.
    this.#future.push({ ...step, after: current, mergeKey: null });
    return { value: step.before, label: step.label };
  }

  /** The value to go forward to again, or null when there is nothing to redo. */
  redo(current: T): { value: T; label: string } | null {
    const step = this.#future.pop();
    if (!step) return null;
    this.#past.push({ ...step, before: current, mergeKey: null });
    return { value: step.after, label: step.label };
  }

  /** The label of the change Undo would revert, or null. */
  get undoLabel(): string | null {
    return this.#past.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.#future.at(-1)?.label ?? null;
  }

  get depth(): { undo: number; redo: number } {
    return { undo: this.#past.length, redo: this.#future.length };
  }

  /** The steps, to keep with the document: back (oldest first) and forward (next redo last). */
  steps(): { past: readonly HistoryStep<T>[]; future: readonly HistoryStep<T>[] } {
    const plain = ({ before, after, label }: Step<T>): HistoryStep<T> => ({ before, after, label });
    return { past: this.#past.map(plain), future: this.#future.map(plain) };
  }

  /** Starts again from kept steps (a reload, another window's save), the newest `limit` of each. */
  restore(past: readonly HistoryStep<T>[], future: readonly HistoryStep<T>[]): void {
    const step = (s: HistoryStep<T>): Step<T> => ({ ...s, mergeKey: null });
    this.#past = past.slice(-this.limit).map(step);
    this.#future = future.slice(-this.limit).map(step);
  }

  clear(): void {
    this.#past = [];
    this.#future = [];
  }
}
