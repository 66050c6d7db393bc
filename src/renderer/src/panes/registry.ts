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
import { lazyModule, type LazyModule } from '../base/lazy/lazy-module';

type PaneComponents = { readonly [K in PaneKind]: LazyModule<Component<PaneProps<K>>> };

const PANE_COMPONENTS = {
  quotes: lazyModule(() => import('./QuoteBoard.svelte')),
  depth: lazyModule(() => import('./DepthLadder.svelte')),
  chart: lazyModule(() => import('./Chart.svelte')),
  ticks: lazyModule(() => import('./TickTape.svelte')),
  company: lazyModule(() => import('./CompanyCard.svelte')),
  news: lazyModule(() => import('./NewsFeed.svelte')),
  alerts: lazyModule(() => import('./AlertsPane.svelte')),
  events: lazyModule(() => import('./EventsPane.svelte')),
  heatmap: lazyModule(() => import('./Heatmap.svelte')),
} satisfies PaneComponents;

/**
 * The component that shows panes of `kind`: itself once loaded, else the promise of it
 * (loading starts on the first ask).
 */
export function paneComponent<K extends PaneKind>(
  kind: K,
): Component<PaneProps<K>> | Promise<Component<PaneProps<K>>> {
  const components: PaneComponents = PANE_COMPONENTS;
  const module = components[kind];
  return HEAVY.has(kind) && !module.loaded ? heavyGate.then(() => module.get()) : module.get();
}

/** Kinds whose code is heavy (the chart: lightweight-charts and the studies; the heatmap's GPU drawing). */
const HEAVY: ReadonlySet<PaneKind> = new Set(['chart', 'heatmap']);

/** Whether `kind` is one of the light kinds, which never wait (see holdHeavyPanes). */
export const isLightKind = (kind: PaneKind): boolean => !HEAVY.has(kind);

let heavyGate: Promise<void> = Promise.resolve();

/**
 * Heavy kinds load once `gate` settles (a start passes "the first prices painted, or a
 * moment"): their code, their first requests and their first drawing would otherwise
 * run while the first screen's prices are on their way, and delay them.
 */
export function holdHeavyPanes(gate: Promise<void>): void {
  heavyGate = gate.catch(() => {});
}

/**
 * Starts fetching the code of `kinds` (the panes a start is about to show): the light
 * ones now, the heavy ones when they may load (holdHeavyPanes).
 */
export function preloadPanes(kinds: readonly PaneKind[]): void {
  const components: PaneComponents = PANE_COMPONENTS;
  for (const kind of kinds) {
    if (HEAVY.has(kind)) void heavyGate.then(() => components[kind].preload());
    else components[kind].preload();
  }
}
