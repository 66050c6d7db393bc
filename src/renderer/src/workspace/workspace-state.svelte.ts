/**
 * The workspace as reactive state: one `WorkspaceData` value in `$state.raw`,
 * changed only by the pure functions of ./workspace-ops, plus the focused pane and
 * persistence. Saves are explicit (each change schedules one, debounced) rather
 * than an effect, so applying a document from another window never echoes it back.
 * What panes hand in is snapshotted first: Svelte proxies cannot cross the bridge.
 */
import type { MarketdeskBridge, WorkspaceDocument } from '../../../shared/bridge';
import type { SymbolCommand } from '../app/palette-parse';
import { DebouncedSaver } from './debounced-saver';
import type { Timers } from './debounced-saver';
import { defaultWorkspace } from './default-workspace';
import * as tree from './layout-tree';
import type { Layout, LayoutNode, SplitDirection } from './layout-tree';
import { symbolOf } from './navigation';
import type { LinkGroup, PaneConfig, SymbolRef, Watchlist } from './pane-contract';
import type { PaneKind, PaneOptions } from './pane-kinds';
import { readWorkspace, toDocument } from './workspace-document';
import type { WorkspaceData } from './workspace-document';
import * as ops from './workspace-ops';
import type { Placement } from './workspace-ops';
import { errorMessage } from '../../../shared/errors';

export type { Placement };

export interface WorkspaceDeps {
  bridge: MarketdeskBridge;
  newId?: (prefix: string) => string;
  timers?: Timers;
  saveDelayMs?: number;
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

  readonly layouts: Layout[] = $derived(this.data.layouts);
  readonly activeName: string = $derived(ops.activeLayout(this.data)?.name ?? '');
  readonly watchlists: Watchlist[] = $derived(this.data.watchlists);
  readonly linkSymbols: WorkspaceData['linkSymbols'] = $derived(this.data.linkSymbols);
  readonly root: LayoutNode = $derived(ops.activeRoot(this.data));
  readonly focusedPane: PaneConfig | null = $derived(
    this.focusedPaneId ? tree.findPane(this.root, this.focusedPaneId) : null,
  );

  readonly #bridge: MarketdeskBridge;
  readonly #newId: (prefix: string) => string;
  readonly #saver: DebouncedSaver<WorkspaceDocument>;
  #lastJson = '';

  constructor(deps: WorkspaceDeps) {
    this.#bridge = deps.bridge;
    this.#newId = deps.newId ?? randomId;
    this.#saver = new DebouncedSaver(
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
    this.#apply(data ?? defaultWorkspace());
    this.loaded = true;
  }

  /** Applies a workspace saved by another window (the `workspace` event). */
  applyRemote(document: WorkspaceDocument): void {
    const json = JSON.stringify(document);
    if (json === this.#lastJson) return;
    const data = readWorkspace(document);
    if (data) this.#apply(data, json);
  }

  /** Writes pending changes now (before the window closes, before a pop-out opens). */
  flush(): Promise<void> {
    return this.#saver.flush();
  }

  #apply(data: WorkspaceData, json = JSON.stringify(toDocument(data))): void {
    this.data = data;
    this.#lastJson = json;
  }

  #commit(next: WorkspaceData): void {
    if (next === this.data) return;
    this.data = next;
    const document = toDocument(next);
    this.#lastJson = JSON.stringify(document);
    this.#saver.schedule(document);
  }

  // ------------------------------------------------------------ panes

  paneById(paneId: string): PaneConfig | null {
    return ops.findPane(this.data, paneId);
  }

  symbolOf(pane: PaneConfig): SymbolRef | null {
    return symbolOf(pane, this.data.linkSymbols);
  }

  focusPane(paneId: string | null): void {
    this.focusedPaneId = paneId;
  }

  /** Adds a pane of a kind beside (or as a tab of) a group; the focused pane's by default. */
  addPane(kind: PaneKind, placement: Placement = 'row', tabsId?: string): string {
    const change = ops.addPane(
      this.data,
      kind,
      { placement, focusedPaneId: this.focusedPaneId, ...(tabsId ? { tabsId } : {}) },
      this.#newId,
    );
    this.#commit(change.data);
    this.focusedPaneId = change.paneId;
    return change.paneId;
  }

  splitPane(paneId: string, direction: SplitDirection): void {
    const change = ops.splitPane(this.data, paneId, direction, this.#newId);
    if (!change) return;
    this.#commit(change.data);
    this.focusedPaneId = change.paneId;
  }

  removePane(paneId: string): void {
    this.#commit(ops.removePane(this.data, paneId));
    if (this.focusedPaneId === paneId) this.focusedPaneId = null;
  }

  activateTab(paneId: string): void {
    this.#commit(ops.activateTab(this.data, paneId));
  }

  setRatio(splitId: string, ratio: number): void {
    this.#commit(ops.setRatio(this.data, splitId, ratio));
  }

  setLink(paneId: string, link: LinkGroup): void {
    this.#commit(ops.setLink(this.data, paneId, link));
  }

  pickSymbol(paneId: string, symbol: SymbolRef): void {
    this.#commit(ops.pickSymbol(this.data, paneId, $state.snapshot(symbol)));
  }

  updateOptions<K extends PaneKind>(paneId: string, kind: K, patch: Partial<PaneOptions[K]>): void {
    // A snapshot is the same plain value: Svelte's type cannot follow a generic kind.
    const plain = $state.snapshot(patch) as Partial<PaneOptions[K]>;
    this.#commit(ops.updateOptions(this.data, paneId, kind, plain));
  }

  renamePane(paneId: string, title: string): void {
    this.#commit(ops.renamePane(this.data, paneId, title));
  }

  updateWatchlist(list: Watchlist): void {
    this.#commit(ops.updateWatchlist(this.data, $state.snapshot(list) as Watchlist));
  }

  /** Runs a palette symbol command; answers the id of the pane it acted on. */
  goTo(command: SymbolCommand): string {
    const change = ops.goTo(this.data, command, this.focusedPaneId, this.#newId);
    this.#commit(change.data);
    this.focusedPaneId = change.paneId;
    return change.paneId;
  }

  // ------------------------------------------------------------ layouts

  switchLayout(name: string): void {
    this.#commit(ops.switchLayout(this.data, name));
    this.focusedPaneId = null;
  }

  /** Saves the shown layout under a name and shows it; answers a problem or null. */
  saveLayoutAs(name: string): string | null {
    const result = ops.saveLayoutAs(this.data, name, this.#newId);
    if ('error' in result) return result.error;
    this.#commit(result.data);
    this.focusedPaneId = null;
    return null;
  }

  deleteLayout(name: string): void {
    this.#commit(ops.deleteLayout(this.data, name));
  }

  resetLayouts(): void {
    this.#commit(ops.resetLayouts(this.data));
    this.focusedPaneId = null;
  }
}
