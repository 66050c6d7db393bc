/**
 * Fault injection: added latency, a rate of 5xx answers, a rate of malformed bodies
 * and a request-rate limit. Every random choice is a pure function of (seed, request
 * index), so a given seed and request sequence always fails the same requests.
 */
import { tooManyRequests } from './errors';
import { fmix } from './market/hash';
import { MALFORM_VARIANTS, type MalformVariant } from './malform';

/** A request-rate limit: at most `requests` admitted per fixed window of `windowMs`. */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

/** The faults in force; an empty object means none. */
export interface Faults {
  /** Added to every answer, in ms. */
  latencyMs?: number;
  /** Up to this many more ms, uniformly drawn per request. */
  jitterMs?: number;
  /** Share (0–1) of requests answered with HTTP 500, 502 or 503. */
  errorRate?: number;
  /** Share (0–1) of successful answers whose body is malformed (status stays 200). */
  malformedRate?: number;
  rateLimit?: RateLimit;
  /** Seed of the fault draws; defaults to the simulator's seed. */
  seed?: number;
}

/** What happens to one request. */
export interface FaultDecision {
  delayMs: number;
  /** An injected 5xx status, or null. */
  errorStatus: number | null;
  malform: MalformVariant | null;
  /** A uniform draw in [0, 1) for the malformer's own choices. */
  malformDraw: number;
}

const ERROR_STATUSES = [500, 502, 503] as const;

/** A uniform draw in [0, 1) fixed by seed, request index and purpose. */
export function draw(seed: number, index: number, salt: number): number {
  return fmix(fmix(fmix(seed + 0x9e3779b9) ^ index) ^ Math.imul(salt, 0x27d4eb2d)) / 2 ** 32;
}

/** The faults applying to request number `index` (0-based) under `faults` and `seed`. */
export function decideFaults(faults: Faults, seed: number, index: number): FaultDecision {
  const s = faults.seed ?? seed;
  const jitter = faults.jitterMs ?? 0;
  const delayMs =
    (faults.latencyMs ?? 0) + (jitter > 0 ? Math.floor(draw(s, index, 1) * (jitter + 1)) : 0);
  const failing = (faults.errorRate ?? 0) > 0 && draw(s, index, 2) < (faults.errorRate ?? 0);
  const errorStatus = failing
    ? ERROR_STATUSES[Math.floor(draw(s, index, 3) * ERROR_STATUSES.length)]!
    : null;
  const malformed =
    (faults.malformedRate ?? 0) > 0 && draw(s, index, 4) < (faults.malformedRate ?? 0);
  const malform = malformed
    ? MALFORM_VARIANTS[Math.floor(draw(s, index, 5) * MALFORM_VARIANTS.length)]!
    : null;
  return { delayMs, errorStatus, malform, malformDraw: draw(s, index, 6) };
}

/** Throws a RangeError naming the first out-of-range setting. */
export function validateFaults(faults: Faults): Faults {
  const nonNegative = (name: string, v: number | undefined) => {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0)) {
      throw new RangeError(`fault ${name} must be a number ≥ 0, got ${v}`);
    }
  };
  nonNegative('latencyMs', faults.latencyMs);
  nonNegative('jitterMs', faults.jitterMs);
  for (const name of ['errorRate', 'malformedRate'] as const) {
    const v = faults[name];
    if (v !== undefined && !(v >= 0 && v <= 1)) {
      throw new RangeError(`fault ${name} must be between 0 and 1, got ${v}`);
    }
  }
  const rl = faults.rateLimit;
  if (rl && !(Number.isSafeInteger(rl.requests) && rl.requests >= 1 && rl.windowMs >= 1)) {
    throw new RangeError('fault rateLimit needs requests ≥ 1 and windowMs ≥ 1');
  }
  return faults;
}

const WINDOWS: Record<string, number> = {
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
};

/** Parses `300/min`, `5/s`, `1000/hour`; null when malformed. */
export function parseRateLimit(text: string): RateLimit | null {
  const m = /^(\d+)\s*\/\s*([a-z]+)$/.exec(text.trim().toLowerCase());
  const windowMs = m ? WINDOWS[m[2]!] : undefined;
  const requests = m ? Number(m[1]) : 0;
  return windowMs !== undefined && requests >= 1 ? { requests, windowMs } : null;
}

/** `300/min` style text of a limit, for messages. */
export function formatRateLimit(rl: RateLimit): string {
  const unit = ['s', 'min', 'hour'].find((u) => WINDOWS[u] === rl.windowMs);
  return unit ? `${rl.requests}/${unit}` : `${rl.requests}/${rl.windowMs}ms`;
}

/**
 * The live fault state of one simulator: the settings, the request counter that
 * indexes the draws, and the rate limiter's window.
 */
export class FaultInjector {
  private faults: Faults = {};
  private index = 0;
  private windowStart = 0;
  private admitted = 0;

  constructor(
    private readonly seed: number,
    private readonly now: () => number,
    faults: Faults = {},
  ) {
    this.set(faults);
  }

  /**
   * Replaces the faults in force (`{}` heals), restarts the rate window and the request
   * count, so the same faults set again fail the same requests from then on.
   */
  set(faults: Faults): void {
    this.faults = { ...validateFaults(faults) };
    this.index = 0;
    this.admitted = 0;
    this.windowStart = this.now();
  }

  get(): Faults {
    return { ...this.faults };
  }

  /** True when any fault at all is set: the request path skips the rest when not. */
  get active(): boolean {
    const f = this.faults;
    return Boolean(f.latencyMs || f.jitterMs || f.errorRate || f.malformedRate || f.rateLimit);
  }

  /** Draws the next request's fate. */
  next(): FaultDecision {
    return decideFaults(this.faults, this.seed, this.index++);
  }

  /** Admits a request under the rate limit or throws the 429. */
  admit(): void {
    const rl = this.faults.rateLimit;
    if (!rl) return;
    const now = this.now();
    if (now - this.windowStart >= rl.windowMs || now < this.windowStart) {
      this.windowStart = now;
      this.admitted = 0;
    }
    if (this.admitted < rl.requests) {
      this.admitted++;
      return;
    }
    const retryAfterS = Math.max(1, Math.ceil((this.windowStart + rl.windowMs - now) / 1000));
    throw tooManyRequests(formatRateLimit(rl), retryAfterS);
  }
}
