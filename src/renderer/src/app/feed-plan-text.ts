/**
 * The feed plan (shared/model/feed-plan.ts) in the words of the status bar's popover:
 * one row per feed — streamed, polled every N s, or waiting — and the plan's limits with
 * what is used of each. Pure.
 */
import type { FeedLine, FeedPlan } from '../../../shared/model';
import type { NoRequests } from './request-meter-text';

export interface FeedRow {
  what: string;
  /** "streamed", "every 4.7 s", "asked once", "waiting". */
  how: string;
  tone: 'ok' | 'warn' | 'muted';
  why: string;
}

export interface FeedPlanText {
  heading: string;
  /** "REST 12 of 120 a minute (the feed may use 30; the rest is yours)". */
  requests: string;
  /** "Stream 1 of 3 connections · 6 of 600 subscriptions". */
  stream: string;
  rows: FeedRow[];
}

/**
 * What the popover says when none of the plan's requests are spent (the status bar's
 * `noRequests`): its heading, its requests line (the counts then are the simulator's,
 * the loopback replay service's, or of requests never sent: none is the plan's) and who
 * the stream connections go to. The demo and a replay keep the plan's other limits (its
 * codes a request, its stream connections and subscriptions), as live would.
 */
const NO_REQUESTS: Record<
  NoRequests,
  { heading: ((plan: string) => string) | null; requests: string; streamTo: string }
> = {
  demo: {
    heading: (plan) => `How the demo is fed (the ${plan} plan's stream limits kept)`,
    requests:
      "REST: no requests to the service in demo mode (the simulator built into Marketdesk answers, on this computer); none of the plan's requests are spent",
    streamTo: ', to the simulator on this computer',
  },
  replay: {
    heading: (plan) => `How the replay is fed (the ${plan} plan's stream limits kept)`,
    requests:
      "REST: no requests to the service during a replay (it is read from the recording on this computer); none of the plan's requests are spent",
    streamTo: ', to the replay on this computer',
  },
  'token-refused': {
    heading: null,
    requests:
      "REST: no requests while the service refuses the token (nothing is sent with it); none of the plan's requests are spent until a new token is set",
    streamTo: '',
  },
};

export function describeFeedPlan(
  plan: FeedPlan,
  noRequests: NoRequests | null = null,
  /** The feed's polls are held: the service cannot be reached (`pollsHeld`). */
  held = false,
): FeedPlanText {
  const r = plan.requests;
  const s = plan.stream;
  const limit = Number.isFinite(r.limit) ? String(r.limit) : 'unlimited';
  const background = Number.isFinite(r.background) ? String(r.background) : 'all';
  const none = noRequests === null ? null : NO_REQUESTS[noRequests];
  return {
    heading: none?.heading?.(plan.plan) ?? `How your plan (${plan.plan}) is used`,
    requests:
      none !== null
        ? none.requests
        : held
          ? `REST ${r.lastMinute} of ${limit} in the last minute · the feed's polls are held while the service cannot be reached (the app probes it, one request at a time, to find it back)`
          : `REST ${r.lastMinute} of ${limit} in the last minute · ` +
            `the feed plans ${round(r.planned)} a minute${oneOffWords(r.oneOff)} and may use ${background}; the rest is left for what you ask`,
    stream:
      `Stream ${s.connections} of ${s.connectionLimit} connections · ${s.subscriptions} of ${s.subscriptionLimit} subscriptions` +
      (none?.streamTo ?? ''),
    rows: plan.lines.map(rowOf),
  };
}

function rowOf(line: FeedLine): FeedRow {
  const why = line.why ?? '';
  switch (line.way) {
    case 'streamed':
      return { what: line.what, how: 'streamed', tone: 'ok', why };
    case 'once':
      return { what: line.what, how: 'asked once', tone: 'ok', why };
    case 'waiting':
      return { what: line.what, how: 'waiting', tone: 'muted', why };
    case 'polled': {
      const every = line.everyMs ?? 0;
      const slower = line.wantedMs !== null && every > line.wantedMs * 1.01;
      return { what: line.what, how: `every ${seconds(every)}`, tone: slower ? 'warn' : 'ok', why };
    }
  }
}

function seconds(ms: number): string {
  if (ms >= 90_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

function round(n: number): string {
  return n >= 10 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
}

/** " (and 3 requests asked once)": what the feed asks once, apart from its rate. */
export function oneOffWords(n: number): string {
  if (n <= 0) return '';
  return ` (and ${n} ${n === 1 ? 'request' : 'requests'} asked once: a closed market's last prices, a newly streamed symbol's snapshot)`;
}
