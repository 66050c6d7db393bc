/**
 * The workspace as reactive state: one `WorkspaceData` value in `$state.raw`,
 * changed only by the pure functions of ./workspace-ops, plus the focused pane.
 * Every value shown passes through a `WorkspaceRecord` (./workspace-record: undo
 * history and saves). Saves are explicit (each change schedules one, debounced)
 * rather than an effect, so applying a document from another window never echoes it
 * back. What panes hand in is snapshotted first: Svelte proxies cannot cross the bridge.
 */
import type { MarketdeskBridge, WorkspaceDocument } from '../../../shared/bridge';
import type { SymbolCommand } from './palette-parse';
import type { Timers } from '../../../shared/timers';
import { defaultWorkspace } from './default-workspace';
import * as tree from './layout-tree';
import type { Layout, LayoutNode, SplitDirection } from './layout-tree';
import { showsOneSymbol, symbolOf } from './navigation';
import type { LinkGroup, PaneConfig, SymbolRef, Watchlist } from './pane-contract';
import { optionsLabel } from './pane-kinds';
import type { PaneKind, PaneOptions } from './pane-kinds';
import { readWorkspace } from './workspace-document';
import type { WorkspaceData } from './workspace-document';
import * as ops from './workspace-ops';
import type { Placement } from './workspace-ops';
import * as lists from './watchlist-ops';
import { WorkspaceRecord, type Step } from './workspace-record';
import { LayoutFit } from './layout-fit.svelte';
import { errorMessage } from '../../../shared/errors';

export type { Placement };

export interface WorkspaceDeps {
  bridge: MarketdeskBridge;
  newId?: (prefix: string) => string;
  timers?: Timers;
  saveDelayMs?: number;
  /** Tells the user something worth a word (a pane that went in as a tab, not a split). */
  note?: (text: string) => void;
}

