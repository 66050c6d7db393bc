/**
 * How prices arrive, for the health model (`DataHealth.stream`): the states of the
 * hub's stream clients — one per asset class — read as one, worst first: a refused
 * token, then a stream reconnecting, then one connecting; otherwise streaming, naming
 * the symbols left to REST by the plan's limits (subscriptions on a connection, and
 * connections: a class left without one is polled whole). Pure: the hub feeds it what it holds.
 */
import { STREAM_PLAN_LIMITS } from '../../shared/api/stream';
import { planFittingSubscriptions, type PlanName, type StreamHealth } from '../../shared/model';
import type { StreamState } from '../stream';

/** One class's stream as the hub holds it. */
export interface ClassStream {
  state: StreamState;
  /** Symbols the hub wants streamed on it. */
  wanted: number;
  /** Of those, acknowledged on a streaming connection. */
  subscribed: number;
  /** Of those, left out by the limit (or refused as over it). */
  overflow: number;
  /**
   * Not connected at all: the plan's stream connections are taken by more visible
   * classes, and every symbol of this one is polled. The words say so.
   */
  parked?: string;
}

/**
 * The stream's health: `on` false when streaming is off (Settings, or no stream at
 * all); `tokenRefused` when the service refused the token (REST or stream), which
 * stops every stream.
 */
export function streamHealth(
  on: boolean,
  tokenRefused: boolean,
  classes: readonly ClassStream[],
): StreamHealth {
  let wanted = 0;
  let streamed = 0;
  let overflow = 0;
  let refused: string | null = null;
  let reconnect: { at: number; message: string } | null = null;
  let connecting = false;
  let overLimit: string | null = null;
  for (const c of classes) {
    wanted += c.wanted;
    if (c.wanted === 0) continue;
    if (c.parked !== undefined) {
      overflow += c.wanted;
      overLimit ??= c.parked;
      continue;
    }
    const s = c.state;
    switch (s.kind) {
      case 'refused':
        refused ??= s.message;
        break;
      case 'reconnecting':
        if (reconnect === null || s.nextAttemptAt < reconnect.at) {
          reconnect = { at: s.nextAttemptAt, message: s.message };
        }
        break;
      case 'streaming':
      case 'over-limit':
        streamed += c.subscribed;
        overflow += c.overflow;
        if (s.kind === 'over-limit') overLimit ??= s.message;
        break;
      case 'idle':
      case 'connecting':
        connecting = true;
        break;
      case 'disposed':
        break;
    }
  }
  const health = (
    state: StreamHealth['state'],
    reason: StreamHealth['reason'],
    message: string | null = null,
    nextAttemptAt: number | null = null,
  ): StreamHealth => ({
    state,
    reason,
    streamed: state === 'polling' ? 0 : streamed,
    polled: state === 'polling' ? wanted : wanted - streamed,
    nextAttemptAt,
    message,
  });
  if (!on) return health('polling', 'off');
  if (tokenRefused || refused !== null) return health('polling', 'refused', refused);
  if (reconnect !== null) return health('reconnecting', 'down', reconnect.message, reconnect.at);
  if (connecting) return health('connecting', null);
  if (wanted === 0) return health('idle', null);
  if (streamed === 0) return health('polling', 'over-limit', overLimit);
  return health('streaming', overflow > 0 ? 'over-limit' : null, overLimit);
}

/** The count at which the service refused subscriptions below what `plan` allows; else null. */
function refusedBelowPlan(state: StreamState, plan: PlanName): number | null {
  if (state.kind !== 'over-limit') return null;
  return state.subscribed < STREAM_PLAN_LIMITS[plan].subscriptions ? state.subscribed : null;
}

/**
 * A subscription refused as over the limit below what the plan set allows says which
 * plan the token seems to be on (or that another program streams with it).
 */
export function withPlanHint(state: StreamState, plan: PlanName): StreamState {
  const subscribed = refusedBelowPlan(state, plan);
  if (subscribed === null || state.kind !== 'over-limit') return state;
  const fits = planFittingSubscriptions(subscribed);
  const seems = fits
    ? `the token seems to be on the ${fits} plan (${STREAM_PLAN_LIMITS[fits].subscriptions} subscriptions), or another program streams with it; switch to its plan`
    : 'another program seems to stream with the same token';
  return {
    ...state,
    message: `${state.message} — after ${subscribed}, fewer than the ${plan} plan's ${STREAM_PLAN_LIMITS[plan].subscriptions}: ${seems}.`,
  };
}

/**
 * The plan the streams' refusals point to (the smallest, when classes disagree); null
 * when no class was refused below the plan set.
 */
export function streamSuggestedPlan(
  states: Iterable<StreamState>,
  plan: PlanName,
): PlanName | null {
  let least: number | null = null;
  for (const state of states) {
    const subscribed = refusedBelowPlan(state, plan);
    if (subscribed !== null && (least === null || subscribed < least)) least = subscribed;
  }
  return least === null ? null : planFittingSubscriptions(least);
}
