/**
 * The feed plan (shared/model/feed-plan.ts) in the words of the status bar's popover:
 * one row per feed — streamed, polled every N s, or waiting — and the plan's limits with
 * what is used of each. Pure.
 */
import type { FeedLine, FeedPlan } from '../../../shared/model';
import type { NoRequests } from './status-text';

export interface FeedRow {
  what: string;
  /** "streamed", "every 4.7 s", "waiting". */
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
 * What the requests line says when none of the plan's requests are spent (the status
 * bar's `noRequests`): the counts then are the loopback replay service's, or of requests
 * never sent, and none is the plan's.
 */
const NO_REQUESTS: Record<NoRequests, string> = {
  replay:
    "REST: no requests to the service during a replay (it is read from the recording on this computer); none of the plan's requests are spent",
  'token-refused':
    "REST: no requests while the service refuses the token (nothing is sent with it); none of the plan's requests are spent until a new token is set",
};

export function describeFeedPlan(
  plan: FeedPlan,
  noRequests: NoRequests | null = null,
): FeedPlanText {
  const r = plan.requests;
  const s = plan.stream;
  const limit = Number.isFinite(r.limit) ? String(r.limit) : 'unlimited';
  const background = Number.isFinite(r.background) ? String(r.background) : 'all';
  return {
    heading: `How your plan (${plan.plan}) is used`,
    requests:
      noRequests !== null
        ? NO_REQUESTS[noRequests]
        : `REST ${r.lastMinute} of ${limit} in the last minute · ` +
          `the feed plans ${round(r.planned)} a minute and may use ${background}; the rest is left for what you ask`,
    stream: `Stream ${s.connections} of ${s.connectionLimit} connections · ${s.subscriptions} of ${s.subscriptionLimit} subscriptions`,
    rows: plan.lines.map(rowOf),
  };
}

function rowOf(line: FeedLine): FeedRow {
  const why = line.why ?? '';
  switch (line.way) {
    case 'streamed':
      return { what: line.what, how: 'streamed', tone: 'ok', why };
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
