import { describe, expect, it } from 'vitest';
import {
  activateTab,
  addTab,
  allPanes,
  allTabs,
  clampRatio,
  cloneWithNewIds,
  findPane,
  removePane,
  setRatio,
  split,
  splitTabs,
  tabs,
  tabsOfPane,
  updatePane,
} from './layout-tree';
import type { LayoutNode } from './layout-tree';
import type { PaneConfig } from './pane-contract';

const pane = (id: string): PaneConfig<'news'> => ({
  id,
  kind: 'news',
  title: id,
  link: null,
  symbol: null,
  options: { market: 'stock', lang: 'en' },
});

/** a | (b / c) */
const sample = (): LayoutNode =>
  split(
    's1',
    'row',
    0.3,
    tabs('t1', [pane('a')]),
    split('s2', 'column', 0.6, tabs('t2', [pane('b')]), tabs('t3', [pane('c')])),
  );

describe('layout tree', () => {
  it('lists panes in reading order and finds their group', () => {
    const root = sample();
    expect(allPanes(root).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(tabsOfPane(root, 'c')?.id).toBe('t3');
    expect(findPane(root, 'zz')).toBeNull();
  });

  it('adds a tab as the active one', () => {
    const root = addTab(sample(), 't2', pane('d'));
    const group = tabsOfPane(root, 'd');
    expect(group?.id).toBe('t2');
    expect(group?.panes.map((p) => p.id)).toEqual(['b', 'd']);
    expect(group?.activeId).toBe('d');
  });

  it('splits a group, after or before it', () => {
    const after = splitTabs(sample(), 't1', 'column', pane('d'), { split: 's9', tabs: 't9' });
    expect(allPanes(after).map((p) => p.id)).toEqual(['a', 'd', 'b', 'c']);
    const node = after.type === 'split' ? after.first : null;
    expect(node).toMatchObject({ type: 'split', id: 's9', direction: 'column', ratio: 0.5 });
    const before = splitTabs(sample(), 't3', 'row', pane('d'), { split: 's9', tabs: 't9' }, true);
    expect(allPanes(before).map((p) => p.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('fills an empty root instead of splitting it', () => {
    const root = splitTabs(tabs('t0', []), 't0', 'row', pane('a'), { split: 's', tabs: 't' });
    expect(root).toEqual(tabs('t0', [pane('a')]));
  });

  it('collapses a split when a group empties', () => {
    const root = removePane(sample(), 'b');
    expect(allTabs(root).map((t) => t.id)).toEqual(['t1', 't3']);
    expect(root.type === 'split' && root.second.id).toBe('t3');
  });

  it('picks the neighbouring tab when the active one is removed', () => {
    let root: LayoutNode = addTab(addTab(sample(), 't1', pane('x')), 't1', pane('y'));
    root = activateTab(root, 'x');
    root = removePane(root, 'x');
    expect(tabsOfPane(root, 'a')?.activeId).toBe('y');
  });

  it('leaves an empty root group when the last pane goes', () => {
    const root = removePane(tabs('t0', [pane('a')]), 'a');
    expect(root).toEqual({ type: 'tabs', id: 't0', panes: [], activeId: '' });
    const fromSplit = removePane(removePane(removePane(sample(), 'a'), 'b'), 'c');
    expect(fromSplit.type).toBe('tabs');
    expect(allPanes(fromSplit)).toEqual([]);
  });

  it('keeps untouched subtrees by identity', () => {
    const root = sample();
    const next = setRatio(root, 's2', 0.25);
    expect(next.type === 'split' && root.type === 'split' && next.first === root.first).toBe(true);
    expect(next.type === 'split' && next.second.type === 'split' && next.second.ratio).toBe(0.25);
    expect(removePane(root, 'nope')).toBe(root);
  });

  it('clamps ratios', () => {
    expect(clampRatio(0)).toBe(0.1);
    expect(clampRatio(2)).toBe(0.9);
    expect(clampRatio(Number.NaN)).toBe(0.5);
    const root = setRatio(sample(), 's1', -1);
    expect(root.type === 'split' && root.ratio).toBe(0.1);
  });

  it('updates one pane', () => {
    const root = updatePane(sample(), 'c', (p) => ({ ...p, title: 'News' }));
    expect(findPane(root, 'c')?.title).toBe('News');
    expect(findPane(root, 'b')?.title).toBe('b');
  });

  it('clones with fresh ids, keeping the active tab', () => {
    let n = 0;
    const source = activateTab(addTab(sample(), 't1', pane('x')), 'a');
    const copy = cloneWithNewIds(source, (prefix) => `${prefix}${++n}`);
    const ids = [...allTabs(copy).map((t) => t.id), ...allPanes(copy).map((p) => p.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => ['a', 'b', 'c', 'x', 't1'].includes(id))).toBe(false);
    const first = allTabs(copy)[0];
    expect(first?.activeId).toBe(first?.panes[0]?.id);
    expect(allPanes(copy).map((p) => p.title)).toEqual(['a', 'x', 'b', 'c']);
  });
});
