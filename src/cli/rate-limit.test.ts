/**
 * A service answering 429: every command answers or fails within about its timeout. A
 * Retry-After that fits in half the timeout is waited out (two waits at most); a longer
 * one fails at once with the service's "try again in N s", one request, no retry storm.
 */
import { describe, expect, it } from 'vitest';
import { OPTION_WORDS } from './context';
import { timeoutError } from '../core/api/http-errors';
import { cliOnSimulator, lines } from './test-harness';

const TOKEN = 'cli-rate-token';
const INFO = ['info', '--region', 'US', '--code', 'AAPL'];

describe('the command line against a rate-limited service', () => {
  const h = cliOnSimulator({ token: TOKEN });

  /** Limits the service to one request per window and spends it. */
  async function exhaust(windowMs: number): Promise<void> {
    h.sim.setFaults({ rateLimit: { requests: 1, windowMs } });
    expect((await h.cli(INFO)).code).toBe(0);
    h.sim.resetStats();
  }

  it('fails at once, saying when to try again, when Retry-After is a minute (default timeout)', async () => {
    await exhaust(60_000);
    const started = performance.now();
    const r = await h.cli(INFO);
    const took = performance.now() - started;
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        /^marketdesk: The market data service is limiting the request rate \(HTTP 429[^)]*\)\. Try again in (5\d|60) s; if it keeps happening, make fewer requests a minute \(they are paced by the plan: --plan or MARKETDESK_PLAN\)\.$/,
      ),
    ]);
    expect(took).toBeLessThan(3000);
    expect(h.sim.stats().requests).toBe(1);
  });

  it('waits out a Retry-After that fits in half its timeout, then answers', async () => {
    await exhaust(1000);
    const started = performance.now();
    const r = await h.cli([...INFO, '--timeout', '4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: 'AAPL' });
    expect(performance.now() - started).toBeLessThan(4000);
    expect(h.sim.stats().byStatus['429']).toBe(1);
  });

  it('fails at once when the wait is longer than half of --timeout', async () => {
    await exhaust(5000);
    const started = performance.now();
    const r = await h.cli([...INFO, '--timeout', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/limiting the request rate .* Try again in [1-5] s/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(h.sim.stats().requests).toBe(1);
  });
});

describe('timeout advice on the command line', () => {
  it('names --timeout where the app names its Settings field', () => {
    const error = timeoutError('stockInfo', 'https://api.example', 10_000);
    expect(error.message).toContain('raise the request timeout in Settings');
    expect(timeoutError('stockInfo', 'https://api.example', 10_000, OPTION_WORDS).message).toBe(
      'https://api.example did not answer within 10 s. Check your network; if the service is slow, raise the timeout (--timeout or MARKETDESK_TIMEOUT).',
    );
  });
});
