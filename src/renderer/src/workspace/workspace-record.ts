/**
 * What a workspace keeps beside the value it shows: its undo history and its saves.
 * `WorkspaceState` hands every value it shows through here once (a change, an undo,
 * a load, another window's document); this decides whether it is a change at all
 * (equal documents are none, whichever op rebuilt them), records it as an undo step
 * and schedules the save of the workspace with its history. No runes: the state's
 * reactive fields stay in workspace-state.svelte.ts.
 */
import type { WorkspaceDocument } from '../../../shared/bridge';
import { DebouncedSaver } from './debounced-saver';
import type { Timers } from '../../../shared/timers';
import { UndoHistory } from './undo-history';
import { readHistory, toDocument } from './workspace-document';
import type { WorkspaceData } from './workspace-document';

/** An undo or redo taken: the value to show and the step's name. */
export type Step = { value: WorkspaceData; label: string };

export class WorkspaceRecord {
  readonly #saver: DebouncedSaver<WorkspaceDocument>;
  readonly #history = new UndoHistory<WorkspaceData>();
  /** The document shown now, as JSON: what a change must differ from. */
  #shownJson = '';

  constructor(
    save: (document: WorkspaceDocument) => Promise<void>,
    delayMs: number,
    onError: (error: unknown) => void,
    timers?: Timers,
  ) {
    this.#saver = new DebouncedSaver(save, delayMs, onError, timers);
  }

  /** What Undo would do now ("Close pane"), or null. */
  get undoLabel(): string | null {
    return this.#history.undoLabel;
  }

  /** What Redo would do now, or null. */
  get redoLabel(): string | null {
    return this.#history.redoLabel;
  }

  /**
   * A loaded workspace is shown (`document` is what it was read from, or null for the
   * default one): Undo reaches back past the reload through the steps kept with it.
   */
  loaded(data: WorkspaceData, document: unknown | null): void {
    this.#shownJson = JSON.stringify(toDocument(data));
    if (document === null) {
      this.#history.clear();
      return;
    }
    const { past, future } = readHistory(document);
    this.#history.restore(past, future);
  }

  /**
   * Another window saved `document`, read as `data`: false when it is what this window
   * shows already (its own save coming back). Its history is the one every window
   * shares (the other window recorded its change there); a document without one (an
   * older version's) makes the change a step here, so Undo reverts the shared document
   * to what this window showed before.
   */
  remote(current: WorkspaceData, data: WorkspaceData, document: WorkspaceDocument): boolean {
    const json = JSON.stringify(toDocument(data));
    if (json === this.#shownJson) return false;
    const history = readHistory(document);
    if (history.past.length + history.future.length > 0) {
      this.#history.restore(history.past, history.future);
    } else {
      this.#history.record(current, data, 'Change from another window');
    }
    this.#shownJson = json;
    return true;
  }

  /**
   * `next` replaces `current`: false when its document equals the shown one (no
   * change). Otherwise recorded for Undo under `label` (null: not a step of its own,
   * such as choosing a tab; `mergeKey`: one step for a run of changes, such as a drag)
   * and saved.
   */
  change(
    current: WorkspaceData,
    next: WorkspaceData,
    label: string | null,
    mergeKey: string | null = null,
  ): boolean {
    if (next === current) return false;
    const json = JSON.stringify(toDocument(next));
    if (json === this.#shownJson) return false;
    if (label !== null) this.#history.record(current, next, label, mergeKey);
    this.#shown(next, json);
    return true;
  }

  /** Steps back from `current`: the value to show, saved, or null when there is none. */
  undo(current: WorkspaceData): Step | null {
    return this.#travel(this.#history.undo(current));
  }

  /** Steps forward again after an undo, or null. */
  redo(current: WorkspaceData): Step | null {
    return this.#travel(this.#history.redo(current));
  }

  /** Writes pending changes now (before the window closes, before a pop-out opens). */
  flush(): Promise<void> {
    return this.#saver.flush();
  }

  #travel(step: Step | null): Step | null {
    if (step) this.#shown(step.value, JSON.stringify(toDocument(step.value)));
    return step;
  }

  /** `data` is shown now: saved, with the undo history as it stands. */
  #shown(data: WorkspaceData, json: string): void {
    this.#shownJson = json;
    const { past, future } = this.#history.steps();
    this.#saver.schedule(toDocument(data, { past: [...past], future: [...future] }));
  }
}
