import { describe, expect, it } from 'vitest';
import {
  decideFaults,
  FaultInjector,
  formatRateLimit,
  parseRateLimit,
  validateFaults,
  type Faults,
} from './faults';
import { SimulatorError } from './errors';

const fates = (faults: Faults, seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => decideFaults(faults, seed, i));

describe('decideFaults', () => {
  it('is a pure function of seed and request index', () => {
    const f: Faults = { errorRate: 0.3, malformedRate: 0.2, latencyMs: 10, jitterMs: 40 };
    expect(fates(f, 7, 200)).toEqual(fates(f, 7, 200));
    const failing = (seed: number) =>
      fates(f, seed, 200)
        .map((d, i) => (d.errorStatus ? i : -1))
        .filter((i) => i >= 0);
    expect(failing(7)).not.toEqual(failing(8));
  });

  it('fails about the share of requests asked for, with 5xx statuses', () => {
    const all = fates({ errorRate: 0.25 }, 3, 2000);
    const failed = all.filter((d) => d.errorStatus !== null);
    expect(failed.length).toBeGreaterThan(400);
    expect(failed.length).toBeLessThan(600);
    for (const d of failed) expect([500, 502, 503]).toContain(d.errorStatus);
    expect(new Set(failed.map((d) => d.errorStatus)).size).toBe(3);
  });

  it('draws every malformed variant and none at rate 0', () => {
    const variants = fates({ malformedRate: 1 }, 1, 200).map((d) => d.malform);
    expect(new Set(variants)).toEqual(
      new Set(['truncated', 'not-json', 'wrong-type', 'missing-field']),
    );
    expect(
      fates({ malformedRate: 0, errorRate: 0 }, 1, 200).every((d) => !d.malform && !d.errorStatus),
    ).toBe(true);
  });

  it('adds latency plus a bounded jitter', () => {
    const delays = fates({ latencyMs: 50, jitterMs: 20 }, 1, 500).map((d) => d.delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...delays)).toBeLessThanOrEqual(70);
    expect(new Set(delays).size).toBeGreaterThan(5);
  });

  it('uses faults.seed over the simulator seed', () => {
    const f = { errorRate: 0.5, seed: 99 };
    expect(fates(f, 1, 100)).toEqual(fates(f, 2, 100));
  });
});

describe('rate limits', () => {
  it('parses and formats n/unit', () => {
    expect(parseRateLimit('300/min')).toEqual({ requests: 300, windowMs: 60_000 });
    expect(parseRateLimit('5/s')).toEqual({ requests: 5, windowMs: 1000 });
    expect(parseRateLimit('10 / hour')).toEqual({ requests: 10, windowMs: 3_600_000 });
    for (const bad of ['0/min', '300', 'x/min', '5/fortnight', '-1/s']) {
      expect(parseRateLimit(bad)).toBeNull();
    }
    expect(formatRateLimit({ requests: 300, windowMs: 60_000 })).toBe('300/min');
  });

  it('admits n per window, then 429 with Retry-After, then a new window', () => {
    let t = 1_000_000;
    const inj = new FaultInjector(1, () => t, { rateLimit: { requests: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) inj.admit();
    t += 15_500;
    let caught: unknown;
    try {
      inj.admit();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SimulatorError);
    const e = caught as SimulatorError;
    expect(e.status).toBe(429);
    expect(e.headers['Retry-After']).toBe('45');
    t += 44_500;
    expect(() => inj.admit()).not.toThrow();
  });

  it('heals when the faults are replaced', () => {
    const inj = new FaultInjector(1, () => 0, { rateLimit: { requests: 1, windowMs: 1000 } });
    inj.admit();
    expect(() => inj.admit()).toThrow(SimulatorError);
    inj.set({});
    expect(inj.active).toBe(false);
    expect(() => inj.admit()).not.toThrow();
  });
});

describe('validateFaults', () => {
  it('rejects out-of-range values', () => {
    expect(() => validateFaults({ errorRate: 1.5 })).toThrow(RangeError);
    expect(() => validateFaults({ malformedRate: -0.1 })).toThrow(RangeError);
    expect(() => validateFaults({ latencyMs: Number.NaN })).toThrow(RangeError);
    expect(() => validateFaults({ rateLimit: { requests: 0, windowMs: 1000 } })).toThrow(
      RangeError,
    );
    expect(validateFaults({ errorRate: 1, latencyMs: 0 })).toEqual({ errorRate: 1, latencyMs: 0 });
  });
});
