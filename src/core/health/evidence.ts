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

/** What outcomes set: the verdict's facts but the entries, and the book's own counters. */
interface Flags extends Omit<Facts, 'entries'> {
  /** Unreachable outcomes since the service last answered. */
  unreachableInARow: number;
  /** The channel of `lastFailure`. */
  lastFailureChannel: string | null;
}

/** The flags of a book with no outcome in it. */
const NO_FLAGS: Readonly<Flags> = {
  tokenRejected: null,
  offlineSince: null,
  offlineReason: null,
  unreachableInARow: 0,
  resumesAt: null,
  rateLimitReason: null,
  rateLimitedLast: false,
  lastSuccessAt: null,
  lastFailure: null,
  lastFailureChannel: null,
};

/** The latest outcome per channel and the flags they set; `verdict(now)` reads it. */
export class EvidenceBook {
  readonly #entries = new Map<string, Evidence>();
  #f: Flags = { ...NO_FLAGS };
  /** Channels whose latest outcome is a failure of a connection retrying by itself (the stream). */
  readonly #retrying = new Set<string>();
  /**
   * Such channels something else answered while they failed: the service answers, their
   * trouble is their own (the stream's column says it) until they connect again.
   */
  readonly #excused = new Set<string>();

  constructor(private readonly tuning: EvidenceTuning) {}

  get tokenRejected(): boolean {
    return this.#f.tokenRejected !== null;
  }

  get offlineSince(): UnixMs | null {
    return this.#f.offlineSince;
  }

  get offlineReason(): string | null {
    return this.#f.offlineReason;
  }

  /** The end of the latest rate limit (in the past once it is over); null before any. */
  get resumesAt(): UnixMs | null {
    return this.#f.resumesAt;
  }

  get lastSuccessAt(): UnixMs | null {
    return this.#f.lastSuccessAt;
  }

  /**
   * Takes one outcome in, `message` already redacted. Returns true when it took the
   * service offline: a few unreachable outcomes in a row, or one that leaves no
   * outcome still standing that shows the service reachable. A connection's own retries
   * (`retriesItself`, the stream) stand for their channel but take nothing offline; once
   * anything else has answered while they fail, their further failures say nothing of
   * the service until they connect again.
   */
  add(
    outcome: Outcome,
    message: string | null,
    channel: string,
    validMs: number | undefined,
    now: UnixMs,
    retriesItself = false,
  ): boolean {
    const f = this.#f;
    if (retriesItself) {
      if (isGood(outcome.kind)) this.#excused.delete(channel);
      else if (this.#excused.has(channel)) return false;
    }
    let until = now + Math.max(0, validMs ?? this.tuning.memoryMs);
    if (outcome.kind === 'unreachable') {
      if (!retriesItself) f.unreachableInARow++;
      if (f.offlineSince !== null) f.offlineReason = message;
    } else {
      this.#answered(outcome.kind === 'rate-limited');
      if (isGood(outcome.kind)) f.lastSuccessAt = now;
      if (outcome.kind === 'token-rejected') f.tokenRejected = message;
      if (outcome.kind === 'rate-limited') {
        const hold = outcome.retryAfterMs ?? this.tuning.rateLimitHoldMs;
        f.resumesAt = Math.max(f.resumesAt ?? now, now + Math.max(0, hold));
        f.rateLimitReason = message;
        // Its evidence lasts as long as the hold, not longer: after it the next answers speak.
        until = f.resumesAt;
      }
    }
    f.lastFailure = isGood(outcome.kind) ? null : { kind: outcome.kind, message };
    f.lastFailureChannel = f.lastFailure === null ? null : channel;
    this.#entries.set(channel, { kind: outcome.kind, message, at: now, until });
    if (retriesItself && !isGood(outcome.kind)) this.#retrying.add(channel);
    else this.#retrying.delete(channel);
    if (isGood(outcome.kind)) this.#excuse();
    if (outcome.kind !== 'unreachable' || f.offlineSince !== null || retriesItself) return false;
    if (!this.#goneAway(now)) return false;
    f.offlineSince = now;
    f.offlineReason = message;
    return true;
  }

  /** Forgets a channel's outcome; true when that changed anything. */
  forget(channel: string): boolean {
    this.#retrying.delete(channel);
    this.#excused.delete(channel);
    const had = this.#entries.delete(channel);
    if (this.#f.lastFailureChannel !== channel) return had;
    this.#clearLastFailure();
    return true;
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
    this.#retrying.clear();
    this.#excused.clear();
    this.#f = { ...NO_FLAGS };
  }

  /** What the evidence says at `now` (outcomes that ran out are dropped first). */
  verdict(now: UnixMs): Verdict {
    for (const [channel, e] of this.#entries) if (e.until <= now) this.#entries.delete(channel);
    return verdict({ ...this.#f, entries: this.#entries.values() }, now);
  }

  /** The next moment the verdict changes by itself (a hold ending, a failure running out); Infinity for none. */
  nextChange(now: UnixMs): number {
    const { resumesAt } = this.#f;
    let at = resumesAt !== null && resumesAt > now ? resumesAt : Infinity;
    for (const e of this.#entries.values()) {
      if (!isGood(e.kind) && e.until > now && e.until < at) at = e.until;
    }
    return at;
  }

  /** The service answered: not offline, and the run of unreachable outcomes ends. */
  #answered(rateLimited: boolean): void {
    if (this.#f.offlineSince !== null) {
      // The outage's failures were the outage: back online, they say nothing about now.
      // Kept, a request that nobody repeats (a card closed while offline) would hold the
      // status at "degraded" for a minute while every current request succeeds.
      for (const [channel, e] of this.#entries) {
        if (e.kind === 'unreachable') this.#entries.delete(channel);
      }
      if (this.#f.lastFailure?.kind === 'unreachable') this.#clearLastFailure();
    }
    Object.assign(this.#f, {
      unreachableInARow: 0,
      rateLimitedLast: rateLimited,
      offlineSince: null,
      offlineReason: null,
    });
  }

  /**
   * Something succeeded (a request, another class's stream): the service answers. The
   * failures of connections retrying by themselves stop counting against it, and go on
   * not counting until they connect.
   */
  #excuse(): void {
    for (const channel of this.#retrying) {
      this.#entries.delete(channel);
      this.#excused.add(channel);
    }
    this.#retrying.clear();
  }

  #clearLastFailure(): void {
    this.#f.lastFailure = null;
    this.#f.lastFailureChannel = null;
  }

  #goneAway(now: UnixMs): boolean {
    if (this.#f.unreachableInARow >= this.tuning.offlineAfterFailures) return true;
    for (const e of this.#entries.values()) {
      if (e.until > now && e.kind !== 'unreachable') return false;
    }
    return true;
  }
}
