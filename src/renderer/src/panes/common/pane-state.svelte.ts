/**
 * How a pane's props reach its state class: the one idiom of every pane.
 *
 * A state class is plain (tested without a component, beside it): built once from
 * what never changes (the bridge, the reconnect signal), given what does change
 * through one setter (`setSeries`, `setFilter`, `setSymbol`…), disposed with the pane.
 * A component wires it with two calls:
 *
 *     const chart = paneState(() => new ChartState(ctx.bridge, ctx.onReconnect));
 *     follow(() => series, seriesIdOf, (s) => chart.setSeries(s));
 *
 * `follow` reads the props in `input` (tracked) and calls the setter only when the
 * input's `key` changes (a new symbol object naming the same instrument reloads
 * nothing), with a plain copy (it may cross the bridge) and untracked: what the state
 * class reads while it loads never runs it again. The components need no `untrack`.
 */
import { untrack } from 'svelte';
import type { Disposable } from '../../../../shared/emitter';

/** Builds a pane's state class once, from the props' first values; disposed with the pane. */
export function paneState<S extends Disposable>(create: () => S): S {
  const state = untrack(create);
  $effect(() => () => state.dispose());
  return state;
}

/** Calls `apply` with a plain copy of `input()` now, and each time its `key` changes. */
export function follow<T>(
  input: () => T,
  key: (value: T) => string,
  apply: (value: T) => void,
): void {
  const current = $derived(key(input()));
  $effect(() => {
    void current;
    untrack(() => apply($state.snapshot(input()) as T));
  });
}
