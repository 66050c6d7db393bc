/**
 * The hub's pacing rules as pure functions: how far intervals stretch to fit the
 * request budget, and how far a failing group backs off. (Offline probing is the health
 * service's: `probeDelay` in src/core/health.)
 */
import type { BudgetStatus } from '../../shared/model';
import { backgroundLimit } from '../api';

/** What one clock costs at its wanted interval. */
export interface LaneDemand {
  /** The clock's interval before stretching, in ms. */
  wantedMs: number;
  /** Requests one tick issues: Σ over its groups of ceil(codes / plan max). */
  requestsPerTick: number;
  /**
   * Not a clock: requests the stream's bars cost at each close (stream-candles.ts),
   * reserved before the clocks are stretched, and never stretched themselves.
   */
  fixed?: boolean;
  /**
   * Not a clock either: requests asked once and not again (a streamed symbol's due
   * snapshot, a closed market's last prices). Counted apart (`oneOffRequests`), never a
   * rate: a snapshot counted as a poll every second once stretched the free plan's
   * clocks ×66.7 while nearly nothing was spent.
   */
  once?: boolean;
}

/**
 * Stretch never goes past this: a demand the allowance cannot meet at all (the free
 * plan's minute spent on bar closes) still refreshes, rarely, rather than never.
 */
const MAX_STRETCH = 1_000;

/**
 * The budget and its stretch factor. The hub's polls are background work: the client
 * holds them to `backgroundLimit` of the plan's minute (a quarter), leaving the rest to
 * chart history, company cards, news paging and the command line. The hub plans for
 * `share` of that (a margin for the requests a tick may add), less what the stream's
 * bar closes reserve. When the clocks want more, every clock's interval is multiplied by
 * the same factor `wanted / allowed`: each subscription slows by the same proportion,
 * nobody is starved, and the spend lands on the allowance.
 */
export function planBudget(
  demands: readonly LaneDemand[],
  requestsPerMinute: number,
  share: number,
): BudgetStatus {
  let wanted = 0;
  let fixed = 0;
  let oneOff = 0;
  for (const d of demands) {
    if (d.requestsPerTick <= 0) continue;
    if (d.once) {
      oneOff += d.requestsPerTick;
      continue;
    }
    const perMinute = (d.requestsPerTick * 60_000) / d.wantedMs;
    if (d.fixed) fixed += perMinute;
    else wanted += perMinute;
  }
  const allowed = backgroundLimit(requestsPerMinute) * share;
  const forClocks = allowed - fixed;
  const stretch =
    !Number.isFinite(allowed) || wanted <= forClocks ? 1 : stretchOf(wanted, forClocks);
  return {
    requestsPerMinute: Number.isFinite(allowed) ? Math.round(allowed * 10) / 10 : allowed,
    wantedPerMinute: Math.round((wanted + fixed) * 10) / 10,
    stretch,
    oneOffRequests: oneOff,
  };
}

function stretchOf(wanted: number, allowed: number): number {
  return allowed <= wanted / MAX_STRETCH ? MAX_STRETCH : wanted / allowed;
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
