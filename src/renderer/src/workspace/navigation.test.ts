import { describe, expect, it } from 'vitest';
import type { LinkGroup, PaneConfig, PaneKind, SymbolRef } from './pane-contract';
import { chooseTarget, nextLink, sameSymbol, showsOneSymbol, symbolOf } from './navigation';

const p = (id: string, kind: PaneKind, link: LinkGroup = null): PaneConfig =>
  ({ id, kind, title: id, link, symbol: null, options: {} }) as PaneConfig;
const AAPL: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const BTC: SymbolRef = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };

describe('chooseTarget', () => {
  const panes = [
    p('q', 'quotes', 'red'),
    p('c1', 'chart', 'blue'),
    p('c2', 'chart', 'red'),
    p('n', 'news'),
  ];

  it('uses the focused pane when no kind is asked', () => {
    expect(chooseTarget(panes, panes[3] ?? null, null)?.id).toBe('n');
    expect(chooseTarget(panes, null, null)?.id).toBe('q');
  });

  it('prefers the focused pane, then its link group, then the first of the kind', () => {
    expect(chooseTarget(panes, panes[1] ?? null, 'chart')?.id).toBe('c1');
    expect(chooseTarget(panes, panes[0] ?? null, 'chart')?.id).toBe('c2');
    expect(chooseTarget(panes, panes[3] ?? null, 'chart')?.id).toBe('c1');
  });

  it('answers null when a pane must be added', () => {
    expect(chooseTarget(panes, null, 'depth')).toBeNull();
    expect(chooseTarget([], null, null)).toBeNull();
  });
});

describe('linking', () => {
  it('shows the group symbol when linked, the own one otherwise', () => {
    const linked = { ...p('a', 'chart', 'red'), symbol: AAPL };
    expect(symbolOf(linked, { red: BTC })).toEqual(BTC);
    expect(symbolOf(linked, {})).toEqual(AAPL);
    expect(symbolOf({ ...linked, link: null }, { red: BTC })).toEqual(AAPL);
  });

  it('cycles the link chip through every group and back', () => {
    const seen: LinkGroup[] = [];
    let link: LinkGroup = null;
    for (let i = 0; i < 5; i++) seen.push((link = nextLink(link)));
    expect(seen).toEqual(['red', 'green', 'blue', 'yellow', null]);
  });

  it('compares symbols by value', () => {
    expect(sameSymbol(AAPL, { ...AAPL })).toBe(true);
    expect(sameSymbol(AAPL, BTC)).toBe(false);
    expect(sameSymbol(null, AAPL)).toBe(false);
  });
});

describe('showsOneSymbol', () => {
  it('names a symbol beside the title of depth, chart and company panes only', () => {
    const kinds: PaneKind[] = ['quotes', 'depth', 'chart', 'ticks', 'company', 'news', 'alerts'];
    expect(kinds.filter(showsOneSymbol)).toEqual(['depth', 'chart', 'company']);
  });
});
