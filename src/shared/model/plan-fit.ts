/**
 * Which plan the service's refusals point to. The client never sends more than the
 * chosen plan allows, so a 429, or a subscription refused as over the limit, below that
 * plan's limits means the token is on a smaller plan (or another program spends the
 * same token). These name the largest plan that the refusal fits, for the notice and
 * for the status bar's one-click switch.
 */
import { STREAM_PLAN_LIMITS } from '../api/stream';
import { PLANS, PLAN_LIMITS, type PlanName } from './market';

/**
 * The largest plan whose minute holds fewer requests than the `sent` that met a 429;
 * null when none does (every plan allows that many: another program uses the token).
 */
export function planFittingRequests(sent: number): PlanName | null {
  return PLANS.filter((p) => PLAN_LIMITS[p].requestsPerMinute < sent).at(-1) ?? null;
}

/**
 * The largest plan whose stream limit is the `subscribed` count at which the service
 * refused more (or below it); null when none is.
 */
export function planFittingSubscriptions(subscribed: number): PlanName | null {
  return PLANS.filter((p) => STREAM_PLAN_LIMITS[p].subscriptions <= subscribed).at(-1) ?? null;
}
