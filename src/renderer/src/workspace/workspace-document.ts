/**
 * The saved workspace (`WorkspaceDocument.data`): layouts, the active layout's name,
 * watchlists and the symbol of each link group. `readWorkspace` validates whatever
 * `loadWorkspace` or a `workspace` event hands over: damaged parts are repaired or
 * dropped, and a document beyond repair answers null (the caller starts from the
 * default workspace rather than crashing). Every code comes out canonical, and a
 * watchlist holds each instrument once: "aapl" and "AAPL", or "00700" and "700" on HK,
 * saved by an older version, become one row.
 */
import type { WorkspaceDocument } from '../../../shared/bridge';
import { instrumentKey } from '../../../shared/model';
import { clampRatio } from './layout-tree';
import type { Layout, LayoutNode, TabsNode } from './layout-tree';
import { LINK_GROUPS } from './pane-contract';
import type { LinkGroup, PaneConfig, SymbolRef, Watchlist } from './pane-contract';
import { PANE_KIND_TABLE, isPaneKind, readOptions } from './pane-kinds';
import { isObj, isStr } from './saved-json';
import { readSymbol } from './saved-symbol';
import type { HistoryStep } from './undo-history';

export { readSymbol };

export const WORKSPACE_VERSION = 1;

export type LinkColour = Exclude<LinkGroup, null>;

export interface WorkspaceData {
  layouts: Layout[];
  /** Name of the layout shown. */
  activeLayout: string;
  watchlists: Watchlist[];
  /** The symbol each link group follows. */
  linkSymbols: Partial<Record<LinkColour, SymbolRef>>;
}

/**
 * The undo history kept with the workspace, so Undo reaches past a reload and a restart:
 * each step's label and the workspace before and after it.
 */
export interface SavedHistory {
  /** Steps Undo reverts, oldest first. */
  past: HistoryStep<WorkspaceData>[];
  /** Steps Redo makes again, the next one last. */
  future: HistoryStep<WorkspaceData>[];
}

/** Most steps kept each way with the document (the window keeps more while open). */
export const SAVED_STEPS = 20;
/** Most characters the kept steps may take: the document's cap (core) is 1 MiB. */
export const SAVED_HISTORY_CHARS = 400_000;

/** The document of a workspace, with its undo history when there is one. */
export function toDocument(data: WorkspaceData, history?: SavedHistory): WorkspaceDocument {
  if (!history || history.past.length + history.future.length === 0) {
    return { version: WORKSPACE_VERSION, data };
  }
  return { version: WORKSPACE_VERSION, data: { ...data, history: boundHistory(history) } };
}

/** The steps nearest to now that fit the budget. */
function boundHistory(history: SavedHistory): SavedHistory {
  const future = history.future.slice(-SAVED_STEPS);
  const past = history.past.slice(-SAVED_STEPS);
  let size = JSON.stringify({ past, future }).length;
  while (size > SAVED_HISTORY_CHARS && (past.length > 0 || future.length > 0)) {
    // The oldest step back goes first, then the furthest forward.
    const dropped = past.length > 0 ? past.shift() : future.shift();
    size -= JSON.stringify(dropped).length;
  }
  return { past, future };
}

function readStep(value: unknown): HistoryStep<WorkspaceData> | null {
  if (!isObj(value) || !isStr(value.label, 80)) return null;
  const before = readWorkspace({ version: WORKSPACE_VERSION, data: value.before });
  const after = readWorkspace({ version: WORKSPACE_VERSION, data: value.after });
  return before && after ? { label: value.label, before, after } : null;
}

/**
 * Reads one way of a history (either way, the step nearest to now is last): a damaged
 * step cuts off the ones further from now, which would no longer chain.
 */
function readSteps(value: unknown): HistoryStep<WorkspaceData>[] {
  if (!Array.isArray(value)) return [];
  const raw = value.slice(-SAVED_STEPS);
  const steps: HistoryStep<WorkspaceData>[] = [];
  for (let i = raw.length - 1; i >= 0; i--) {
    const step = readStep(raw[i]);
    if (!step) break;
    steps.unshift(step);
  }
  return steps;
}

