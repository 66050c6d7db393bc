/**
 * Every change to the workspace as a pure function of `WorkspaceData` (a new value
 * when something changed, the same one otherwise). `WorkspaceState` holds the value
 * in `$state.raw` and saves after each change; these functions hold the rules, so
 * they are tested without Svelte or a DOM.
 */
import type { SymbolCommand } from './palette-parse';
import * as tree from './layout-tree';
import type { LayoutNode, SplitDirection } from './layout-tree';
import { splitOrTab } from './layout-fit';
import { chooseTarget, sameSymbol, symbolOf } from './navigation';
import type { Size } from './pane-floors';
import type { LinkGroup, PaneConfig, SymbolRef, Watchlist } from './pane-contract';
import { PANE_KIND_TABLE } from './pane-kinds';
import type { PaneKind, PaneOptions } from './pane-kinds';
import type { WorkspaceData } from './workspace-document';
import { activeLayout, activeRoot } from './workspace-layouts';
import type { NewId } from './workspace-layouts';

export * from './workspace-layouts';

/** Where a new pane goes relative to a tab group. */
export type Placement = 'tab' | SplitDirection;

/** A change that also names the pane it made or acted on. */
export interface PaneChange {
  data: WorkspaceData;
  paneId: string;
  /** Said to the user when the pane went in as a tab instead of a split asked for. */
  note?: string;
}

/** A pane in any layout (a pop-out's pane may sit in a layout not shown). */
export function findPane(data: WorkspaceData, paneId: string): PaneConfig | null {
  for (const layout of data.layouts) {
    const pane = tree.findPane(layout.root, paneId);
    if (pane) return pane;
  }
  return null;
}

function mapTrees(data: WorkspaceData, fn: (root: LayoutNode) => LayoutNode): WorkspaceData {
  let changed = false;
  const layouts = data.layouts.map((l) => {
    const root = fn(l.root);
    if (root === l.root) return l;
    changed = true;
    return { ...l, root };
  });
  return changed ? { ...data, layouts } : data;
}

function isKind<K extends PaneKind>(pane: PaneConfig, kind: K): pane is PaneConfig<K> {
  return pane.kind === kind;
}

function withActiveRoot(data: WorkspaceData, root: LayoutNode): WorkspaceData {
  const active = activeLayout(data);
  if (!active || active.root === root) return data;
  return { ...data, layouts: data.layouts.map((l) => (l === active ? { ...l, root } : l)) };
}

// ------------------------------------------------------------ panes

/**
 * Adds a pane next to (or as a tab of) a group: `tabsId`, else the focused pane's, else
 * the last. A split that would leave a pane below its floor in `room` is a tab instead.
 */
export function addPane(
  data: WorkspaceData,
  kind: PaneKind,
  opts: {
    placement?: Placement;
    tabsId?: string;
    focusedPaneId: string | null;
    room?: Size | null;
  },
  newId: NewId,
): PaneChange {
  const root = activeRoot(data);
  const focused = opts.focusedPaneId ? tree.findPane(root, opts.focusedPaneId) : null;
  const spec = PANE_KIND_TABLE[kind];
  // A new pane joins the focused pane's group, and shows what it shows. With no pane
  // focused (nothing clicked yet), or one that shows no symbol (the news), it shows the
  // red group's symbol, and joins that group too: a pane showing the group's symbol that
  // did not follow its picks looked linked and stayed behind (a Company pane added at
  // start kept BTCUSDT while the board picked AAPL).
  const red = data.linkSymbols.red ?? null;
  const from = focused && symbolOf(focused, data.linkSymbols) ? focused : null;
  const pane: PaneConfig = {
    id: newId('p'),
    kind,
    title: spec.title,
    link: from ? from.link : red ? 'red' : null,
    symbol: from ? symbolOf(from, data.linkSymbols) : red,
    options: spec.defaultOptions(),
  };
  const groups = tree.allTabs(root);
  const target =
    (opts.tabsId && groups.find((t) => t.id === opts.tabsId)) ||
    (focused && tree.tabsOfPane(root, focused.id)) ||
    groups[groups.length - 1];
  if (!target) return { data, paneId: pane.id };
  const placement = opts.placement ?? 'row';
  if (placement === 'tab') {
    return { data: withActiveRoot(data, tree.addTab(root, target.id, pane)), paneId: pane.id };
  }
  const next = splitOrTab(root, target, placement, pane, opts.room ?? null, newId);
  return {
    data: withActiveRoot(data, next.root),
    paneId: pane.id,
    ...(next.note ? { note: next.note } : {}),
  };
}

/**
 * Splits a pane's group, putting a copy of the pane (kind, link, options) beside it;
 * a tab of the group instead when the split would leave a pane below its floor.
 */
export function splitPane(
  data: WorkspaceData,
  paneId: string,
  direction: SplitDirection,
  newId: NewId,
  room: Size | null = null,
): PaneChange | null {
  const root = activeRoot(data);
  const pane = tree.findPane(root, paneId);
  const group = tree.tabsOfPane(root, paneId);
  if (!pane || !group) return null;
  const copy: PaneConfig = { ...structuredClone(pane), id: newId('p') };
  const next = splitOrTab(root, group, direction, copy, room, newId);
  return {
    data: withActiveRoot(data, next.root),
    paneId: copy.id,
    ...(next.note ? { note: next.note } : {}),
  };
}

