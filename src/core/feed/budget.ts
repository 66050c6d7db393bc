/**
 * The hub's request budget from its groups: what each lane's active groups cost per
 * tick at the plan's codes-per-request, and what the streamed charts' bar closes cost,
 * planned against the background share of the requests per minute (see pacing.ts for
 * the stretch rule). What a group asks once — a streamed code's due snapshot, a closed
 * market's last prices — is counted apart, as requests, not as a poll every tick.
 */
import type { BudgetStatus, Plan } from '../../shared/model';
import { KTYPES } from '../../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../api';
import { codeCount, type Group } from './group';
import { asksLastPrices } from './market-rest';
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
  let oneOff = 0;
  for (const g of groups) {
    // A streamed chart asks once a bar closes, shown or not polled otherwise.
    if (g.route.kind === 'candles' && g.viewers > 0 && g.streamed.size > 0) {
      const closes = Math.ceil(g.streamed.size / plan.maxCodes);
      demands.push({ wantedMs: KTYPES[g.route.kType].ms, requestsPerTick: closes, fixed: true });
    }
    if (!g.active) continue;
    const { every, once } = pollCost(g, plan.maxCodes);
    if (every > 0) perLane.set(g.lane, (perLane.get(g.lane) ?? 0) + every);
    oneOff += once;
  }
  for (const [id, n] of perLane) demands.push({ wantedMs: wantedMs(id), requestsPerTick: n });
  // Not a clock: its interval is never read.
  demands.push({ wantedMs: Infinity, requestsPerTick: oneOff, once: true });
  const rpm = requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[plan.name];
  return planBudget(demands, rpm, share);
}

/**
 * What an active group's polls cost: `every` tick, and `once` more on top (its due
 * snapshots ride along its next poll, then leave it). A group whose every polled code is
 * due, or whose closed market awaits its last prices, rests after its next answer: its
 * whole poll is once. A due snapshot is taken by the first poll that asks it: counted
 * as a 1-second poll, it made the free plan's meter read "4/4 req/min · polling slowed
 * ×66.7" while almost nothing was spent.
 */
export function pollCost(g: Group, maxCodes: number): { every: number; once: number } {
  const all = requestsPerPoll(g.route, codeCount(g), maxCodes);
  if (asksLastPrices(g)) return { every: 0, once: all };
  const repeated = codeCount(g) - g.due.size;
  const every =
    g.route.kind !== 'news' && repeated <= 0 ? 0 : requestsPerPoll(g.route, repeated, maxCodes);
  // A streamed chart's due code is its bar's close (its first bars are the chart's history
  // page, `takeCandles`): reserved already as the closes' rate, not counted twice.
  if (g.route.kind === 'candles' && g.streamed.size > 0) return { every, once: 0 };
  return { every, once: all - every };
}
