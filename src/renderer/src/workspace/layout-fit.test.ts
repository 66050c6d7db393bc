import { describe, expect, it } from 'vitest';
import { defaultWorkspace } from './default-workspace';
import { SLOT_FRAME, SPLITTER_PX, fitLayout, foldGroup, minSize, slotFloor } from './layout-fit';
import { allTabs, split, tabs } from './layout-tree';
import type { LayoutNode } from './layout-tree';
import type { PaneConfig } from './pane-contract';
import { PANE_KINDS, PANE_KIND_TABLE } from './pane-kinds';
import type { PaneKind } from './pane-kinds';
import { activeRoot } from './workspace-ops';
import * as ops from './workspace-ops';

const pane = (id: string, kind: PaneKind): PaneConfig => ({
  id,
  kind,
  title: PANE_KIND_TABLE[kind].title,
  link: null,
  symbol: null,
  options: PANE_KIND_TABLE[kind].defaultOptions(),
});
const floor = (kind: PaneKind) => PANE_KIND_TABLE[kind].floor;
const never = () => 0;
const ids = () => {
  let n = 0;
  return (prefix: string) => `${prefix}${++n}`;
};
const groupsOf = (root: LayoutNode) => allTabs(root).map((t) => t.panes.map((p) => p.id));

describe('pane floors', () => {
  it('gives every kind a floor that holds what it shows', () => {
    for (const kind of PANE_KINDS) {
      const { width, height } = floor(kind);
      expect(width, kind).toBeGreaterThanOrEqual(200);
      expect(height, kind).toBeGreaterThanOrEqual(100);
    }
    // The board's columns that never drop are wider than a headline's first words;
    // the tape's four columns than the company card's two.
    expect(floor('quotes').width).toBeGreaterThan(floor('news').width);
    expect(floor('ticks').width).toBeGreaterThan(floor('company').width);
  });

  it("frames a slot's floor: its widest and tallest pane, the border and tab bar", () => {
    const group = tabs('t', [pane('a', 'news'), pane('b', 'depth')]);
    expect(slotFloor(group)).toEqual({
      width: Math.max(floor('news').width, floor('depth').width) + SLOT_FRAME.width,
      height: Math.max(floor('news').height, floor('depth').height) + SLOT_FRAME.height,
    });
  });

  it('adds widths side by side and heights stacked, with the splitter', () => {
    const a = tabs('a', [pane('a1', 'quotes')]);
    const b = tabs('b', [pane('b1', 'chart')]);
    const fa = slotFloor(a);
    const fb = slotFloor(b);
    expect(minSize(split('s', 'row', 0.5, a, b))).toEqual({
      width: fa.width + fb.width + SPLITTER_PX,
      height: Math.max(fa.height, fb.height),
    });
    expect(minSize(split('s', 'column', 0.5, a, b))).toEqual({
      width: Math.max(fa.width, fb.width),
      height: fa.height + fb.height + SPLITTER_PX,
    });
  });

  it('fits the default layout whole at 1024 × 800 (the smallest window it is made for)', () => {
    const root = activeRoot(defaultWorkspace());
    const need = minSize(root);
    expect(need.width).toBeLessThanOrEqual(1020);
    expect(need.height).toBeLessThanOrEqual(800 - 70);
    expect(fitLayout(root, { width: 1020, height: 730 }, never).folded.size).toBe(0);
  });
});

