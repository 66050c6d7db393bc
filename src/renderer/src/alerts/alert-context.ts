/**
 * The window's one `AlertList`, given to every pane through Svelte context: the shell
 * makes it (the app model loads it once and keeps it by the `alerts` event) and sets it
 * above the layout; a pane that shows alerts (the alerts pane, a chart's lines) reads
 * it, rather than making its own and fetching every alert again.
 */
import { createContext } from 'svelte';
import type { AlertList } from './alert-list.svelte';

/**
 * `setAlerts(list)` gives the list to the components below the caller (the shell, once
 * per window); `getAlerts()` reads it, and throws outside a window that set it.
 */
export const [getAlerts, setAlerts] = createContext<AlertList>();
