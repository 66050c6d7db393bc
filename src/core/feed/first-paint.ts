/**
 * A new subscriber's first paint: the newest records the hub already holds (another
 * pane's group polled them), else the cache's snapshots — pushed before any request,
 * with a state that says how current they are.
 */
import type { UnixMs } from '../../shared/model';
import type { Group } from './group';
import { adapterFor } from './kinds';
import type { FeedStore, Stored } from './store';
import type { Subscription } from './subscription';

export interface FirstPaintContext {
  store: FeedStore;
  now: UnixMs;
  /** Records younger than this count as live (N stretched intervals). */
  freshMs: number;
  offline: boolean;
  offlineMessage: string;
  onError: (error: unknown) => void;
}

export function firstPaint(sub: Subscription, group: Group, ctx: FirstPaintContext): void {
  const adapter = adapterFor(group.route);
  const records = new Map<string, Stored<unknown>>();
  let allFresh = sub.codes.length > 0;
  for (const code of sub.codes) {
    const hot = group.latest.get(code);
    if (hot) records.set(code, hot);
    // A resting group's records are its closed market's last prices, however old: a
    // pane opened on it then is live (nothing more will be asked before the open, so
    // "loading" would stand all weekend).
    if (!hot || (ctx.now - hot.at > ctx.freshMs && !group.resting)) allFresh = false;
  }
  const cold = sub.codes.filter((c) => !records.has(c));
  if (cold.length > 0) {
    try {
      for (const [code, s] of adapter.load(ctx.store, group.route, cold)) records.set(code, s);
    } catch (error) {
      // An unreadable cache only costs the first paint; live data follows.
      ctx.onError(error);
    }
  }
  // Not all fresh: the records are of an earlier time (the cache's, or held long).
  sub.deliver(adapter, records, { offline: ctx.offline, cached: ctx.offline || !allFresh });
  if (sub.state !== null) return;
  if (ctx.offline) sub.setState('offline', ctx.offlineMessage);
  else if (!allFresh) sub.setState('loading');
  else {
    sub.liveAt = ctx.now;
    sub.setState('live');
  }
}
