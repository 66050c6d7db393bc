import { describe, expect, it } from 'vitest';
import { OTHER_PATH, startSimulator, type SimulatorHandle, type SimulatorOptions } from './server';
import { call, failed, ok } from './test-helpers';
import { closeAfterEach } from '../shared/testing/close-after-each';

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const TICKS = '/crypto/ticks?region=BA&codes=BTCUSDT,ETHUSDT';

const start = closeAfterEach((options: SimulatorOptions) =>
  startSimulator({ port: 0, now: () => NOW, ...options }),
);

async function statuses(sim: SimulatorHandle, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(sim.url, TICKS)).status);
  return out;
}

/** True when the body is a well-formed ticks answer: JSON, code 0, each record complete. */
function wellFormedTicks(text: string): boolean {
  try {
    const env = JSON.parse(text) as { code: number; data: Record<string, Record<string, unknown>> };
    return (
      env.code === 0 &&
      Object.values(env.data).length === 2 &&
      Object.values(env.data).every(
        (r) =>
          typeof r.s === 'string' &&
          ['ld', 't', 'v', 'tu', 'ts'].every((k) => typeof r[k] === 'number'),
      )
    );
  } catch {
    return false;
  }
}

describe('injected 5xx', () => {
  it('fails the same requests for the same seed, others for another', async () => {
    const faults = { errorRate: 0.3 };
    const a = await statuses(await start({ seed: 5, faults }), 40);
    const b = await statuses(await start({ seed: 5, faults }), 40);
    const c = await statuses(await start({ seed: 6, faults }), 40);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.filter((s) => s >= 500).length).toBeGreaterThan(3);
    expect(a.filter((s) => s === 200).length).toBeGreaterThan(10);
  });

  it('replays the same failures after the same setFaults', async () => {
    const sim = await start({ seed: 11 });
    sim.setFaults({ errorRate: 0.5 });
    const first = await statuses(sim, 20);
    sim.setFaults({ errorRate: 0.5 });
    expect(await statuses(sim, 20)).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('answers the error envelope', async () => {
    const sim = await start({ faults: { errorRate: 1 } });
    const a = await call(sim.url, TICKS);
    expect([500, 502, 503]).toContain(a.status);
    failed(a, a.status, /^E50[023] injected server error/);
  });
});

describe('malformed bodies', () => {
  it('really are malformed, with status 200, in several variants', async () => {
    const sim = await start({ seed: 3, faults: { malformedRate: 1 } });
    let unparsable = 0;
    for (let i = 0; i < 30; i++) {
      const a = await call(sim.url, TICKS);
      expect(a.status).toBe(200);
      expect(wellFormedTicks(a.text), a.text).toBe(false);
      if (a.json === undefined) unparsable++;
    }
    expect(unparsable).toBeGreaterThan(0);
    expect(unparsable).toBeLessThan(30);
  });

  it('are well formed without the fault', async () => {
    const sim = await start({});
    expect(wellFormedTicks((await call(sim.url, TICKS)).text)).toBe(true);
  });
});

describe('latency', () => {
  it('waits latency plus seeded jitter before each answer', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const sim = await start({ sleep, faults: { latencyMs: 50, jitterMs: 10 } });
    await statuses(sim, 5);
    expect(waits).toHaveLength(5);
    for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(50);
    for (const ms of waits) expect(ms).toBeLessThanOrEqual(60);
    sim.setFaults({});
    await statuses(sim, 2);
    expect(waits).toHaveLength(5);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, and admits again in the next window', async () => {
    let t = NOW;
    const sim = await start({
      now: () => t,
      faults: { rateLimit: { requests: 2, windowMs: 60_000 } },
    });
    expect(await statuses(sim, 2)).toEqual([200, 200]);
    t += 20_000;
    const limited = await call(sim.url, TICKS);
    failed(limited, 429, /^E429 too many requests: limit 2\/min, retry after 40 s/);
    expect(limited.headers.get('retry-after')).toBe('40');
    t += 40_000;
    expect(await statuses(sim, 1)).toEqual([200]);
  });
});

describe('runtime control', () => {
  it('breaks and heals a live server', async () => {
    const sim = await start({});
    expect(await statuses(sim, 2)).toEqual([200, 200]);
    sim.setFaults({ errorRate: 1 });
    expect(sim.faults()).toEqual({ errorRate: 1 });
    expect((await statuses(sim, 3)).every((s) => s >= 500)).toBe(true);
    sim.setFaults({});
    expect(await statuses(sim, 2)).toEqual([200, 200]);
  });

  it('refuses out-of-range faults', async () => {
    const sim = await start({});
    expect(() => sim.setFaults({ errorRate: 2 })).toThrow(RangeError);
    await expect(startSimulator({ port: 0, faults: { malformedRate: -1 } })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('stats', () => {
  it('counts requests by path and status, and resets', async () => {
    const sim = await start({});
    ok(await call(sim.url, TICKS));
    ok(await call(sim.url, TICKS));
    await call(sim.url, '/crypto/ticks?region=BA');
    await call(sim.url, '/nowhere');
    expect(sim.stats()).toEqual({
      requests: 4,
      byPath: { '/crypto/ticks': 3, [OTHER_PATH]: 1 },
      byStatus: { '200': 2, '400': 1, '404': 1 },
    });
    sim.resetStats();
    expect(sim.stats()).toEqual({ requests: 0, byPath: {}, byStatus: {} });
  });
});