export function removePane(data: WorkspaceData, paneId: string): WorkspaceData {
  return withActiveRoot(data, tree.removePane(activeRoot(data), paneId));
}

export function activateTab(data: WorkspaceData, paneId: string): WorkspaceData {
  return withActiveRoot(data, tree.activateTab(activeRoot(data), paneId));
}

export function setRatio(data: WorkspaceData, splitId: string, ratio: number): WorkspaceData {
  return withActiveRoot(data, tree.setRatio(activeRoot(data), splitId, ratio));
}

export function renamePane(data: WorkspaceData, paneId: string, title: string): WorkspaceData {
  return mapTrees(data, (root) => tree.updatePane(root, paneId, (p) => ({ ...p, title })));
}

/** Moves a pane into a link group; a group with no symbol yet takes the pane's. */
export function setLink(data: WorkspaceData, paneId: string, link: LinkGroup): WorkspaceData {
  const pane = findPane(data, paneId);
  if (!pane || pane.link === link) return data;
  const shown = symbolOf(pane, data.linkSymbols);
  const linkSymbols =
    link && !data.linkSymbols[link] && shown
      ? { ...data.linkSymbols, [link]: shown }
      : data.linkSymbols;
  // Leaving a group keeps showing what the group showed.
  const symbol = link === null ? shown : pane.symbol;
  return {
    ...mapTrees(data, (root) => tree.updatePane(root, paneId, (p) => ({ ...p, link, symbol }))),
    linkSymbols,
  };
}

/** Picks a symbol in a pane: its whole link group follows; an unlinked pane alone changes. */
export function pickSymbol(data: WorkspaceData, paneId: string, symbol: SymbolRef): WorkspaceData {
  const pane = findPane(data, paneId);
  if (!pane) return data;
  const plain: SymbolRef = {
    class: symbol.class,
    region: symbol.region,
    exchange: symbol.exchange,
    code: symbol.code,
  };
  let next = data;
  if (pane.link && !sameSymbol(data.linkSymbols[pane.link] ?? null, plain)) {
    next = { ...next, linkSymbols: { ...next.linkSymbols, [pane.link]: plain } };
  }
  if (!sameSymbol(pane.symbol, plain)) {
    next = mapTrees(next, (root) =>
      tree.updatePane(root, paneId, (p) => ({ ...p, symbol: plain })),
    );
  }
  return next;
}

/** Merges options into a pane's, if it is of `kind` (a patch is one kind's options). */
export function updateOptions<K extends PaneKind>(
  data: WorkspaceData,
  paneId: string,
  kind: K,
  patch: Partial<PaneOptions[K]>,
): WorkspaceData {
  return mapTrees(data, (root) =>
    tree.updatePane(root, paneId, (p): PaneConfig => {
      if (!isKind(p, kind)) return p;
      const patched: PaneConfig<K> = { ...p, options: { ...p.options, ...patch } };
      return patched;
    }),
  );
}

export function updateWatchlist(data: WorkspaceData, list: Watchlist): WorkspaceData {
  const exists = data.watchlists.some((w) => w.id === list.id);
  return {
    ...data,
    watchlists: exists
      ? data.watchlists.map((w) => (w.id === list.id ? list : w))
      : [...data.watchlists, list],
  };
}

/** Adds a symbol to a quote board's list (the first list when its own is missing). */
export function addToWatchlist(
  data: WorkspaceData,
  pane: PaneConfig,
  symbol: SymbolRef,
): WorkspaceData {
  if (!isKind(pane, 'quotes')) return data;
  const id = pane.options.watchlistId;
  const list = data.watchlists.find((w) => w.id === id) ?? data.watchlists[0];
  if (!list || list.symbols.some((s) => sameSymbol(s, symbol))) return data;
  return updateWatchlist(data, { ...list, symbols: [...list.symbols, symbol] });
}

/**
 * Runs a palette symbol command: picks the symbol in the pane `chooseTarget` names
 * (adding a pane of the kind when there is none), sets a chart's interval, adds the
 * symbol to a quote board's list, and shows the pane.
 */
export function goTo(
  data: WorkspaceData,
  command: SymbolCommand,
  focusedPaneId: string | null,
  newId: NewId,
): PaneChange {
  const root = activeRoot(data);
  const focused = focusedPaneId ? tree.findPane(root, focusedPaneId) : null;
  let next = data;
  let target = chooseTarget(tree.allPanes(root), focused, command.kind);
  if (!target) {
    const added = addPane(data, command.kind ?? 'chart', { focusedPaneId }, newId);
    next = added.data;
    target = findPane(next, added.paneId);
    if (!target) return added;
  }
  next = addToWatchlist(next, target, command.symbol);
  next = pickSymbol(next, target.id, command.symbol);
  if (command.kType !== null && target.kind === 'chart') {
    next = updateOptions(next, target.id, 'chart', { kType: command.kType });
  }
  return { data: activateTab(next, target.id), paneId: target.id };
}
