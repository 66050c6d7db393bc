/**
 * What a window shows: the whole workspace, or one popped-out pane. The browser
 * host opens pop-outs at `/?pane=<id>#k=<secret>`; `#pane=<id>` is accepted too.
 * Read this before the host transport takes the secret: it clears the fragment.
 */

export interface Route {
  /** The pane a pop-out window shows; null for the main window. */
  paneId: string | null;
}

const PANE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function readRoute(location: { search: string; hash: string }): Route {
  const fromSearch = new URLSearchParams(location.search).get('pane');
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('pane');
  const paneId = fromSearch ?? fromHash;
  return { paneId: paneId && PANE_ID.test(paneId) ? paneId : null };
}
