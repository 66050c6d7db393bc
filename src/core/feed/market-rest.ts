/**
 * Resting while a market is closed: once a closed market's last prices are in (a poll
 * that succeeded after it closed), its groups stop polling and leave the stream until
 * it opens again, so the plan's requests and stream subscriptions go to the markets
 * that trade. Only a state the app can vouch for rests a group: the service's calendar
 * (fetched or stored), or the app's own for crypto, forex and futures — never a stock
 * market's regular sessions alone, which know no holidays and no pre-market. Pre- and
 * post-market count as trading. Pure rules over a group; the hub applies them.
 */
import type { Event } from '../../shared/emitter';
import {
  isTradingPhase,
  type AssetClass,
  type MarketStateView,
  type UnixMs,
} from '../../shared/model';
import { refreshActive, type Group } from './group';
import type { Route } from './routes';

/** The market states the hub reads (core/market-hours' MarketHours). */
export interface FeedMarkets {
  /** A market's state now; asking tracks it. */
  state(cls: AssetClass, region: string): MarketStateView;
  /** Told when any market's state changed. */
  readonly onChange: Event<void>;
}

/** The market a route's prices come from; null for news, which has none. */
export function marketOfRoute(route: Route): { cls: AssetClass; region: string } | null {
  switch (route.kind) {
    case 'quotes':
    case 'depth':
    case 'candles':
      return { cls: route.cls, region: route.region };
    case 'ticks':
      return { cls: 'crypto', region: route.region };
    case 'news':
      return null;
  }
}

/** True when a market's state lets its groups rest: closed (or a break) by a state the app can vouch for. */
export function restsOn(view: MarketStateView | null): boolean {
  if (view === null || view.phase === null || view.basis === 'regular') return false;
  return !isTradingPhase(view.phase);
}

/**
 * Takes a market's state into its group at `now`: a market seen closed is marked from
 * then (`closedSince`), and the group rests once a poll succeeded since; an open one
 * wakes it. Returns true when the group's resting changed (its clock and stream want a
 * look).
 */
export function applyMarket(g: Group, view: MarketStateView | null, now: UnixMs): boolean {
  g.market = view;
  if (!restsOn(view)) g.closedSince = null;
  else g.closedSince ??= now;
  return updateResting(g);
}

/** Re-reads whether `g` rests (after a poll's success); true when that changed. */
export function updateResting(g: Group): boolean {
  const resting =
    g.closedSince !== null && g.lastSuccessAt !== null && g.lastSuccessAt >= g.closedSince;
  if (resting === g.resting) return false;
  g.resting = resting;
  refreshActive(g);
  return true;
}
