/**
 * Builds the `PaneContext` each pane receives. Every property is a getter over the
 * workspace's reactive state, so a pane reading `ctx.symbol` in a `$derived` or an
 * effect follows its link group without the workspace re-creating anything.
 */
import type { MarketdeskBridge, SaveFileRequest } from '../../../shared/bridge';
import type { AppStatus, Settings, UnixMs } from '../../../shared/model';
import { isReplaySource } from '../../../shared/model';
import type { PaneConfig, PaneContext, PaneKind, SymbolRef, Watchlist } from './pane-contract';
import type { WorkspaceState } from './workspace-state.svelte';

export interface PaneContextDeps {
  bridge: MarketdeskBridge;
  workspace: WorkspaceState;
  status: () => AppStatus | null;
  settings: () => Settings | null;
  /** See `PaneContext.now` and `PaneContext.timeline`. */
  clock: { now(): UnixMs; timeline(): string };
  poppedOut: boolean;
  /** See `PaneContext.onReconnect`. */
  reconnects: (listener: () => void) => () => void;
  /** See `PaneContext.saveFile`. */
  saveFile: (file: SaveFileRequest) => Promise<void>;
  /** Deletes a watchlist, with an Undo at hand; answers a problem or null. */
  deleteWatchlist: (id: string) => string | null;
  /** See `PaneContext.makeAlert`. */
  makeAlert: PaneContext['makeAlert'];
}

/** The context of pane `paneId`, of kind `kind` (a pane's kind never changes). */
export function createPaneContext<K extends PaneKind>(
  paneId: string,
  kind: K,
  deps: PaneContextDeps,
): PaneContext<K> {
  const { workspace } = deps;
  return {
    bridge: deps.bridge,
    get status() {
      return deps.status();
    },
    get replaying() {
      const status = deps.status();
      return status !== null && isReplaySource(status.source);
    },
    get settings() {
      return deps.settings();
    },
    now: () => deps.clock.now(),
    get timeline() {
      return deps.clock.timeline();
    },
    get symbol(): SymbolRef | null {
      const pane = workspace.paneById(paneId);
      return pane ? workspace.symbolOf(pane) : null;
    },
    pickSymbol: (symbol) => workspace.pickSymbol(paneId, symbol),
    updateOptions: (patch) => workspace.updateOptions(paneId, kind, patch),
    get watchlists(): readonly Watchlist[] {
      return workspace.watchlists;
    },
    updateWatchlist: (list) => workspace.updateWatchlist(list),
    createWatchlist: (name) => workspace.createWatchlist(paneId, name),
    renameWatchlist: (id, name) => workspace.renameWatchlist(id, name),
    deleteWatchlist: (id) => deps.deleteWatchlist(id),
    poppedOut: deps.poppedOut,
    onReconnect: (listener) => deps.reconnects(listener),
    saveFile: (file) => deps.saveFile(file),
    makeAlert: (draft, price) => deps.makeAlert(draft, price),
  };
}

/** One context per pane id, kept while the pane lives (panes compare ctx by identity). */
export class PaneContexts {
  readonly #byId = new Map<string, PaneContext>();
  constructor(private readonly deps: PaneContextDeps) {}

  get(pane: PaneConfig): PaneContext {
    let ctx = this.#byId.get(pane.id);
    if (!ctx) this.#byId.set(pane.id, (ctx = createPaneContext(pane.id, pane.kind, this.deps)));
    return ctx;
  }
}