/** The undo history kept in a document (none when it has none or it is unreadable). */
export function readHistory(document: unknown): SavedHistory {
  if (!isObj(document) || document.version !== WORKSPACE_VERSION || !isObj(document.data)) {
    return { past: [], future: [] };
  }
  const history = document.data.history;
  if (!isObj(history)) return { past: [], future: [] };
  return { past: readSteps(history.past), future: readSteps(history.future) };
}

const MAX_DEPTH = 16;
const MAX_PANES = 64;

function readLink(value: unknown): LinkGroup {
  return (LINK_GROUPS as readonly unknown[]).includes(value) ? (value as LinkColour) : null;
}

function readPane(value: unknown, seen: Set<string>): PaneConfig | null {
  if (!isObj(value) || !isStr(value.id, 64) || value.id === '' || !isPaneKind(value.kind)) {
    return null;
  }
  if (seen.has(value.id) || seen.size >= MAX_PANES) return null;
  seen.add(value.id);
  const kind = value.kind;
  return {
    id: value.id,
    kind,
    title: isStr(value.title, 80) ? value.title : PANE_KIND_TABLE[kind].title,
    link: readLink(value.link),
    symbol: readSymbol(value.symbol),
    options: readOptions(kind, isObj(value.options) ? value.options : {}),
  };
}

function readNode(value: unknown, seen: Set<string>, depth: number): LayoutNode | null {
  if (!isObj(value) || depth > MAX_DEPTH || !isStr(value.id, 64)) return null;
  if (value.type === 'tabs') {
    if (!Array.isArray(value.panes)) return null;
    const panes = value.panes.map((p) => readPane(p, seen)).filter((p) => p !== null);
    const activeId = panes.some((p) => p.id === value.activeId)
      ? (value.activeId as string)
      : (panes[0]?.id ?? '');
    const node: TabsNode = { type: 'tabs', id: value.id, panes, activeId };
    return panes.length === 0 && depth > 0 ? null : node;
  }
  if (value.type === 'split') {
    if (value.direction !== 'row' && value.direction !== 'column') return null;
    const first = readNode(value.first, seen, depth + 1);
    const second = readNode(value.second, seen, depth + 1);
    if (!first || !second) return first ?? second;
    const ratio = typeof value.ratio === 'number' ? clampRatio(value.ratio) : 0.5;
    return { type: 'split', id: value.id, direction: value.direction, ratio, first, second };
  }
  return null;
}

function readWatchlist(value: unknown): Watchlist | null {
  if (!isObj(value) || !isStr(value.id, 64) || !isStr(value.name, 80)) return null;
  if (!Array.isArray(value.symbols)) return null;
  const seen = new Set<string>();
  const symbols: SymbolRef[] = [];
  for (const raw of value.symbols) {
    const symbol = readSymbol(raw);
    if (!symbol || seen.has(instrumentKey(symbol))) continue;
    seen.add(instrumentKey(symbol));
    symbols.push(symbol);
    if (symbols.length === 500) break;
  }
  return { id: value.id, name: value.name, symbols };
}

/** The workspace in a document, repaired; null when nothing usable is left. */
export function readWorkspace(document: unknown): WorkspaceData | null {
  if (!isObj(document) || document.version !== WORKSPACE_VERSION || !isObj(document.data)) {
    return null;
  }
  const data = document.data;
  if (!Array.isArray(data.layouts)) return null;
  const seen = new Set<string>();
  const layouts: Layout[] = [];
  for (const raw of data.layouts) {
    if (!isObj(raw) || !isStr(raw.name, 80) || raw.name.trim() === '') continue;
    if (layouts.some((l) => l.name === raw.name)) continue;
    const root = readNode(raw.root, seen, 0);
    if (root) layouts.push({ name: raw.name, root });
  }
  if (layouts.length === 0) return null;
  const activeLayout = layouts.some((l) => l.name === data.activeLayout)
    ? (data.activeLayout as string)
    : (layouts[0] as Layout).name;
  const watchlists = Array.isArray(data.watchlists)
    ? data.watchlists.map(readWatchlist).filter((w) => w !== null)
    : [];
  const linkSymbols: WorkspaceData['linkSymbols'] = {};
  if (isObj(data.linkSymbols)) {
    for (const colour of LINK_GROUPS) {
      const symbol = readSymbol(data.linkSymbols[colour]);
      if (symbol) linkSymbols[colour] = symbol;
    }
  }
  return { layouts, activeLayout, watchlists, linkSymbols };
}
