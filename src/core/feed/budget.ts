/**
 * The hub's request budget from its groups: what each lane's active groups cost per
 * tick at the plan's codes-per-request, planned against the requests per minute
 * (see pacing.ts for the stretch rule).
 */
import type { BudgetStatus, Plan } from '../../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../api';
import { codeCount, type Group } from './group';
import { planBudget } from './pacing';
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
  for (const g of groups) {
    if (!g.active) continue;
    const n = requestsPerPoll(g.route, codeCount(g), plan.maxCodes);
    perLane.set(g.lane, (perLane.get(g.lane) ?? 0) + n);
  }
  const demands = [...perLane].map(([id, n]) => ({ wantedMs: wantedMs(id), requestsPerTick: n }));
  const rpm = requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[plan.name];
  return planBudget(demands, rpm, share);
}
