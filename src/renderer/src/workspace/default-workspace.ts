/**
 * The workspace a first start opens: a watchlist mixing asset classes (crypto
 * included, so something moves at any hour of the week), a chart and a depth ladder
 * linked to the board, and the news; plus a research preset with a company card and
 * a crypto tick tape. Forex is left out of the board: the API has no forex quotes.
 */
import { split, tabs } from './layout-tree';
import type { Layout } from './layout-tree';
import type { PaneConfig, SymbolRef, Watchlist } from './pane-contract';
import { DEFAULT_WATCHLIST_ID, PANE_KIND_TABLE } from './pane-kinds';
import type { WorkspaceData } from './workspace-document';

const sym = (cls: SymbolRef['class'], region: string, code: string): SymbolRef => ({
  class: cls,
  region,
  exchange: '',
  code,
});

export const DEFAULT_WATCHLIST: Watchlist = {
  id: DEFAULT_WATCHLIST_ID,
  name: 'Watchlist',
  symbols: [
    sym('crypto', 'BA', 'BTCUSDT'),
    sym('crypto', 'BA', 'ETHUSDT'),
    sym('stock', 'US', 'AAPL'),
    sym('stock', 'US', 'MSFT'),
    sym('stock', 'US', 'TSLA'),
    sym('stock', 'HK', '700'),
    sym('stock', 'HK', '9988'),
    sym('future', 'US', 'NQ'),
    sym('fund', 'US', 'SPY'),
    sym('indices', 'GB', 'FTSE'),
  ],
};

const BTC = sym('crypto', 'BA', 'BTCUSDT');
const AAPL = sym('stock', 'US', 'AAPL');

export const DEFAULT_LAYOUT_NAME = 'Trading';

function tradingLayout(): Layout {
  const quotes: PaneConfig<'quotes'> = {
    id: 'trading-quotes',
    kind: 'quotes',
    title: 'Watchlist',
    link: 'red',
    symbol: BTC,
    options: PANE_KIND_TABLE.quotes.defaultOptions(),
  };
  const news: PaneConfig<'news'> = {
    id: 'trading-news',
    kind: 'news',
    title: 'News',
    link: null,
    symbol: null,
    options: PANE_KIND_TABLE.news.defaultOptions(),
  };
  const chart: PaneConfig<'chart'> = {
    id: 'trading-chart',
    kind: 'chart',
    title: 'Chart',
    link: 'red',
    symbol: BTC,
    options: PANE_KIND_TABLE.chart.defaultOptions(),
  };
  const depth: PaneConfig<'depth'> = {
    id: 'trading-depth',
    kind: 'depth',
    title: 'Depth',
    link: 'red',
    symbol: BTC,
    options: PANE_KIND_TABLE.depth.defaultOptions(),
  };
  return {
    name: DEFAULT_LAYOUT_NAME,
    root: split(
      'trading-s1',
      'row',
      // Board and news ~47% (the board's columns readable at 1600 px), chart ~34%,
      // depth ~20% of the width.
      0.47,
      split('trading-s2', 'column', 0.5, tabs('trading-t1', [quotes]), tabs('trading-t2', [news])),
      split('trading-s3', 'row', 0.64, tabs('trading-t3', [chart]), tabs('trading-t4', [depth])),
    ),
  };
}

function researchLayout(): Layout {
  const company: PaneConfig<'company'> = {
    id: 'research-company',
    kind: 'company',
    title: 'Company',
    link: 'blue',
    symbol: AAPL,
    options: PANE_KIND_TABLE.company.defaultOptions(),
  };
  const chart: PaneConfig<'chart'> = {
    id: 'research-chart',
    kind: 'chart',
    title: 'Chart',
    link: 'blue',
    symbol: AAPL,
    options: { ...PANE_KIND_TABLE.chart.defaultOptions(), kType: 8 },
  };
  const ticks: PaneConfig<'ticks'> = {
    id: 'research-ticks',
    kind: 'ticks',
    title: 'Crypto ticks',
    link: null,
    symbol: BTC,
    // Its own three codes (a new tape has none and follows its link group's symbol).
    options: { codes: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], region: 'BA' },
  };
  return {
    name: 'Research',
    root: split(
      'research-s1',
      'row',
      0.34,
      tabs('research-t1', [company]),
      split(
        'research-s2',
        'column',
        0.62,
        tabs('research-t2', [chart]),
        tabs('research-t3', [ticks]),
      ),
    ),
  };
}

/** A fresh default workspace. */
export function defaultWorkspace(): WorkspaceData {
  return {
    layouts: [tradingLayout(), researchLayout()],
    activeLayout: DEFAULT_LAYOUT_NAME,
    watchlists: [structuredClone(DEFAULT_WATCHLIST)],
    linkSymbols: { red: BTC, blue: AAPL },
  };
}
