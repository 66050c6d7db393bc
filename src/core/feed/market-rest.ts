/**
 * Resting while a market is closed: once a closed market's last prices are in (a poll
 * that succeeded after its last session ended), its groups stop polling and leave the
 * stream until it opens again, so the plan's requests and stream subscriptions go to
 * the markets that trade. Only a state the app can vouch for rests a group: the
 * service's calendar (fetched or stored), or the app's own for crypto, forex and
 * futures. A stock market's own sessions (basis `regular`, while the service's calendar
 * is not known) rest it on a weekend day of a region whose calendar the app has, and
 * only then: no calendar has a session on a Saturday or a Sunday (holidays only take
 * sessions away), whereas a weekday night or a holiday the app's table may not know
 * waits for the service's calendar. Pre- and post-market count as trading. Pure rules
 * over a group; the hub applies them.
 */
import { stockCalendar } from '../../shared/calendar';
import type { Event } from '../../shared/emitter';
import {
  isTradingPhase,
  type AssetClass,
  type MarketStateView,
  type UnixMs,
} from '../../shared/model';
import { refreshActive, type Group } from './group';
import type { Route } from './routes';
import type { Stored } from './store';

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
  if (view === null || view.phase === null || isTradingPhase(view.phase)) return false;
  if (view.basis !== 'regular') return true;
  // The app's own sessions: a weekend, in a region whose calendar it has (another's
  // regular sessions are a guess, in UTC).
  return view.phase === 'weekend' && stockCalendar(view.region) !== null;
}

/**
 * Takes a market's state into its group at `now`: a market seen closed is marked closed
 * since its last session ended where the state says when (`lastClose`), else from now
 * (`closedSince`), and the group rests once a poll succeeded since — a poll made on a
 * Sunday morning has Friday's last prices, and a calendar come later asks nothing again;
 * an open market wakes it. Returns true when the group's resting changed (its clock and
 * stream want a look). `sinceSeen`: the state's `lastClose` is on another clock than
 * `now`'s (a replay's states are its replayed time's, the polls the wall clock's), so the
 * market is closed since now and rests after a poll made from now.
 */
export function applyMarket(
  g: Group,
  view: MarketStateView | null,
  now: UnixMs,
  options: { sinceSeen?: boolean } = {},
): boolean {
  g.market = view;
  if (!restsOn(view)) g.closedSince = null;
  else if (options.sinceSeen) g.closedSince ??= now;
  else g.closedSince ??= Math.min(now, view?.lastClose ?? now);
  return updateResting(g);
}

/**
 * A closed market's new group, asked nothing yet, takes its cached records for its last
 * prices when every code has one fetched since the market's last session ended (a start
 * on the Sunday after one on the Saturday, a pane closed and opened again): it rests at
 * once and asks nothing until the open. `cached` reads the current source's cache.
 * Returns true when it rests so.
 */
export function restOnCached(
  g: Group,
  cached: (codes: readonly string[]) => ReadonlyMap<string, Stored<unknown>>,
): boolean {
  const since = g.closedSince;
  if (since === null || g.lastSuccessAt !== null || g.route.kind === 'news') return false;
  const codes = [...g.wanted.keys()];
  if (codes.length === 0) return false;
  const records = cached(codes);
  let oldest = Infinity;
  for (const code of codes) {
    const at = records.get(code)?.at;
    if (at === undefined || at < since) return false;
    oldest = Math.min(oldest, at);
  }
  for (const code of codes) g.latest.set(code, records.get(code)!);
  g.lastSuccessAt = oldest;
  return updateResting(g);
}

/**
 * A pane joined `g` with `codes`: when `g` rests and holds no last prices of one of them
 * (a pane on another symbol of the closed market), it wakes for one poll — else that
 * pane would wait for the open with nothing. Returns true when it woke.
 */
export function wakeForCodes(g: Group, codes: readonly string[]): boolean {
  if (!g.resting || codes.every((c) => g.latest.has(c))) return false;
  g.unanswered = true;
  return updateResting(g);
}

/**
 * A successful poll of `g` answered every code it wants (a record, or "no such
 * product"): a woken closed market may rest again. A poll sent before the new codes
 * joined does not count.
 */
export function takeAnswer(g: Group, missing: readonly string[]): void {
  if (!g.unanswered) return;
  for (const c of g.wanted.keys()) if (!g.latest.has(c) && !missing.includes(c)) return;
  g.unanswered = false;
}

/**
 * `g`'s market is closed and its next successful poll is its last until the open (its
 * last prices, or a woken pane's symbol): what it asks is asked once, not a rate.
 */
export function asksLastPrices(g: Group): boolean {
  return g.closedSince !== null && !g.resting;
}

/** Re-reads whether `g` rests (after a poll's success); true when that changed. */
export function updateResting(g: Group): boolean {
  const resting =
    g.closedSince !== null &&
    g.lastSuccessAt !== null &&
    g.lastSuccessAt >= g.closedSince &&
    !g.unanswered;
  if (resting === g.resting) return false;
  g.resting = resting;
  refreshActive(g);
  return true;
}
