/**
 * A clock set for end-to-end specs: `MARKETDESK_TEST_CLOCK=<ISO time>` makes the host's
 * services read the time from that instant on (it runs at the real pace), so they agree
 * with a simulator started with `--clock` at the same instant — a holiday, a lunch break,
 * a weekend. Only the services' `now` moves; timers keep their real durations. Test
 * only: the host says so on its log when it is set.
 */
import type { UnixMs } from '../shared/model';

export const TEST_CLOCK_ENV = 'MARKETDESK_TEST_CLOCK';

/**
 * The clock `env` sets, or null when it sets none.
 * @throws Error when the variable is not an ISO time.
 */
export function testClock(
  env: Readonly<Record<string, string | undefined>>,
  real: () => UnixMs = Date.now,
): (() => UnixMs) | null {
  const raw = env[TEST_CLOCK_ENV]?.trim();
  if (!raw) return null;
  const at = Date.parse(raw);
  if (!Number.isFinite(at)) {
    throw new Error(
      `${TEST_CLOCK_ENV} must be an ISO time such as 2026-11-26T15:00:00Z, got "${raw}"`,
    );
  }
  const offset = at - real();
  return () => real() + offset;
}
