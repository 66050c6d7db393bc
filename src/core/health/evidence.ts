/**
 * The health service's book of evidence: the latest outcome of each channel and the
 * flags outcomes set (token refused, offline, rate limited), with the rules for
 * entering and leaving them. No timers and no listeners: the service around it decides
 * when to look again; `verdict` reads it.
 */
import type { UnixMs } from '../../shared/model';
import { isGood, type Outcome } from './outcome';
import { verdict, type Evidence, type Facts, type Verdict } from './verdict';

/** The tuning the book reads (see `HealthTuning`). */
export interface EvidenceTuning {
  offlineAfterFailures: number;
  memoryMs: number;
  rateLimitHoldMs: number;
}

/** The latest outcome per channel and the flags they set; `verdict(now)` reads it. */
export class EvidenceBook {
  readonly #entries = new Map<string, Evidence>();
  #tokenRejected: string | null = null;
  #offlineSince: UnixMs | null = null;
  #offlineReason: string | null = null;
  #unreachableInARow = 0;
  #resumesAt: UnixMs | null = null;
  #rateLimitReason: string | null = null;
  #rateLimitedLast = false;
  #lastSuccessAt: UnixMs | null = null;
  #lastFailure: Facts['lastFailure'] = null;
  #lastFailureChannel: string | null = null;

  constructor(private readonly tuning: EvidenceTuning) {}

  get tokenRejected(): boolean {
    return this.#tokenRejected !== null;
  }

  get offlineSince(): UnixMs | null {
    return this.#offlineSince;
  }

  get offlineReason(): string | null {
    return this.#offlineReason;
  }

  /** The end of the latest rate limit (in the past once it is over); null before any. */
  get resumesAt(): UnixMs | null {
    return this.#resumesAt;
  }

  get lastSuccessAt(): UnixMs | null {
    return this.#lastSuccessAt;
  }

  /**
   * Takes one outcome in, `message` already redacted. Returns true when it took the
   * service offline: a few unreachable outcomes in a row, or one that leaves no
   * outcome still standing that shows the service reachable.
   */
  add(
    outcome: Outcome,
    message: string | null,
    channel: string,
    validMs: number | undefined,
    now: UnixMs,
  ): boolean {
    let until = now + Math.max(0, validMs ?? this.tuning.memoryMs);
    if (outcome.kind === 'unreachable') {
      this.#unreachableInARow++;
      if (this.#offlineSince !== null) this.#offlineReason = message;
    } else {
      this.#answered(outcome.kind === 'rate-limited');
      if (isGood(outcome.kind)) this.#lastSuccessAt = now;
      if (outcome.kind === 'token-rejected') this.#tokenRejected = message;
      if (outcome.kind === 'rate-limited') {
        const hold = outcome.retryAfterMs ?? this.tuning.rateLimitHoldMs;
        this.#resumesAt = Math.max(this.#resumesAt ?? now, now + Math.max(0, hold));
        this.#rateLimitReason = message;
        // Its evidence lasts as long as the hold, not longer: after it the next answers speak.
        until = this.#resumesAt;
      }
    }
    this.#lastFailure = isGood(outcome.kind) ? null : { kind: outcome.kind, message };
    this.#lastFailureChannel = this.#lastFailure === null ? null : channel;
    this.#entries.set(channel, { kind: outcome.kind, message, at: now, until });
    if (outcome.kind !== 'unreachable' || this.#offlineSince !== null) return false;
    if (!this.#goneAway(now)) return false;
    this.#offlineSince = now;
    this.#offlineReason = message;
    return true;
  }

  /** Forgets a channel's outcome; true when that changed anything. */
  forget(channel: string): boolean {
    let had = this.#entries.delete(channel);
    if (this.#lastFailureChannel === channel) {
      this.#lastFailure = null;
      this.#lastFailureChannel = null;
      had = true;
    }
    return had;
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
    this.#tokenRejected = null;
    this.#offlineSince = null;
    this.#offlineReason = null;
    this.#unreachableInARow = 0;
    this.#resumesAt = null;
    this.#rateLimitReason = null;
    this.#rateLimitedLast = false;
    this.#lastSuccessAt = null;
    this.#lastFailure = null;
    this.#lastFailureChannel = null;
  }

  /** What the evidence says at `now` (outcomes that ran out are dropped first). */
  verdict(now: UnixMs): Verdict {
    for (const [channel, e] of this.#entries) if (e.until <= now) this.#entries.delete(channel);
    return verdict(
      {
        tokenRejected: this.#tokenRejected,
        offlineSince: this.#offlineSince,
        offlineReason: this.#offlineReason,
        resumesAt: this.#resumesAt,
        rateLimitReason: this.#rateLimitReason,
        rateLimitedLast: this.#rateLimitedLast,
        lastSuccessAt: this.#lastSuccessAt,
        lastFailure: this.#lastFailure,
        entries: this.#entries.values(),
      },
      now,
    );
  }

  /** The next moment the verdict changes by itself (a hold ending, a failure running out); Infinity for none. */
  nextChange(now: UnixMs): number {
    let at = this.#resumesAt !== null && this.#resumesAt > now ? this.#resumesAt : Infinity;
    for (const e of this.#entries.values()) {
      if (!isGood(e.kind) && e.until > now && e.until < at) at = e.until;
    }
    return at;
  }

  /** The service answered: not offline, and the run of unreachable outcomes ends. */
  #answered(rateLimited: boolean): void {
    if (this.#offlineSince !== null) {
      // The outage's failures were the outage: back online, they say nothing about now.
      // Kept, a request that nobody repeats (a card closed while offline) would hold the
      // status at "degraded" for a minute while every current request succeeds.
      for (const [channel, e] of this.#entries) {
        if (e.kind === 'unreachable') this.#entries.delete(channel);
      }
      if (this.#lastFailure?.kind === 'unreachable') {
        this.#lastFailure = null;
        this.#lastFailureChannel = null;
      }
    }
    this.#unreachableInARow = 0;
    this.#rateLimitedLast = rateLimited;
    this.#offlineSince = null;
    this.#offlineReason = null;
  }

  #goneAway(now: UnixMs): boolean {
    if (this.#unreachableInARow >= this.tuning.offlineAfterFailures) return true;
    for (const e of this.#entries.values()) {
      if (e.until > now && e.kind !== 'unreachable') return false;
    }
    return true;
  }
}