describe('fitLayout', () => {
  const board = tabs('t1', [pane('quotes', 'quotes')]);
  const depth = tabs('t2', [pane('depth', 'depth')]);
  const row = split('s', 'row', 0.9, board, depth);

  it("keeps a split's share between what its two sides need", () => {
    const room = { width: 1000, height: 600 };
    const fit = fitLayout(row, room, never);
    const length = room.width - SPLITTER_PX;
    const shown = fit.root.type === 'split' ? fit.root.ratio : NaN;
    // 0.9 would leave the ladder 99 px: the share gives it its floor.
    expect(length * (1 - shown)).toBeGreaterThanOrEqual(slotFloor(depth).width - 0.01);
    const bounds = fit.bounds.get('s')!;
    expect(length * bounds.min).toBeGreaterThanOrEqual(slotFloor(board).width - 0.01);
    expect(length * (1 - bounds.max)).toBeGreaterThanOrEqual(slotFloor(depth).width - 0.01);
    expect(fit.folded.size).toBe(0);
  });

  it('leaves a share that already fits as it is', () => {
    const even = split('s', 'row', 0.5, board, depth);
    expect(fitLayout(even, { width: 1600, height: 600 }, never).root).toBe(even);
  });

  it('folds the least recently used slot into its neighbour when the room is too small', () => {
    const news = tabs('t3', [pane('news', 'news')]);
    const three = split('s1', 'row', 0.5, row, news);
    const room = { width: minSize(three).width - 50, height: 600 };
    // The board was used last, the news before the ladder: the ladder goes.
    const used: Record<string, number> = { quotes: 3, news: 2, depth: 1 };
    const fit = fitLayout(three, room, (id) => used[id] ?? 0);
    expect(groupsOf(fit.root)).toEqual([['quotes', 'depth'], ['news']]);
    expect([...fit.folded]).toEqual(['depth']);
    // The neighbour keeps showing its own pane (used more recently).
    expect(allTabs(fit.root)[0]?.activeId).toBe('quotes');
    // Wide enough again, the saved layout shows as it is.
    expect(groupsOf(fitLayout(three, { width: 3000, height: 600 }, never).root)).toEqual([
      ['quotes'],
      ['depth'],
      ['news'],
    ]);
  });

  it('folds only slots whose folding helps, however little used the others are', () => {
    const news = tabs('t3', [pane('news', 'news')]);
    // Board above news on the left, the ladder on the right: too narrow, tall enough.
    const left = split('s2', 'column', 0.5, board, news);
    const both = split('s1', 'row', 0.5, left, depth);
    const room = { width: minSize(both).width - 10, height: 2000 };
    const used: Record<string, number> = { quotes: 5, depth: 4, news: 1 };
    const fit = fitLayout(both, room, (id) => used[id] ?? 0);
    // Folding the news into the board saves no width: the ladder (used less than the
    // board) is folded into the left column's nearest slot, the news.
    expect(groupsOf(fit.root)).toEqual([['quotes'], ['news', 'depth']]);
  });

  it('folds into the nearest slot of the side it leaves', () => {
    const a = tabs('a', [pane('a1', 'news')]);
    const b = tabs('b', [pane('b1', 'news')]);
    const c = tabs('c', [pane('c1', 'news')]);
    const root = split('s1', 'row', 0.5, a, split('s2', 'row', 0.5, b, c));
    expect(groupsOf(foldGroup(root, a, never))).toEqual([['a1', 'b1'], ['c1']]);
    expect(groupsOf(foldGroup(root, c, never))).toEqual([['a1'], ['b1', 'c1']]);
  });
});

describe('split or tab', () => {
  const room = { width: 1020, height: 730 };
  /** A pane of `kind` added to the default workspace beside `focusedPaneId`, in `room`. */
  const addBeside = (kind: PaneKind, focusedPaneId: string, placement: 'row' | 'column') =>
    ops.addPane(defaultWorkspace(), kind, { focusedPaneId, placement, room }, ids());

  it('splits when every pane keeps its floor', () => {
    const change = addBeside('news', 'trading-quotes', 'column');
    expect(change.note).toBeUndefined();
    expect(groupsOf(activeRoot(change.data))[1]).toEqual([change.paneId]);
  });

  it('adds a pane as a tab of the nearest slot, with a note, when a split leaves too little', () => {
    const change = addBeside('alerts', 'trading-depth', 'row');
    expect(groupsOf(activeRoot(change.data))).toEqual([
      ['trading-quotes'],
      ['trading-news'],
      ['trading-chart'],
      ['trading-depth', change.paneId],
    ]);
    expect(change.note).toBe(
      'Alerts opened as a tab beside Depth: too little room for a slot of its own',
    );
    // Where the room is not known yet, the split is made (the view fits it later).
    const unmeasured = ops.addPane(
      defaultWorkspace(),
      'alerts',
      { focusedPaneId: 'trading-depth' },
      ids(),
    );
    expect(allTabs(activeRoot(unmeasured.data))).toHaveLength(5);
  });

  it('makes a split copy a tab too when there is no room for it', () => {
    const data = defaultWorkspace();
    const narrow = { width: 1020, height: 730 };
    const change = ops.splitPane(data, 'trading-chart', 'row', ids(), narrow)!;
    expect(change.note).toMatch(/^Chart opened as a tab beside Chart/);
    expect(allTabs(activeRoot(change.data))).toHaveLength(4);
    const wide = ops.splitPane(data, 'trading-chart', 'row', ids(), { width: 3000, height: 900 })!;
    expect(wide.note).toBeUndefined();
    expect(allTabs(activeRoot(wide.data))).toHaveLength(5);
  });
});
