/**
 * The hub's request budget from its groups: what each lane's active groups cost per
 * tick at the plan's codes-per-request, and what the streamed charts' bar closes cost,
 * planned against the background share of the requests per minute (see pacing.ts for
 * the stretch rule).
 */
import type { BudgetStatus, Plan } from '../../shared/model';
import { KTYPES } from '../../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../api';
import { codeCount, type Group } from './group';
import { planBudget, type LaneDemand } from './pacing';
import { requestsPerPoll, type LaneId } from './routes';

/**
 * The budget of the active groups. `wantedMs` gives a lane's interval before
 * stretching; `requestsPerMinute` null means the plan's default.
 */
export function groupsBudget(
  groups: Iterable<Group>,
  plan: Plan,
  requestsPerMinute: number | null,
  wantedMs: (lane: LaneId) => number,
  share: number,
): BudgetStatus {
  const perLane = new Map<LaneId, number>();
  const demands: LaneDemand[] = [];
  for (const g of groups) {
    // A streamed chart asks once a bar closes, shown or not polled otherwise.
    if (g.route.kind === 'candles' && g.viewers > 0 && g.streamed.size > 0) {
      const closes = Math.ceil(g.streamed.size / plan.maxCodes);
      demands.push({ wantedMs: KTYPES[g.route.kType].ms, requestsPerTick: closes, fixed: true });
    }
    if (!g.active) continue;
    const n = requestsPerPoll(g.route, codeCount(g), plan.maxCodes);
    perLane.set(g.lane, (perLane.get(g.lane) ?? 0) + n);
  }
  for (const [id, n] of perLane) demands.push({ wantedMs: wantedMs(id), requestsPerTick: n });
  const rpm = requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[plan.name];
  return planBudget(demands, rpm, share);
}
