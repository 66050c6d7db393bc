/**
 * Watchlists as pure functions of `WorkspaceData`: creating one for a board,
 * renaming and deleting (see ./workspace-ops for panes, ./workspace-layouts for
 * layouts). Every quote board names its list by id, so deleting a list moves each
 * board that showed it, in every layout, to the list that takes its place.
 */
import type { LayoutNode } from './layout-tree';
import type { PaneConfig, Watchlist } from './pane-contract';
import type { WorkspaceData } from './workspace-document';
import { updateOptions } from './workspace-ops';

/** Longest watchlist name (the saved workspace's reader accepts up to 80). */
export const MAX_WATCHLIST_NAME = 60;

function checkName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { error: 'Give the list a name.' };
  if (trimmed.length > MAX_WATCHLIST_NAME) {
    return { error: `That name is too long (${MAX_WATCHLIST_NAME} characters at most).` };
  }
  return { name: trimmed };
}

function mapPanes(data: WorkspaceData, fn: (pane: PaneConfig) => PaneConfig): WorkspaceData {
  let changed = false;
  const mapNode = (node: LayoutNode): LayoutNode => {
    if (node.type === 'split') {
      const first = mapNode(node.first);
      const second = mapNode(node.second);
      return first === node.first && second === node.second ? node : { ...node, first, second };
    }
    const panes = node.panes.map(fn);
    if (panes.every((p, i) => p === node.panes[i])) return node;
    changed = true;
    return { ...node, panes };
  };
  const layouts = data.layouts.map((l) => {
    const root = mapNode(l.root);
    return root === l.root ? l : { ...l, root };
  });
  return changed ? { ...data, layouts } : data;
}

/** Adds a new, empty list and shows it in the board `paneId`. */
export function createWatchlist(
  data: WorkspaceData,
  paneId: string,
  list: { id: string; name: string },
): { data: WorkspaceData } | { error: string } {
  const checked = checkName(list.name);
  if ('error' in checked) return checked;
  if (data.watchlists.some((w) => w.id === list.id)) return { error: 'That list exists.' };
  const created: Watchlist = { id: list.id, name: checked.name, symbols: [] };
  const next = { ...data, watchlists: [...data.watchlists, created] };
  return { data: updateOptions(next, paneId, 'quotes', { watchlistId: list.id }) };
}

/** Renames a list; the same value when the name is unchanged. */
export function renameWatchlist(
  data: WorkspaceData,
  id: string,
  name: string,
): { data: WorkspaceData } | { error: string } {
  const checked = checkName(name);
  if ('error' in checked) return checked;
  const list = data.watchlists.find((w) => w.id === id);
  if (!list) return { error: 'That list no longer exists.' };
  if (list.name === checked.name) return { data };
  const watchlists = data.watchlists.map((w) => (w.id === id ? { ...w, name: checked.name } : w));
  return { data: { ...data, watchlists } };
}

/**
 * Deletes a list. The only list stays (a board always has one to show and add to);
 * every board that showed the deleted list shows the one before it (else after it).
 */
export function deleteWatchlist(
  data: WorkspaceData,
  id: string,
): { data: WorkspaceData; shown: Watchlist } | { error: string } {
  const index = data.watchlists.findIndex((w) => w.id === id);
  if (index < 0) return { error: 'That list no longer exists.' };
  if (data.watchlists.length <= 1) {
    return { error: 'The only list cannot be deleted: rename it, or create another first.' };
  }
  const watchlists = data.watchlists.filter((w) => w.id !== id);
  const shown = (watchlists[index - 1] ?? watchlists[index]) as Watchlist;
  const first = data.watchlists[0]?.id;
  const next = mapPanes({ ...data, watchlists }, (p) => {
    if (p.kind !== 'quotes') return p;
    const named = (p as PaneConfig<'quotes'>).options.watchlistId;
    // A board naming a missing list shows the first one: that is the list it showed.
    const showed = data.watchlists.some((w) => w.id === named) ? named : first;
    if (showed === named && named !== id) return p;
    const watchlistId = showed === id ? shown.id : (showed ?? shown.id);
    return { ...p, options: { ...p.options, watchlistId } } as PaneConfig;
  });
  return { data: next, shown };
}
