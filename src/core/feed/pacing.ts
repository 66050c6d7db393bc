/**
 * The hub's pacing rules as pure functions: how far intervals stretch to fit the
 * request budget, and how far a failing group backs off. (Offline probing is the health
 * service's: `probeDelay` in src/core/health.)
 */
import type { BudgetStatus } from '../../shared/model';

/** What one clock costs at its wanted interval. */
export interface LaneDemand {
  /** The clock's interval before stretching, in ms. */
  wantedMs: number;
  /** Requests one tick issues: Σ over its groups of ceil(codes / plan max). */
  requestsPerTick: number;
}

/**
 * The budget and its stretch factor. The hub plans for `share` of the budget (the rest
 * is left to chart history, company cards and news paging, which share the client's
 * rate limiter). When the wanted rate exceeds that, every clock's interval is
 * multiplied by the same factor `wanted / allowed`: each subscription slows by the
 * same proportion, nobody is starved, and the spend lands on the allowance.
 */
export function planBudget(
  demands: readonly LaneDemand[],
  requestsPerMinute: number,
  share: number,
): BudgetStatus {
  let wanted = 0;
  for (const d of demands) {
    if (d.requestsPerTick > 0) wanted += (d.requestsPerTick * 60_000) / d.wantedMs;
  }
  const allowed = requestsPerMinute * share;
  const stretch = Number.isFinite(allowed) && wanted > allowed ? wanted / allowed : 1;
  return {
    requestsPerMinute: Number.isFinite(allowed) ? Math.round(allowed * 10) / 10 : allowed,
    wantedPerMinute: Math.round(wanted * 10) / 10,
    stretch,
  };
}

/**
 * Delay before a group that failed `failures` times in a row (≥ 1) is asked again:
 * its interval doubled per failure, capped at max(capMs, 5 intervals) so a slow
 * clock (news) still backs off. A `Retry-After` from the service wins when longer.
 */
export function backoffDelay(
  intervalMs: number,
  failures: number,
  capMs: number,
  retryAfterMs?: number,
): number {
  const cap = Math.max(capMs, 5 * intervalMs);
  const delay = Math.min(cap, intervalMs * 2 ** Math.max(1, failures));
  return Math.max(delay, retryAfterMs ?? 0);
}
