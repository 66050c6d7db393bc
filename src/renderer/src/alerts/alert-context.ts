/**
 * The window's one `AlertList`, given to every pane through Svelte context: the shell
 * makes it (the app model loads it once and keeps it by the `alerts` event) and sets it
 * above the layout; a pane that shows alerts (the alerts pane, a chart's lines) reads
 * it, rather than making its own and fetching every alert again.
 */
import { getContext, setContext } from 'svelte';
import type { AlertList } from './alert-list.svelte';

const KEY = Symbol('marketdesk-alerts');

/** Gives `list` to the components below the caller (the shell, once per window). */
export function setAlerts(list: AlertList): void {
  setContext(KEY, list);
}

/** The window's alerts; throws outside a shell (or a mount given `alertsContext`). */
export function getAlerts(): AlertList {
  const list = getContext<AlertList | undefined>(KEY);
  if (!list) throw new Error('Marketdesk: getAlerts() outside a window that set its alerts');
  return list;
}

/** The context to mount a pane with outside the shell (a benchmark's page, a test). */
export function alertsContext(list: AlertList): Map<symbol, AlertList> {
  return new Map([[KEY, list]]);
}
