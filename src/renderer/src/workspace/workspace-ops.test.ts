import { describe, expect, it } from 'vitest';
import type { SymbolCommand } from './palette-parse';
import { defaultWorkspace } from './default-workspace';
import { allPanes, allTabs, tabsOfPane } from './layout-tree';
import type { PaneConfig, SymbolRef } from './pane-contract';
import * as ops from './workspace-ops';
import { readWorkspace, toDocument } from './workspace-document';

const ids = () => {
  let n = 0;
  return (prefix: string) => `${prefix}${++n}`;
};
const AAPL: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const ETH: SymbolRef = { class: 'crypto', region: 'BA', exchange: '', code: 'ETHUSDT' };
const pane = (data: ReturnType<typeof defaultWorkspace>, id: string) =>
  ops.findPane(data, id) as PaneConfig;
const command = (
  symbol: SymbolRef,
  kind: SymbolCommand['kind'] = null,
  kType: SymbolCommand['kType'] = null,
): SymbolCommand => ({
  symbol,
  kind,
  kType,
  regionGuessed: false,
});

describe('linking', () => {
  it('moves every pane of a group when one picks', () => {
    const data = ops.pickSymbol(defaultWorkspace(), 'trading-chart', ETH);
    expect(data.linkSymbols.red).toEqual(ETH);
    for (const id of ['trading-quotes', 'trading-chart', 'trading-depth']) {
      const p = pane(data, id);
      expect(p.link === 'red' && data.linkSymbols[p.link]).toEqual(ETH);
    }
    // Other groups are untouched.
    expect(data.linkSymbols.blue).toEqual(AAPL);
  });

  it('leaves other panes alone when an unlinked pane picks', () => {
    const start = ops.setLink(defaultWorkspace(), 'trading-depth', null);
    const data = ops.pickSymbol(start, 'trading-depth', AAPL);
    expect(pane(data, 'trading-depth').symbol).toEqual(AAPL);
    expect(data.linkSymbols.red?.code).toBe('BTCUSDT');
  });

  it('keeps showing the group symbol after leaving a group, and seeds an empty group', () => {
    let data = ops.pickSymbol(defaultWorkspace(), 'trading-chart', ETH);
    data = ops.setLink(data, 'trading-chart', null);
    expect(pane(data, 'trading-chart').symbol).toEqual(ETH);
    data = ops.setLink(data, 'trading-chart', 'green');
    expect(data.linkSymbols.green).toEqual(ETH);
  });

  it('copies symbols, dropping extra fields, and answers the same value when nothing changes', () => {
    const start = defaultWorkspace();
    const extra = { ...ETH, name: 'Ethereum' } as SymbolRef;
    const data = ops.pickSymbol(start, 'trading-chart', extra);
    expect(data.linkSymbols.red).toEqual(ETH);
    expect(ops.pickSymbol(data, 'trading-chart', ETH)).toBe(data);
    expect(ops.pickSymbol(start, 'nope', ETH)).toBe(start);
  });
});

describe('panes', () => {
  it('adds a pane beside the focused one, in its link group', () => {
    const { data, paneId } = ops.addPane(
      defaultWorkspace(),
      'ticks',
      { focusedPaneId: 'trading-chart' },
      ids(),
    );
    const added = pane(data, paneId);
    // A new tape has no codes of its own: it follows its group's symbol.
    expect(added).toMatchObject({
      kind: 'ticks',
      title: 'Tick tape',
      link: 'red',
      options: { codes: [], region: 'BA' },
    });
    expect(added.symbol?.code).toBe('BTCUSDT');
    expect(allTabs(ops.activeRoot(data))).toHaveLength(5);
  });

  it('adds a pane in the red group, following its picks, when no pane is focused', () => {
    const { data, paneId } = ops.addPane(
      defaultWorkspace(),
      'company',
      { focusedPaneId: null },
      ids(),
    );
    expect(pane(data, paneId)).toMatchObject({ link: 'red', symbol: { code: 'BTCUSDT' } });
    // The board picks AAPL: the new pane shows it too.
    const picked = ops.pickSymbol(data, 'trading-quotes', AAPL);
    const added = pane(picked, paneId);
    expect(added.link && picked.linkSymbols[added.link]).toEqual(AAPL);
    // Beside the news (no symbol of its own): the red group's, linked, not an empty pane.
    const byNews = ops.addPane(
      defaultWorkspace(),
      'chart',
      { focusedPaneId: 'trading-news' },
      ids(),
    );
    expect(pane(byNews.data, byNews.paneId)).toMatchObject({
      link: 'red',
      symbol: { code: 'BTCUSDT' },
    });
    // A focused unlinked pane's new neighbour stays unlinked, on that pane's symbol.
    const alone = ops.setLink(defaultWorkspace(), 'trading-depth', null);
    const beside = ops.addPane(alone, 'ticks', { focusedPaneId: 'trading-depth' }, ids());
    expect(pane(beside.data, beside.paneId)).toMatchObject({
      link: null,
      symbol: { code: 'BTCUSDT' },
    });
  });

  it('adds a tab to a named group', () => {
    const { data, paneId } = ops.addPane(
      defaultWorkspace(),
      'news',
      { placement: 'tab', tabsId: 'trading-t4', focusedPaneId: null },
      ids(),
    );
    const group = tabsOfPane(ops.activeRoot(data), paneId);
    expect(group?.id).toBe('trading-t4');
    expect(group?.activeId).toBe(paneId);
  });

  it('splits a pane into a copy and removes panes', () => {
    const change = ops.splitPane(defaultWorkspace(), 'trading-depth', 'column', ids());
    expect(change && pane(change.data, change.paneId)).toMatchObject({
      kind: 'depth',
      link: 'red',
    });
    const removed = ops.removePane(change?.data ?? defaultWorkspace(), 'trading-depth');
    expect(allPanes(ops.activeRoot(removed)).map((p) => p.id)).not.toContain('trading-depth');
  });

  it('changes options of a pane in any layout', () => {
    const data = ops.updateOptions(defaultWorkspace(), 'research-chart', 'chart', { kType: 5 });
    expect(pane(data, 'research-chart').options).toEqual({
      kType: 5,
      studies: [],
      scale: 'normal',
      compare: [],
    });
  });

  it("leaves a pane alone when the patch is another kind's options", () => {
    const start = defaultWorkspace();
    expect(ops.updateOptions(start, 'research-chart', 'depth', { grouping: 5 })).toBe(start);
  });
});