function randomId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${prefix}-${random.replace(/-/g, '').slice(0, 10)}`;
}

export class WorkspaceState {
  data = $state.raw<WorkspaceData>({
    layouts: [],
    activeLayout: '',
    watchlists: [],
    linkSymbols: {},
  });
  focusedPaneId = $state<string | null>(null);
  loaded = $state(false);
  /** A problem the user should know about (save failed, saved workspace unreadable). */
  notice = $state<string | null>(null);
  /** What Undo and Redo would do now ("Close pane"), or null: for menus and tooltips. */
  undoLabel = $state<string | null>(null);
  redoLabel = $state<string | null>(null);

  readonly layouts: Layout[] = $derived(this.data.layouts);
  readonly activeName: string = $derived(ops.activeLayout(this.data)?.name ?? '');
  readonly watchlists: Watchlist[] = $derived(this.data.watchlists);
  readonly linkSymbols: WorkspaceData['linkSymbols'] = $derived(this.data.linkSymbols);
  readonly root: LayoutNode = $derived(ops.activeRoot(this.data));
  readonly focusedPane: PaneConfig | null = $derived(
    this.focusedPaneId ? tree.findPane(this.root, this.focusedPaneId) : null,
  );

  /** The shown layout: the active one fitted to the workspace's room (the shell measures it). */
  readonly view = new LayoutFit(() => this.root);

  readonly #bridge: MarketdeskBridge;
  readonly #note: (text: string) => void;
  readonly #newId: (prefix: string) => string;
  readonly #record: WorkspaceRecord;

  constructor(deps: WorkspaceDeps) {
    this.#bridge = deps.bridge;
    this.#newId = deps.newId ?? randomId;
    this.#note = deps.note ?? (() => {});
    this.#record = new WorkspaceRecord(
      (document) => this.#bridge.invoke('saveWorkspace', { document }),
      deps.saveDelayMs ?? 400,
      (error) => (this.notice = `The workspace could not be saved: ${errorMessage(error)}`),
      deps.timers,
    );
  }

  /** Loads the saved workspace; the default one when none is saved or it is damaged. */
  async load(): Promise<void> {
    let document: unknown = null;
    try {
      document = await this.#bridge.invoke('loadWorkspace', {});
    } catch (error) {
      this.notice = `The saved workspace could not be loaded (${errorMessage(error)}); showing the default one.`;
    }
    const data = readWorkspace(document);
    if (document !== null && !data) {
      this.notice = 'The saved workspace was damaged; showing the default workspace.';
    }
    this.data = data ?? defaultWorkspace();
    this.#record.loaded(this.data, data ? document : null);
    this.#syncLabels();
    this.loaded = true;
  }

  /** Applies a workspace saved by another window (the `workspace` event). */
  applyRemote(document: WorkspaceDocument): void {
    const data = readWorkspace(document);
    if (!data || !this.#record.remote(this.data, data, document)) return;
    this.data = data;
    this.#syncLabels();
  }

  /** Writes pending changes now (before the window closes, before a pop-out opens). */
  flush(): Promise<void> {
    return this.#record.flush();
  }

  /**
   * Shows and saves a changed workspace, recorded for Undo under `label` (null: not
   * a step of its own, such as choosing a tab). A value equal to the shown one is
   * no change, whether or not an op rebuilt it.
   */
  #commit(next: WorkspaceData, label: string | null, mergeKey: string | null = null): boolean {
    if (!this.#record.change(this.data, next, label, mergeKey)) return false;
    this.data = next;
    this.#syncLabels();
    return true;
  }

  #syncLabels(): void {
    this.undoLabel = this.#record.undoLabel;
    this.redoLabel = this.#record.redoLabel;
  }

  /** Steps back one change; answers its label, or null when there is none. */
  undo(): string | null {
    return this.#travel(this.#record.undo(this.data));
  }

  /** Steps forward again after an undo; answers its label, or null. */
  redo(): string | null {
    return this.#travel(this.#record.redo(this.data));
  }

  #travel(step: Step | null): string | null {
    if (!step) return null;
    this.data = step.value;
    this.#syncLabels();
    if (this.focusedPaneId && !ops.findPane(step.value, this.focusedPaneId)) {
      this.focusedPaneId = null;
    }
    return step.label;
  }

  // ------------------------------------------------------------ panes

  paneById(paneId: string): PaneConfig | null {
    return ops.findPane(this.data, paneId);
  }

  symbolOf(pane: PaneConfig): SymbolRef | null {
    return symbolOf(pane, this.data.linkSymbols);
  }

  /** The symbol a pane names beside its title (its tab, the palette, a pop-out), or null. */
  namedSymbolOf(pane: PaneConfig): SymbolRef | null {
    return showsOneSymbol(pane.kind) ? this.symbolOf(pane) : null;
  }

  focusPane(paneId: string | null): void {
    this.focusedPaneId = paneId;
    if (paneId) this.view.use(paneId);
  }

  /** Adds a pane of a kind beside (or as a tab of) a group; the focused pane's by default. */
  addPane(kind: PaneKind, placement: Placement = 'row', tabsId?: string): string {
    const change = ops.addPane(
      this.data,
      kind,
      {
        placement,
        focusedPaneId: this.focusedPaneId,
        room: this.view.room,
        ...(tabsId ? { tabsId } : {}),
      },
      this.#newId,
    );
    this.#commit(change.data, 'Add pane');
    if (change.note) this.#note(change.note);
    this.focusPane(change.paneId);
    return change.paneId;
  }

  /** Splits a pane's slot with a copy of it; answers the copy's id (null: no such pane). */
  splitPane(paneId: string, direction: SplitDirection): string | null {
    const change = ops.splitPane(this.data, paneId, direction, this.#newId, this.view.room);
    if (!change) return null;
    this.#commit(change.data, 'Split pane');
    if (change.note) this.#note(change.note);
    this.focusPane(change.paneId);
    return change.paneId;
  }

  /** Closes a pane; answers whether it did (Undo brings it back). */
  removePane(paneId: string): boolean {
    const closed = this.#commit(ops.removePane(this.data, paneId), 'Close pane');
    if (this.focusedPaneId === paneId) this.focusedPaneId = null;
    return closed;
  }

  activateTab(paneId: string): void {
    this.view.show(paneId);
    this.#commit(ops.activateTab(this.data, paneId), null);
  }

  setRatio(splitId: string, ratio: number): void {
    this.#commit(ops.setRatio(this.data, splitId, ratio), 'Resize panes', `ratio:${splitId}`);
  }

  setLink(paneId: string, link: LinkGroup): void {
    this.#commit(ops.setLink(this.data, paneId, link), 'Link pane');
  }

  pickSymbol(paneId: string, symbol: SymbolRef): void {
    this.#commit(ops.pickSymbol(this.data, paneId, $state.snapshot(symbol)), 'Pick symbol');
  }

  updateOptions<K extends PaneKind>(paneId: string, kind: K, patch: Partial<PaneOptions[K]>): void {
    // A snapshot is the same plain value: Svelte's type cannot follow a generic kind.
    const plain = $state.snapshot(patch) as Partial<PaneOptions[K]>;
    this.#commit(ops.updateOptions(this.data, paneId, kind, plain), optionsLabel(kind, plain));
  }

  renamePane(paneId: string, title: string): void {
    this.#commit(ops.renamePane(this.data, paneId, title), 'Rename pane');
  }

  updateWatchlist(list: Watchlist): void {
    const plain = $state.snapshot(list) as Watchlist;
    this.#commit(ops.updateWatchlist(this.data, plain), 'Edit watchlist');
  }

  /** Creates an empty list shown in board `paneId`; answers a problem or null. */
  createWatchlist(paneId: string, name: string): string | null {
    const result = lists.createWatchlist(this.data, paneId, { id: this.#newId('wl'), name });
    if ('error' in result) return result.error;
    this.#commit(result.data, 'New watchlist');
    return null;
  }

  /** Renames a list; answers a problem or null. */
  renameWatchlist(id: string, name: string): string | null {
    const result = lists.renameWatchlist(this.data, id, name);
    if ('error' in result) return result.error;
    this.#commit(result.data, 'Rename watchlist');
    return null;
  }

  /** Deletes a list (boards showing it move to a neighbour); answers a problem or null. */
  deleteWatchlist(id: string): string | null {
    const result = lists.deleteWatchlist(this.data, id);
    if ('error' in result) return result.error;
    this.#commit(result.data, 'Delete watchlist');
    return null;
  }

  /** Runs a palette symbol command; answers the id of the pane it acted on. */
  goTo(command: SymbolCommand): string {
    const change = ops.goTo(this.data, command, this.focusedPaneId, this.#newId);
    this.#commit(change.data, `Go to ${command.symbol.code}`);
    this.focusedPaneId = change.paneId;
    return change.paneId;
  }

  // ------------------------------------------------------------ layouts

  switchLayout(name: string): void {
    this.#commit(ops.switchLayout(this.data, name), 'Switch layout');
    this.focusedPaneId = null;
  }

  /** Saves the shown layout under a name and shows it; answers a problem or null. */
  saveLayoutAs(name: string): string | null {
    const result = ops.saveLayoutAs(this.data, name, this.#newId);
    if ('error' in result) return result.error;
    this.#commit(result.data, 'Save layout as');
    this.focusedPaneId = null;
    return null;
  }

  deleteLayout(name: string): void {
    this.#commit(ops.deleteLayout(this.data, name), 'Delete layout');
  }

  resetLayouts(): void {
    this.#commit(ops.resetLayouts(this.data), 'Reset layouts');
    this.focusedPaneId = null;
  }
}
