/**
 * The layout engine: what room a layout needs and how it is shown in the room it has,
 * never giving a pane less than its kind's floor (./pane-kinds `floor`). Pure, over the
 * layout tree of ./layout-tree, so each rule is tested without a DOM:
 * - `minSize`: the least room a tree shows whole in (floors plus frames and splitters);
 * - `fitLayout`: the tree as shown in a room: each split's share kept between the
 *   shares its two sides need, and, when the room is too small even so, the least
 *   recently used slot folded into its neighbour as tabs (the saved layout is not
 *   changed: a wider window shows it again);
 * - `canSplit` and `splitOrTab`: a split only when it leaves every pane its floor,
 *   else the pane goes in as a tab of the nearest slot (./workspace-ops adds and splits
 *   panes through it).
 */
import * as tree from './layout-tree';
import type { LayoutNode, SplitDirection, SplitNode, TabsNode } from './layout-tree';
import type { PaneConfig } from './pane-contract';
import type { Size } from './pane-floors';
import { PANE_KIND_TABLE } from './pane-kinds';

/** A splitter's thickness (SplitView's `.splitter`). */
export const SPLITTER_PX = 5;
/** A slot's frame: its 1 px border all round, and its 26 px tab bar with its border. */
export const SLOT_FRAME: Size = { width: 2, height: 2 + 26 + 1 };

/** The least room a tab group needs: its widest and tallest pane's floor, framed. */
export function slotFloor(group: TabsNode): Size {
  let width = 0;
  let height = 0;
  for (const pane of group.panes) {
    const floor = PANE_KIND_TABLE[pane.kind].floor;
    width = Math.max(width, floor.width);
    height = Math.max(height, floor.height);
  }
  return { width: width + SLOT_FRAME.width, height: height + SLOT_FRAME.height };
}

/** The least room a tree needs: side by side the widths add up, stacked the heights. */
export function minSize(node: LayoutNode): Size {
  if (node.type === 'tabs') return slotFloor(node);
  const a = minSize(node.first);
  const b = minSize(node.second);
  return node.direction === 'row'
    ? { width: a.width + b.width + SPLITTER_PX, height: Math.max(a.height, b.height) }
    : { width: Math.max(a.width, b.width), height: a.height + b.height + SPLITTER_PX };
}

function fits(need: Size, room: Size): boolean {
  return need.width <= room.width + 0.5 && need.height <= room.height + 0.5;
}

/** Whether `next` (a tree after a split or an added pane) leaves every pane its floor. */
export function canSplit(next: LayoutNode, room: Size): boolean {
  return fits(minSize(next), room);
}

/** The layout as shown in a room. */
export interface FittedLayout {
  root: LayoutNode;
  /** Per split id: the least and most share its first side may have. */
  bounds: ReadonlyMap<string, { min: number; max: number }>;
  /** Panes folded into another slot as tabs for want of room. */
  folded: ReadonlySet<string>;
}

/** When each pane was last used (shown or focused); higher is more recent. */
export type LastUsed = (paneId: string) => number;

function recency(group: TabsNode, lastUsed: LastUsed): number {
  return Math.max(0, ...group.panes.map((p) => lastUsed(p.id)));
}

/** The split whose child is `child`, or null (the root). */
function parentOf(root: LayoutNode, child: LayoutNode): SplitNode | null {
  if (root.type === 'tabs') return null;
  if (root.first === child || root.second === child) return root;
  return parentOf(root.first, child) ?? parentOf(root.second, child);
}

/**
 * Folds a group into its nearest neighbour: the sibling's slot that touches it (the
 * first slot of a sibling after it, the last of one before it). The neighbour keeps
 * its place; the panes join it as tabs; the one shown is the more recently used.
 */
export function foldGroup(root: LayoutNode, group: TabsNode, lastUsed: LastUsed): LayoutNode {
  const parent = parentOf(root, group);
  if (!parent) return root;
  const after = parent.first === group;
  const sideGroups = tree.allTabs(after ? parent.second : parent.first);
  const neighbour = after ? sideGroups[0] : sideGroups[sideGroups.length - 1];
  if (!neighbour) return root;
  const shown = lastUsed(group.activeId) > lastUsed(neighbour.activeId) ? group : neighbour;
  const merged: TabsNode = {
    ...neighbour,
    panes: after ? [...group.panes, ...neighbour.panes] : [...neighbour.panes, ...group.panes],
    activeId: shown.activeId,
  };
  const replace = (node: LayoutNode): LayoutNode => {
    if (node === neighbour) return merged;
    if (node.type === 'tabs') return node;
    if (node === parent) return replace(after ? parent.second : parent.first);
    const first = replace(node.first);
    const second = replace(node.second);
    return first === node.first && second === node.second ? node : { ...node, first, second };
  };
  return replace(root);
}

