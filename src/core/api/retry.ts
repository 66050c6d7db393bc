/**
 * Retry policy: bounded attempts, exponential backoff with jitter, and the service's
 * `Retry-After` honoured on 429.
 */

export interface RetryOptions {
  /** Total attempts including the first; default 3. 1 disables retries. */
  attempts?: number;
  /** Backoff before the second attempt, doubled each time; default 300 ms. */
  baseDelayMs?: number;
  /** Ceiling of one backoff; default 5 s. */
  maxDelayMs?: number;
  /** A 429 asking to wait longer than this is not retried but returned; default 60 s. */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Backoff before attempt `attempt + 1` (attempt counts from 1): "equal jitter", half
 * fixed and half random, so clients that failed together do not retry together.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return cap / 2 + random() * (cap / 2);
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Null when absent or unreadable.
 */
export function parseRetryAfter(
  header: string | null,
  wallNow: number = Date.now(),
): number | null {
  if (header === null) return null;
  const t = header.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const date = Date.parse(t);
  if (!Number.isFinite(date)) return null;
  return Math.max(0, date - wallNow);
}
