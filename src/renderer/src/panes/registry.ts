/**
 * The component of every pane kind. The rest of a kind (its options, title,
 * defaults and the repair of saved options) is in ../workspace/pane-kinds.ts,
 * which imports no component. A missing kind, or a component taking another
 * kind's props, fails to compile.
 */
import type { Component } from 'svelte';
import type { PaneKind, PaneProps } from '../workspace/pane-contract';
import AlertsPane from './AlertsPane.svelte';
import Chart from './Chart.svelte';
import CompanyCard from './CompanyCard.svelte';
import DepthLadder from './DepthLadder.svelte';
import NewsFeed from './NewsFeed.svelte';
import QuoteBoard from './QuoteBoard.svelte';
import TickTape from './TickTape.svelte';

type PaneComponents = { readonly [K in PaneKind]: Component<PaneProps<K>> };

const PANE_COMPONENTS = {
  quotes: QuoteBoard,
  depth: DepthLadder,
  chart: Chart,
  ticks: TickTape,
  company: CompanyCard,
  news: NewsFeed,
  alerts: AlertsPane,
} satisfies PaneComponents;

/** The component that shows panes of `kind`. */
export function paneComponent<K extends PaneKind>(kind: K): Component<PaneProps<K>> {
  const components: PaneComponents = PANE_COMPONENTS;
  return components[kind];
}
