/**
 * What a window shows: the whole workspace, or one popped-out pane. A pop-out's
 * address names its pane in the query, `?pane=<id>`, in Electron and in the browser
 * host alike (shared/host-wire's `popOutAddress`).
 */
import { popOutPaneOf } from '../../../shared/host-wire';

export interface Route {
  /** The pane a pop-out window shows; null for the main window. */
  paneId: string | null;
}

export function readRoute(location: { search: string }): Route {
  return { paneId: popOutPaneOf(location.search) };
}
