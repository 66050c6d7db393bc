/**
 * The history service's view of the one health service (src/core/health): candle and
 * news fetches record their outcomes there, wait out a rate limit, send nothing with a
 * refused token, and answer "offline" exactly when the status bar says so.
 */
import type { UnixMs } from '../../shared/model';
import { classify, type HealthHold, type HealthService } from '../health';
import { isOfflineError, type OfflinePredicate } from './sources';
import { errorMessage } from '../../shared/errors';

/** What a failed source call meant for its answer. */
export interface SourceFailure {
  /** The service cannot be reached (the health service is offline): the answer is the cache. */
  offline: boolean;
  /** The failure's message (redacted), for answers that are not simply "offline". */
  message: string;
}

/** Thrown by `SourceAttempt.cleared` when the request may not be sent now. */
export class SourceHeldError extends Error {
  override readonly name = 'SourceHeldError';
  constructor(readonly hold: HealthHold) {
    super(hold.message);
  }
}

/** Every history fetch is one channel of evidence: the latest one stands for all. */
const CHANNEL = 'history';

/**
 * A page the user asked for (a page back, an older news page) waits out a rate limit
 * at most this long; past it, the cache answers at once with the hold's words.
 */
export const ASKED_WAIT_MS = 5_000;

/** One fetch: its clearance, then exactly one of `succeeded` / `failed`. */
export interface SourceAttempt {
  /**
   * Resolves when the request may be sent (a rate limit in force is waited out, up to
   * `maxWaitMs`). Throws `SourceHeldError` when it may not (a refused token, a longer
   * limit), and the signal's reason on abort.
   */
  cleared(signal?: AbortSignal, maxWaitMs?: number): Promise<void>;
  succeeded(): void;
  /** Records the failure (a hold is not recorded: nothing was sent) and says what it meant. */
  failed(err: unknown): SourceFailure;
}

export class LinkState {
  constructor(
    readonly health: HealthService,
    private readonly isOffline: OfflinePredicate = isOfflineError,
  ) {}

  /** Since when the service cannot be reached (the health service's); null while reachable. */
  get offlineSince(): UnixMs | null {
    return this.health.offlineSince;
  }

  /** Why it cannot be reached, while offline; null otherwise. */
  get offlineReason(): string | null {
    return this.health.offlineReason;
  }

  /**
   * Starts one fetch. `retry` sends it again: while offline it may be the health
   * service's probe, so recovery is found even with no feed subscription at all.
   */
  attempt(retry?: () => Promise<unknown>): SourceAttempt {
    const { health, isOffline } = this;
    // Outcomes of fetches sent before a reset (new token, address or mode) are dropped.
    const epoch = health.epoch;
    return {
      async cleared(signal, maxWaitMs = Infinity) {
        const hold = await health.clearance(signal, maxWaitMs);
        if (hold) throw new SourceHeldError(hold);
      },
      succeeded() {
        health.record({ kind: 'success' }, { channel: CHANNEL, epoch });
      },
      failed(err) {
        if (err instanceof SourceHeldError)
          return { offline: health.offline, message: err.message };
        const outcome = classify(err, isOffline);
        if (outcome) {
          const probe =
            outcome.kind === 'unreachable' && retry
              ? {
                  send: () => {
                    retry().catch(() => undefined);
                    return true;
                  },
                }
              : undefined;
          health.record(outcome, { channel: CHANNEL, epoch, ...(probe ? { probe } : {}) });
        }
        return { offline: health.offline, message: health.redact(errorMessage(err)) };
      },
    };
  }
}
