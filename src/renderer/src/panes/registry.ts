/**
 * Every pane kind: its component, default title and default options. The
 * workspace builds panes from this table; a missing kind fails to compile.
 */
import type { Component } from 'svelte';
import type { PaneKind, PaneOptions, PaneProps } from '../workspace/pane-contract';
import Chart from './Chart.svelte';
import CompanyCard from './CompanyCard.svelte';
import DepthLadder from './DepthLadder.svelte';
import NewsFeed from './NewsFeed.svelte';
import QuoteBoard from './QuoteBoard.svelte';
import TickTape from './TickTape.svelte';

/** One pane kind as the workspace sees it. */
export interface PaneDefinition<K extends PaneKind> {
  component: Component<PaneProps<K>>;
  title: string;
  /** Fresh options for a new pane (a new object each call). */
  defaultOptions(): PaneOptions[K];
}

export const PANES: { [K in PaneKind]: PaneDefinition<K> } = {
  quotes: {
    component: QuoteBoard,
    title: 'Quotes',
    defaultOptions: () => ({ watchlistId: '' }),
  },
  depth: {
    component: DepthLadder,
    title: 'Depth',
    defaultOptions: () => ({ grouping: 1 }),
  },
  chart: {
    component: Chart,
    title: 'Chart',
    defaultOptions: () => ({ kType: 1, overlays: { sma: [], ema: [], bollinger: false } }),
  },
  ticks: {
    component: TickTape,
    title: 'Tick tape',
    defaultOptions: () => ({ codes: [], region: 'BA' }),
  },
  company: {
    component: CompanyCard,
    title: 'Company',
    defaultOptions: () => ({}),
  },
  news: {
    component: NewsFeed,
    title: 'News',
    defaultOptions: () => ({ market: 'stock', lang: 'en' }),
  },
};