describe('goTo', () => {
  it('picks in the focused pane when no kind is asked', () => {
    const { data, paneId } = ops.goTo(defaultWorkspace(), command(AAPL), 'trading-depth', ids());
    expect(paneId).toBe('trading-depth');
    expect(data.linkSymbols.red).toEqual(AAPL);
  });

  it('sets a chart interval', () => {
    const { data, paneId } = ops.goTo(defaultWorkspace(), command(AAPL, 'chart', 8), null, ids());
    expect(paneId).toBe('trading-chart');
    expect(pane(data, paneId).options).toMatchObject({ kType: 8 });
  });

  it('adds a pane of the kind when the layout has none', () => {
    const { data, paneId } = ops.goTo(
      defaultWorkspace(),
      command(AAPL, 'company'),
      'trading-chart',
      ids(),
    );
    expect(pane(data, paneId)).toMatchObject({ kind: 'company', link: 'red' });
    expect(data.linkSymbols.red).toEqual(AAPL);
  });

  it('adds the symbol to a quote board list once', () => {
    const symbol: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'NVDA' };
    const first = ops.goTo(defaultWorkspace(), command(symbol, 'quotes'), null, ids()).data;
    const second = ops.goTo(first, command(symbol, 'quotes'), null, ids()).data;
    expect(second.watchlists[0]?.symbols.filter((s) => s.code === 'NVDA')).toHaveLength(1);
  });
});

describe('layouts', () => {
  it('saves a copy under a new name with fresh ids, and shows it', () => {
    const result = ops.saveLayoutAs(defaultWorkspace(), ' Mine ', ids());
    if ('error' in result) throw new Error(result.error);
    const { data } = result;
    expect(data.activeLayout).toBe('Mine');
    const everyId = data.layouts.flatMap((l) => allPanes(l.root).map((p) => p.id));
    expect(new Set(everyId).size).toBe(everyId.length);
    expect(readWorkspace(toDocument(data))).toEqual(data);
  });

  it('refuses a blank name', () => {
    expect(ops.saveLayoutAs(defaultWorkspace(), '  ', ids())).toEqual({
      error: 'Give the layout a name.',
    });
  });

  it('switches and deletes, keeping the last layout', () => {
    let data = ops.switchLayout(defaultWorkspace(), 'Research');
    expect(ops.activeLayout(data)?.name).toBe('Research');
    expect(ops.switchLayout(data, 'missing')).toBe(data);
    data = ops.deleteLayout(data, 'Research');
    expect(data.activeLayout).toBe('Trading');
    expect(ops.deleteLayout(data, 'Trading')).toBe(data);
  });

  it('resets layouts, keeping watchlists', () => {
    const start = ops.updateWatchlist(defaultWorkspace(), { id: 'x', name: 'X', symbols: [] });
    const data = ops.resetLayouts(ops.deleteLayout(start, 'Research'));
    expect(data.layouts.map((l) => l.name)).toEqual(['Trading', 'Research']);
    expect(data.watchlists.map((w) => w.id)).toEqual(['default', 'x']);
  });
});
