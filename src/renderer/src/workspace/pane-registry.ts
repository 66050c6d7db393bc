/**
 * The workspace's view of the pane registry (../panes/registry.ts, owned by the pane
 * engineer): a component, a title and default options per kind, falling back to
 * the workspace's own defaults should an entry ever be missing at run time.
 */
import type { Component } from 'svelte';
import { PANES } from '../panes/registry';
import type { PaneKind, PaneOptions, PaneProps } from './pane-contract';
import { FALLBACK_OPTIONS, PANE_TITLES } from './pane-defaults';

export interface PaneEntry<K extends PaneKind = PaneKind> {
  /** Null only if the registry lacks the kind: the shell then shows a placeholder. */
  component: Component<PaneProps> | null;
  title: string;
  defaultOptions(): PaneOptions[K];
}

export function paneEntry<K extends PaneKind>(kind: K): PaneEntry<K> {
  const entry = (PANES as Partial<typeof PANES>)[kind];
  return {
    // One kind's component takes that kind's props; PaneBody passes the matching pane.
    component: (entry?.component as Component<PaneProps> | undefined) ?? null,
    title: entry?.title ?? PANE_TITLES[kind],
    defaultOptions: () =>
      (entry?.defaultOptions() as PaneOptions[K] | undefined) ?? FALLBACK_OPTIONS[kind](),
  };
}
