/**
 * The feed plan's lines (shared/model/feed-plan.ts): for each group, whether the stream
 * carries it, how often it is polled and why that is slower than asked, or why it waits.
 * Pure: the hub hands it its groups and what its parts know.
 */
import type { FeedLine, SourceKind, UnixMs } from '../../shared/model';
import { KTYPES } from '../../shared/model';
import type { HealthHold } from '../health';
import type { Group } from './group';
import { asksLastPrices } from './market-rest';
import type { LaneId, Route } from './routes';
import { classOf } from './stream-wants';

export interface LineFacts {
  now: UnixMs;
  /** The health service's hold (offline, token refused, rate limited), or null. */
  hold: HealthHold | null;
  /** A lane's interval as the settings ask it, and after the plan's stretch. */
  wantedMs: (lane: LaneId) => number;
  effectiveMs: (lane: LaneId) => number;
  /** Why a class is polled though it would stream (the plan's connections), or null. */
  parked: (cls: string) => string | null;
  /** Who answers the polls (`sourceKind`): only the live service's are the plan's requests. */
  answeredBy: SourceKind;
}

/**
 * Whose requests a feed polled slower than asked shares with everything shown: the
 * plan's on the live service; in the demo and a replay the feed's own rate (Settings'
 * requests a minute, or the demo's), none of it the plan's.
 */
const SHARED_BUDGET: Record<SourceKind, string> = {
  live: "the plan's budget is shared by everything shown.",
  demo: "the feed's request rate is shared by everything shown (the demo's simulator answers, on this computer: none of the plan's requests are spent).",
  replay:
    "the feed's request rate is shared by everything shown (the replay answers from the recording on this computer: none of the plan's requests are spent).",
};

/** One line per group, in the registry's order. */
export function feedLines(groups: Iterable<Group>, facts: LineFacts): FeedLine[] {
  return [...groups].map((g) => lineOf(g, facts));
}

function lineOf(g: Group, facts: LineFacts): FeedLine {
  const codes = g.route.kind === 'news' ? 0 : g.held.size;
  const base = {
    what: describeRoute(g.route, [...g.held.keys()]),
    codes,
    streamedCodes: g.streamed.size,
    polledAt: g.lastSuccessAt,
  };
  const waiting = (why: string): FeedLine => ({
    ...base,
    way: 'waiting',
    everyMs: null,
    wantedMs: null,
    why,
  });
  if (g.viewers === 0) return waiting('No window shows it: nothing is asked until one does.');
  if (facts.hold) return waiting(facts.hold.message);
  if (g.resting && g.market?.basis === 'regular') {
    // Rested by the app's own sessions (market-rest.ts): only while the weekend lasts.
    return waiting(
      "Its market is closed for the weekend (the app's own exchange hours: its calendar is not known yet): its last prices are in, and nothing is asked while the weekend lasts there.",
    );
  }
  if (g.resting) {
    const open = g.market?.nextOpen ?? null;
    return waiting(
      `Its market is closed: its last prices are in, and nothing is asked until it opens${open === null ? '' : ` (${new Date(open).toISOString().slice(0, 16).replace('T', ' ')} UTC)`}.`,
    );
  }
  if (g.retryAt > facts.now && g.lastError) {
    return waiting(`${g.lastError.message} Asked again in ${seconds(g.retryAt - facts.now)}.`);
  }
  if (asksLastPrices(g)) {
    // Not a pace: "every 1 s" (or "every 81 s instead of 1 s") was said of a request asked once.
    return {
      ...base,
      way: 'once',
      everyMs: null,
      wantedMs: null,
      why: 'Its market is closed: its last prices are asked once, then nothing until it opens.',
    };
  }
  if (g.route.kind !== 'news' && g.streamed.size > 0 && g.streamed.size === g.wanted.size) {
    const why: string[] = [];
    if (g.route.kind === 'candles') {
      why.push('The forming bar is built from the stream; REST is asked once each bar closes.');
    }
    if (g.due.size > 0) why.push('REST is due one snapshot of what changed before it streamed.');
    return { ...base, way: 'streamed', everyMs: null, wantedMs: null, why: why.join(' ') || null };
  }
  const everyMs = facts.effectiveMs(g.lane);
  const wantedMs = facts.wantedMs(g.lane);
  const why: string[] = [];
  const cls = classOf(g.route);
  const parked = cls === null ? null : facts.parked(cls);
  if (parked) why.push(parked);
  else if (g.streamed.size > 0) {
    why.push(`${g.streamed.size} of ${g.wanted.size} streamed; the rest polled.`);
  }
  if (everyMs > wantedMs * 1.01) {
    why.push(
      `Every ${seconds(everyMs)} instead of ${seconds(wantedMs)}: ${SHARED_BUDGET[facts.answeredBy]}`,
    );
  }
  return { ...base, way: 'polled', everyMs, wantedMs, why: why.length ? why.join(' ') : null };
}

/** "stock quotes · US · AAPL, MSFT" */
export function describeRoute(route: Route, codes: readonly string[]): string {
  const list =
    codes.length > 6 ? `${codes.slice(0, 6).join(', ')} +${codes.length - 6}` : codes.join(', ');
  switch (route.kind) {
    case 'quotes':
      return `${route.cls} quotes · ${route.region} · ${list}`;
    case 'depth':
      return `${route.cls} order book · ${route.region} · ${list}`;
    case 'ticks':
      return `crypto ticks · ${route.region} · ${list}`;
    case 'candles':
      return `${route.cls} ${KTYPES[route.kType].label} candles · ${route.region} · ${list}`;
    case 'news':
      return `${route.market} news · ${route.lang}`;
  }
}

function seconds(ms: number): string {
  return ms >= 90_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 100) / 10} s`;
}
