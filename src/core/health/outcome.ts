/**
 * What one request's outcome says about the health of the data: the vocabulary every
 * caller records in (`HealthService.record`), and the one classification of failures
 * into it — so the feed hub, the history service, the info path and the symbol checker
 * cannot disagree about what a 401, a 429 or a refused connection means.
 */
import type { BatchResult } from '../api';
import { isOfflineError, type OfflinePredicate } from '../cache/sources';
import { errorMessage } from '../../shared/errors';

/**
 * - `success`: the service answered with data.
 * - `unknown-symbol`: it answered that no such product exists (E001). The request
 *   worked: for health this is as good as data (the pane says "unknown").
 * - `unreachable`: no answer at all (refused, DNS, reset, timeout).
 * - `token-rejected`: 401/403 or E002.
 * - `rate-limited`: 429; `retryAfterMs` from `Retry-After` when it said.
 * - `not-in-plan`: code 0 with no data: the plan does not cover that market.
 * - `failed`: any other refusal (5xx, an unreadable or too large answer, another 4xx).
 */
export type OutcomeKind =
  | 'success'
  | 'unknown-symbol'
  | 'unreachable'
  | 'token-rejected'
  | 'rate-limited'
  | 'not-in-plan'
  | 'failed';

/** One request's outcome, with the message a user can act on for failures. */
export type Outcome =
  | { kind: 'success' }
  | { kind: 'rate-limited'; message: string; retryAfterMs?: number }
  | { kind: Exclude<OutcomeKind, 'success' | 'rate-limited'>; message: string };

/** The outcome of a request that got its data. */
export const SUCCESS: Outcome = Object.freeze({ kind: 'success' });

/** True for outcomes that are not a failing request (data, or a definite "no such symbol"). */
export function isGood(kind: OutcomeKind): boolean {
  return kind === 'success' || kind === 'unknown-symbol';
}

/** The `kind` of an ApiError-shaped value, else undefined (duck-typed: tests and sources throw look-alikes). */
function kindOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : undefined;
}

function isCancelled(error: unknown): boolean {
  if (kindOf(error) === 'aborted') return true;
  return typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';
}

/**
 * What a failure means for health; null for a cancelled request (the caller gave up:
 * that says nothing about the service). `isOffline` decides which failures mean "no
 * answer" (default: network and timeout errors, socket error codes).
 */
export function classify(
  error: unknown,
  isOffline: OfflinePredicate = isOfflineError,
): Outcome | null {
  if (isCancelled(error)) return null;
  const message = errorMessage(error);
  if (isOffline(error)) return { kind: 'unreachable', message };
  switch (kindOf(error)) {
    case 'auth':
      return { kind: 'token-rejected', message };
    case 'rate-limited': {
      const after = (error as { retryAfterMs?: unknown }).retryAfterMs;
      return typeof after === 'number' && Number.isFinite(after)
        ? { kind: 'rate-limited', message, retryAfterMs: after }
        : { kind: 'rate-limited', message };
    }
    case 'not-entitled':
      return { kind: 'not-in-plan', message };
    // ApiError's "no such product" (E001), as the client reports it.
    case 'unknown-symbol':
      return { kind: 'unknown-symbol', message };
    // An answer past the client's size limit: something answered (never "offline"),
    // but nothing usable came of it — a failing request, the status bar's DEGRADED.
    case 'too-large':
      return { kind: 'failed', message };
    default:
      return { kind: 'failed', message };
  }
}

/** The outcome of a `Result`-shaped answer (`{ ok: true, … }` or `{ ok: false, error }`). */
export function outcomeOf(result: { ok: true } | { ok: false; error: unknown }): Outcome | null {
  return result.ok ? SUCCESS : classify(result.error);
}

/** Higher wins when one batch holds several failures. */
const SEVERITY: Record<OutcomeKind, number> = {
  success: 0,
  'unknown-symbol': 0,
  'not-in-plan': 1,
  failed: 2,
  unreachable: 3,
  'rate-limited': 4,
  'token-rejected': 5,
};

/**
 * The outcome of a batch call that resolved (some chunk was read). A chunk that failed
 * as a whole (401, 429, 5xx) is a failing request; a code that is merely missing, not
 * in the plan or unreadable is the pane's matter (it shows that code's state), not the
 * service's health. A chunk that could not reach the service while others did is a
 * failure of that request, not an outage.
 */
export function batchOutcome(batch: BatchResult<unknown>): Outcome {
  let worst: Outcome = SUCCESS;
  for (const error of new Set(Object.values(batch.failed))) {
    // A record the client could not read names its code; a chunk's failure does not.
    if (error.kind === 'schema' && error.symbol !== undefined) continue;
    let outcome = classify(error);
    if (outcome === null || outcome.kind === 'not-in-plan' || isGood(outcome.kind)) continue;
    if (outcome.kind === 'unreachable') outcome = { kind: 'failed', message: outcome.message };
    if (SEVERITY[outcome.kind] > SEVERITY[worst.kind]) worst = outcome;
  }
  return worst;
}
