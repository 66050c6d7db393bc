/**
 * The pane kinds the first screen shows, remembered in this origin's localStorage (as
 * the theme is) so the next start fetches their code (each kind is a chunk of its own:
 * ../panes/registry.ts) while the socket opens and the workspace is asked for, not
 * after it answers. A first start takes the default workspace's. The workspace stays
 * the source of truth: a kind guessed wrong only costs a chunk fetched early.
 */
import type { PaneKind } from '../workspace/pane-contract';
import { allTabs, type LayoutNode } from '../workspace/layout-tree';
import { isPaneKind } from '../workspace/pane-kinds';

const KEY = 'marketdesk.firstScreen';

/** The kinds of the panes a layout shows (each tab group's active tab), once each. */
export function shownKinds(root: LayoutNode): PaneKind[] {
  const kinds = allTabs(root).flatMap((t) => t.panes.filter((p) => p.id === t.activeId));
  return [...new Set(kinds.map((p) => p.kind))];
}

/** The kinds the last start showed; null when none are remembered (or storage is off). */
export function rememberedKinds(storage: Pick<Storage, 'getItem'> | null): PaneKind[] | null {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    return Array.isArray(saved) ? saved.filter(isPaneKind) : null;
  } catch {
    return null;
  }
}

export function rememberKinds(
  kinds: readonly PaneKind[],
  storage: Storage | null = globalThis.localStorage ?? null,
): void {
  try {
    const text = JSON.stringify(kinds);
    if (storage?.getItem(KEY) !== text) storage?.setItem(KEY, text);
  } catch {
    // Storage may be disabled: the next start then fetches the panes' code when they mount.
  }
}
