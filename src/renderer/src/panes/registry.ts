/**
 * The component of every pane kind, each its own chunk loaded the first time a pane
 * of that kind is shown (lazy-module.ts): the first screen parses only its own panes'
 * code, and lightweight-charts and the studies come only with a chart. The rest of a
 * kind (its options, title, defaults and the repair of saved options) is in
 * ../workspace/pane-kinds.ts, which imports no component. A missing kind, or a
 * component taking another kind's props, fails to compile.
 */
import type { Component } from 'svelte';
import type { PaneKind, PaneProps } from '../workspace/pane-contract';
import { lazyModule, type LazyModule } from '../lazy/lazy-module';

type PaneComponents = { readonly [K in PaneKind]: LazyModule<Component<PaneProps<K>>> };

const PANE_COMPONENTS = {
  quotes: lazyModule(() => import('./QuoteBoard.svelte')),
  depth: lazyModule(() => import('./DepthLadder.svelte')),
  chart: lazyModule(() => import('./Chart.svelte')),
  ticks: lazyModule(() => import('./TickTape.svelte')),
  company: lazyModule(() => import('./CompanyCard.svelte')),
  news: lazyModule(() => import('./NewsFeed.svelte')),
  alerts: lazyModule(() => import('./AlertsPane.svelte')),
} satisfies PaneComponents;

/**
 * The component that shows panes of `kind`: itself once loaded, else the promise of it
 * (loading starts on the first ask).
 */
export function paneComponent<K extends PaneKind>(
  kind: K,
): Component<PaneProps<K>> | Promise<Component<PaneProps<K>>> {
  const components: PaneComponents = PANE_COMPONENTS;
  return components[kind].get();
}

/** Kinds whose code is heavy (the chart: lightweight-charts and the studies). */
const HEAVY: ReadonlySet<PaneKind> = new Set(['chart']);

/**
 * Starts fetching the code of `kinds` (the panes a start is about to show): the light
 * ones first, so a quote board's code is not queued behind a chart's.
 */
export function preloadPanes(kinds: readonly PaneKind[]): void {
  const components: PaneComponents = PANE_COMPONENTS;
  const ordered = [...kinds.filter((k) => !HEAVY.has(k)), ...kinds.filter((k) => HEAVY.has(k))];
  for (const kind of ordered) components[kind].preload();
}
