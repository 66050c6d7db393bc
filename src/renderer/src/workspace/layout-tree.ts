/**
 * The layout tree: binary split nodes (a direction and the first child's share)
 * whose leaves are tab groups holding panes. Every operation is pure and returns a
 * new tree (unchanged subtrees are shared), so the workspace can keep the tree in
 * `$state.raw` and Svelte sees each change as one new value.
 */
import type { PaneConfig } from './pane-contract';

/** `row`: children side by side (a vertical splitter); `column`: stacked. */
export type SplitDirection = 'row' | 'column';

export interface SplitNode {
  type: 'split';
  id: string;
  direction: SplitDirection;
  /** Share of the first child, between MIN_RATIO and MAX_RATIO. */
  ratio: number;
  first: LayoutNode;
  second: LayoutNode;
}

/** A pane slot: one or more panes shown as tabs. Only the root may be empty. */
export interface TabsNode {
  type: 'tabs';
  id: string;
  panes: PaneConfig[];
  /** Id of the shown pane ('' when empty). */
  activeId: string;
}

export type LayoutNode = SplitNode | TabsNode;

/** A named layout. */
export interface Layout {
  name: string;
  root: LayoutNode;
}

export const MIN_RATIO = 0.1;
export const MAX_RATIO = 0.9;

export function clampRatio(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0.5;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
}

export function tabs(id: string, panes: PaneConfig[], activeId?: string): TabsNode {
  return { type: 'tabs', id, panes, activeId: activeId ?? panes[0]?.id ?? '' };
}

export function split(
  id: string,
  direction: SplitDirection,
  ratio: number,
  first: LayoutNode,
  second: LayoutNode,
): SplitNode {
  return { type: 'split', id, direction, ratio: clampRatio(ratio), first, second };
}

/** Every tab group, depth first, first child before second. */
export function allTabs(root: LayoutNode): TabsNode[] {
  return root.type === 'tabs' ? [root] : [...allTabs(root.first), ...allTabs(root.second)];
}

/** Every pane, in reading order. */
export function allPanes(root: LayoutNode): PaneConfig[] {
  return allTabs(root).flatMap((t) => t.panes);
}

export function findPane(root: LayoutNode, paneId: string): PaneConfig | null {
  return allPanes(root).find((p) => p.id === paneId) ?? null;
}

/** The tab group holding a pane. */
export function tabsOfPane(root: LayoutNode, paneId: string): TabsNode | null {
  return allTabs(root).find((t) => t.panes.some((p) => p.id === paneId)) ?? null;
}

/** Rebuilds the tree, replacing each node `fn` answers for (null keeps it). */
function mapNodes(node: LayoutNode, fn: (n: LayoutNode) => LayoutNode | null): LayoutNode {
  const replaced = fn(node);
  if (replaced) return replaced;
  if (node.type === 'tabs') return node;
  const first = mapNodes(node.first, fn);
  const second = mapNodes(node.second, fn);
  return first === node.first && second === node.second ? node : { ...node, first, second };
}

/** Adds a pane as a new, active tab of a group. */
export function addTab(root: LayoutNode, tabsId: string, pane: PaneConfig): LayoutNode {
  return mapNodes(root, (n) =>
    n.type === 'tabs' && n.id === tabsId
      ? { ...n, panes: [...n.panes, pane], activeId: pane.id }
      : null,
  );
}

/**
 * Splits a tab group in two: the group keeps its place, the new pane gets its own
 * group after it (or before it with `before`). An empty group is filled instead.
 */
export function splitTabs(
  root: LayoutNode,
  tabsId: string,
  direction: SplitDirection,
  pane: PaneConfig,
  ids: { split: string; tabs: string },
  before = false,
): LayoutNode {
  return mapNodes(root, (n) => {
    if (n.type !== 'tabs' || n.id !== tabsId) return null;
    if (n.panes.length === 0) return tabs(n.id, [pane]);
    const added = tabs(ids.tabs, [pane]);
    return before
      ? split(ids.split, direction, 0.5, added, n)
      : split(ids.split, direction, 0.5, n, added);
  });
}

/**
 * Removes a pane. An emptied group disappears and its sibling takes the parent
 * split's place; an emptied root stays as an empty group.
 */
export function removePane(root: LayoutNode, paneId: string): LayoutNode {
  const prune = (node: LayoutNode): LayoutNode | null => {
    if (node.type === 'tabs') {
      const index = node.panes.findIndex((p) => p.id === paneId);
      if (index < 0) return node;
      const panes = node.panes.filter((p) => p.id !== paneId);
      if (panes.length === 0) return null;
      const activeId =
        node.activeId === paneId
          ? (panes[Math.min(index, panes.length - 1)]?.id ?? '')
          : node.activeId;
      return { ...node, panes, activeId };
    }
    const first = prune(node.first);
    const second = prune(node.second);
    if (!first) return second;
    if (!second) return first;
    return first === node.first && second === node.second ? node : { ...node, first, second };
  };
  return prune(root) ?? tabs(root.type === 'tabs' ? root.id : `${root.id}-tabs`, []);
}

/** Shows a pane in its group. */
export function activateTab(root: LayoutNode, paneId: string): LayoutNode {
  return mapNodes(root, (n) =>
    n.type === 'tabs' && n.panes.some((p) => p.id === paneId) && n.activeId !== paneId
      ? { ...n, activeId: paneId }
      : null,
  );
}

/** Sets a split's ratio (clamped). */
export function setRatio(root: LayoutNode, splitId: string, ratio: number): LayoutNode {
  return mapNodes(root, (n) =>
    n.type === 'split' && n.id === splitId ? { ...n, ratio: clampRatio(ratio) } : null,
  );
}

/** Replaces a pane by what `update` makes of it; the same tree when it answers the same pane. */
export function updatePane(
  root: LayoutNode,
  paneId: string,
  update: (pane: PaneConfig) => PaneConfig,
): LayoutNode {
  return mapNodes(root, (n) => {
    if (n.type !== 'tabs') return null;
    const index = n.panes.findIndex((p) => p.id === paneId);
    if (index < 0) return null;
    const pane = n.panes[index] as PaneConfig;
    const updated = update(pane);
    if (updated === pane) return n;
    const panes = n.panes.slice();
    panes[index] = updated;
    return { ...n, panes };
  });
}

/** A copy of a tree with fresh ids for every node and pane (for "save layout as"). */
export function cloneWithNewIds(root: LayoutNode, newId: (prefix: string) => string): LayoutNode {
  if (root.type === 'tabs') {
    const panes = root.panes.map((p) => ({ ...p, id: newId('p') }));
    const activeIndex = root.panes.findIndex((p) => p.id === root.activeId);
    return tabs(newId('t'), panes, panes[Math.max(0, activeIndex)]?.id);
  }
  return {
    ...root,
    id: newId('s'),
    first: cloneWithNewIds(root.first, newId),
    second: cloneWithNewIds(root.second, newId),
  };
}
