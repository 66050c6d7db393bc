/**
 * `marketdesk search`: demo mode (the simulator's catalog), a service as a live source
 * (its list, the shipped list, the cache's seen symbols), filters, JSON, exit statuses.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cliHarness, cliOnSimulator, lines } from './test-harness';

describe('search in demo mode', () => {
  const h = cliHarness();
  afterAll(() => h.cleanup());

  it('finds the issue’s cases by name and code, in a table', async () => {
    const tencent = await h.cli('search tencent');
    expect(tencent.code).toBe(0);
    const [header, first] = lines(tencent.stdout);
    expect(header).toMatch(/^CODE\s+REGION\s+CLASS\s+NAME\s+EXCHANGE\s+FROM$/);
    expect(first).toMatch(/^700\s+HK\s+stock\s+Tencent Holdings Ltd\.\s+HKEX\s+listed$/);
    expect(tencent.stderr).toMatch(/demo data/);
    expect(lines((await h.cli('search apple')).stdout)[1]).toMatch(
      /^AAPL\s+US\s+stock\s+Apple Inc\./,
    );
    expect(lines((await h.cli('search btc')).stdout)[1]).toMatch(/^BTCUSDT\s+BA\s+crypto/);
  });

  it('takes several words, filters and a limit; --json is one document', async () => {
    const r = await h.cli('search hang seng --class future --region hk --limit 2 --json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      source: string;
      results: { code: string; region: string }[];
    };
    expect(doc.source).toBe('demo');
    expect(doc.results.map((m) => `${m.code} ${m.region}`)).toEqual(['HSI HK', 'HHI HK']);
  });

  it('exits 1 with a note when nothing matches', async () => {
    const r = await h.cli('search zzqqxx --class stock');
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toContain('no symbol matches "zzqqxx" in stock');
  });

  it.each([
    ['search', /missing the text/],
    ['search apple --class bond', /asset class must be one of/],
    ['search apple --region USA', /--region must be two letters/],
    ['search apple --limit 0', /--limit must be a whole number from 1 to 100/],
  ])('%s is a usage error', async (argv, message) => {
    const r = await h.cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('search against a service (a live source)', () => {
  const h = cliOnSimulator({ token: 'live-token' });

  it('reads the service’s list for the market named, beside the shipped list', async () => {
    const listed = await h.cli('search tencent --class stock --region HK --json');
    const doc = JSON.parse(listed.stdout) as {
      source: string;
      results: { code: string; origin: string }[];
    };
    expect(doc.source).toMatch(/^live:http:\/\/127\.0\.0\.1:/);
    expect(doc.results[0]).toMatchObject({ code: '700', origin: 'listed' });
    expect(h.sim.stats().byPath['/symbol/list']).toBe(1);
  });

  it('without a class asks no list and answers from the shipped list', async () => {
    const before = h.sim.stats().byPath['/symbol/list'] ?? 0;
    const r = await h.cli('search nestle');
    expect(r.code).toBe(0);
    // Nestlé's ADR is shipped with the app, not in the simulator's catalog.
    expect(lines(r.stdout)[1]).toMatch(/^NSRGY\s+US\s+stock\s+Nestlé S\.A\.\s+OTC\s+shipped$/);
    expect(h.sim.stats().byPath['/symbol/list'] ?? 0).toBe(before);
  });

  it('finds what this cache has seen from that source', async () => {
    expect((await h.cli('info --region US --code CIRC')).code).toBe(0);
    const r = await h.cli('search volatile example');
    expect(lines(r.stdout)[1]).toMatch(
      /^CIRC\s+US\s+stock\s+Volatile Example Technologies\s+\S+\s+seen$/,
    );
  });
});
