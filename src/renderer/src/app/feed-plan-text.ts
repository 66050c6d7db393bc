/**
 * The feed plan (shared/model/feed-plan.ts) in the words of the status bar's popover:
 * one row per feed — streamed, polled every N s, or waiting — and the plan's limits with
 * what is used of each. Pure.
 */
import type { FeedLine, FeedPlan } from '../../../shared/model';

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

export function describeFeedPlan(plan: FeedPlan): FeedPlanText {
  const r = plan.requests;
  const s = plan.stream;
  const limit = Number.isFinite(r.limit) ? String(r.limit) : 'unlimited';
  const background = Number.isFinite(r.background) ? String(r.background) : 'all';
  return {
    heading: `How your plan (${plan.plan}) is used`,
    requests:
      `REST ${r.lastMinute} of ${limit} in the last minute · ` +
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