/** How far over the room a need is, the two axes added. */
function excess(need: Size, room: Size): number {
  return Math.max(0, need.width - room.width) + Math.max(0, need.height - room.height);
}

/**
 * Folds slots until the tree fits the room (or one slot is left). Each time, of the
 * slots whose folding brings the need down, the least recently used goes (ties: the
 * later one); when none does alone, the least recently used of all.
 */
function foldToFit(root: LayoutNode, room: Size, lastUsed: LastUsed, folded: Set<string>) {
  let shown = root;
  for (;;) {
    const over = excess(minSize(shown), room);
    const groups = tree.allTabs(shown);
    if (over === 0 || groups.length < 2) return shown;
    let best: { next: LayoutNode; group: TabsNode; used: number; helps: boolean } | null = null;
    for (const group of groups) {
      const next = foldGroup(shown, group, lastUsed);
      const helps = excess(minSize(next), room) < over;
      const used = recency(group, lastUsed);
      if (!best || (helps && !best.helps) || (helps === best.helps && used <= best.used)) {
        best = { next, group, used, helps };
      }
    }
    if (!best) return shown;
    for (const pane of best.group.panes) folded.add(pane.id);
    shown = best.next;
  }
}

/**
 * Each split's share kept between what its sides need (when the room allows both),
 * and the bounds a splitter may be dragged between; recursive, each side in its part.
 */
function placeShares(
  node: LayoutNode,
  room: Size,
  bounds: Map<string, { min: number; max: number }>,
): LayoutNode {
  if (node.type === 'tabs') return node;
  const row = node.direction === 'row';
  const length = (row ? room.width : room.height) - SPLITTER_PX;
  const needFirst = minSize(node.first);
  const needSecond = minSize(node.second);
  const a = row ? needFirst.width : needFirst.height;
  const b = row ? needSecond.width : needSecond.height;
  let ratio = node.ratio;
  if (length > 0 && a + b <= length) {
    // Between what the sides need; within the usual limits where the floors allow.
    const least = a / length;
    const most = 1 - b / length;
    const min = Math.max(least, Math.min(tree.MIN_RATIO, most));
    const max = Math.min(most, Math.max(tree.MAX_RATIO, least));
    ratio = Math.min(max, Math.max(min, ratio));
    bounds.set(node.id, { min, max });
  }
  const firstLength = length * ratio;
  const firstRoom = row ? { ...room, width: firstLength } : { ...room, height: firstLength };
  const secondRoom = row
    ? { ...room, width: length - firstLength }
    : { ...room, height: length - firstLength };
  const first = placeShares(node.first, firstRoom, bounds);
  const second = placeShares(node.second, secondRoom, bounds);
  if (ratio === node.ratio && first === node.first && second === node.second) return node;
  return { ...node, ratio, first, second };
}

/** A tree shown as it is (the room not measured yet). */
export function unfitted(root: LayoutNode): FittedLayout {
  return { root, bounds: new Map(), folded: new Set() };
}

/** The tree as shown in `room` (the workspace's box, CSS px). */
export function fitLayout(root: LayoutNode, room: Size, lastUsed: LastUsed): FittedLayout {
  const folded = new Set<string>();
  const shown = foldToFit(root, room, lastUsed, folded);
  const bounds = new Map<string, { min: number; max: number }>();
  return { root: placeShares(shown, room, bounds), bounds, folded };
}

/**
 * Splits group `target` with `pane`, unless that leaves a pane below its floor in
 * `room` (the workspace's box; null: not measured yet): then the pane becomes a tab
 * of that group, the nearest one, and the change says so.
 */
export function splitOrTab(
  root: LayoutNode,
  target: TabsNode,
  direction: SplitDirection,
  pane: PaneConfig,
  room: Size | null,
  newId: (prefix: string) => string,
): { root: LayoutNode; note?: string } {
  const split = tree.splitTabs(root, target.id, direction, pane, {
    split: newId('s'),
    tabs: newId('t'),
  });
  if (!room || target.panes.length === 0 || canSplit(split, room)) return { root: split };
  const beside = target.panes.find((p) => p.id === target.activeId)?.title ?? 'its neighbour';
  return {
    root: tree.addTab(root, target.id, pane),
    note: `${pane.title} opened as a tab beside ${beside}: too little room for a slot of its own`,
  };
}
