/**
 * The contract between the workspace (layouts, linking, palette, pop-outs) and the
 * panes (quote board, depth ladder, chart, tick tape, company card, news feed).
 * A pane is a Svelte component receiving `PaneProps`; it talks to the main side only
 * through `ctx.bridge` and to the workspace only through `ctx`.
 */
import type { MarketdeskBridge, SaveFileRequest } from '../../../shared/bridge';
import type { Alert, AlertDraft, AppStatus, Settings, UnixMs } from '../../../shared/model';
import type { PaneKind, PaneOptions } from './pane-kinds';
import type { SymbolRef } from './symbol-ref';

export type { PaneKind, PaneOptions, SymbolRef };

/** Panes in the same colour group follow the symbol picked in any one of them. */
export type LinkGroup = 'red' | 'green' | 'blue' | 'yellow' | null;
export const LINK_GROUPS: readonly Exclude<LinkGroup, null>[] = ['red', 'green', 'blue', 'yellow'];

/** A named watchlist: symbols of any class and region, in the user's order. */
export interface Watchlist {
  id: string;
  name: string;
  symbols: SymbolRef[];
}

export interface PaneConfig<K extends PaneKind = PaneKind> {
  id: string;
  kind: K;
  title: string;
  link: LinkGroup;
  /** The pane's own symbol (used when unlinked, and as the group's last pick). */
  symbol: SymbolRef | null;
  options: PaneOptions[K];
}

/** What the workspace gives a pane of kind `K`. */
export interface PaneContext<K extends PaneKind = PaneKind> {
  bridge: MarketdeskBridge;
  /** Reactive app status (mode, connection, plan, budget…). */
  readonly status: AppStatus | null;
  /** The data is a replay's: the status's source is a replay (reactive, as `status`). */
  readonly replaying: boolean;
  readonly settings: Settings | null;
  /** The data's clock: the replay clock's time during a replay, else the wall clock. */
  now(): UnixMs;
  /**
   * Which timeline the data is on: changes when a replay starts, seeks or ends (a pane
   * that keeps a past, like the heatmap, starts again from the new timeline's).
   */
  readonly timeline: string;
  /** The symbol this pane shows: its link group's, or its own. */
  readonly symbol: SymbolRef | null;
  /** Picks a symbol: every pane of the same link group follows. */
  pickSymbol(symbol: SymbolRef): void;
  /** Merges options into this pane's persisted options. */
  updateOptions(patch: Partial<PaneOptions[K]>): void;
  /** Watchlists (for the quote board). */
  readonly watchlists: readonly Watchlist[];
  updateWatchlist(list: Watchlist): void;
  /** Creates an empty list shown in this board; answers a problem or null. */
  createWatchlist(name: string): string | null;
  renameWatchlist(id: string, name: string): string | null;
  /** Deletes a list (boards showing it move to a neighbour; Undo brings it back). */
  deleteWatchlist(id: string): string | null;
  /** True while the pane is shown in a popped-out window. */
  readonly poppedOut: boolean;
  /**
   * Calls `listener` each time the bridge connection comes back after a drop (the
   * browser host's socket reopened; never in Electron); returns the unsubscriber.
   * Panes retry their failed one-time loads on it.
   */
  onReconnect(listener: () => void): () => void;
  /**
   * Saves an export (a save dialog in Electron, a download in a browser); the app
   * says where it went, or why it could not.
   */
  saveFile(file: SaveFileRequest): Promise<void>;
  /**
   * Makes a price alert; when `price` (the price now, if the pane has it) already meets
   * the condition, the user is asked first. Answers the alert, null when it failed (the
   * reason is shown), or 'kept' when the user chose not to make it.
   */
  makeAlert(draft: AlertDraft, price: number | null): Promise<Alert | null | 'kept'>;
}

export interface PaneProps<K extends PaneKind = PaneKind> {
  pane: PaneConfig<K>;
  ctx: PaneContext<K>;
}
