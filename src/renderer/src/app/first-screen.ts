/**
 * The pane kinds the first screen shows, remembered in this origin's localStorage (as
 * the theme is) so the next start fetches their code (each kind is a chunk of its own:
 * ../panes/registry.ts) while the socket opens and the workspace is asked for, not
 * after it answers. A first start takes the default workspace's. The workspace stays
 * the source of truth: a kind guessed wrong only costs a chunk fetched early.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import { DisposableStore } from '../../../shared/emitter';
import { timeout, type Timers } from '../../../shared/timers';
import type { PaneKind } from '../workspace/pane-contract';
import { allTabs, type LayoutNode } from '../workspace/layout-tree';
import { isPaneKind } from '../workspace/pane-kinds';

const KEY = 'marketdesk.firstScreen';

/** The kinds of the panes a layout shows (each tab group's active tab), once each. */
export function shownKinds(root: LayoutNode): PaneKind[] {
  const kinds = allTabs(root).flatMap((t) => t.panes.filter((p) => p.id === t.activeId));
  return [...new Set(kinds.map((p) => p.kind))];
}

/** The kinds the last start showed; null when none are remembered (or storage is off). */
export function rememberedKinds(storage: Pick<Storage, 'getItem'> | null): PaneKind[] | null {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    return Array.isArray(saved) ? saved.filter(isPaneKind) : null;
  } catch {
    return null;
  }
}

export function rememberKinds(
  kinds: readonly PaneKind[],
  storage: Storage | null = globalThis.localStorage ?? null,
): void {
  try {
    const text = JSON.stringify(kinds);
    if (storage?.getItem(KEY) !== text) storage?.setItem(KEY, text);
  } catch {
    // Storage may be disabled: the next start then fetches the panes' code when they mount.
  }
}

/** The events that carry the light panes' data (quote board, depth, tape, news). */
const LIVE_DATA = ['quotes', 'depth', 'ticks', 'news'] as const;

/**
 * How long heavy panes wait for the first prices once the services speak (a service that
 * sends none).
 */
export const HEAVY_PANES_WAIT_MS = 1_000;

/**
 * How long they wait at most from the start, whatever the host says: the browser host
 * answers the first screen's workspace before its services run (src/host/deferred-bridge.ts),
 * so the panes can mount well before the first price can come.
 */
export const HEAVY_PANES_MAX_WAIT_MS = 5_000;

/** The events only running services send: the wait for the first prices counts from the first. */
const SERVICES_SPEAK = ['status', 'subscriptionStatus'] as const;

/**
 * Settles once the first live data has been painted (the frame after its event came),
 * or `waitMs` after the services first spoke (a `status` or a subscription's state), or
 * `maxMs` after the call, whichever is first: what heavy panes wait for at a start
 * (../panes/registry.ts, holdHeavyPanes).
 */
export function firstDataPainted(
  bridge: MarketdeskBridge,
  win: Pick<Window, 'requestAnimationFrame'> & Timers,
  waitMs = HEAVY_PANES_WAIT_MS,
  maxMs = HEAVY_PANES_MAX_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    const store = new DisposableStore();
    const done = () => {
      store.dispose();
      resolve();
    };
    store.add(timeout(win, done, maxMs));
    let spoke = false;
    for (const event of SERVICES_SPEAK) {
      store.add(
        bridge.on(event, () => {
          if (spoke) return;
          spoke = true;
          store.add(timeout(win, done, waitMs));
        }),
      );
    }
    for (const event of LIVE_DATA) {
      // After the frame that shows it: its painting is not delayed by what waits.
      const painted = () => store.add(timeout(win, done, 0));
      store.add(bridge.on(event, () => win.requestAnimationFrame(painted)));
    }
  });
}
