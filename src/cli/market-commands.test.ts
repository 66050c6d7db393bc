/**
 * quotes, depth, ticks, info and news against a real simulator, in table and --json form.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MarketModel } from '../simulator';
import { SyntheticMarket } from '../simulator/market/synthetic-market';
import { cellsOf, cliHarness, cliOnSimulator, lines } from './test-harness';

const TOKEN = 'cli-market-token';

/** The synthetic market, except that the code GONE is never answered. */
function marketWithGap(): MarketModel {
  const market = new SyntheticMarket({ seed: 1 });
  const gap = <A extends unknown[], R>(f: (...a: A) => R, at: number) =>
    ((...a: A) => (a[at] === 'GONE' ? null : f(...a))) as (...a: A) => R;
  return {
    quote: gap(market.quote.bind(market), 3),
    depth: gap(market.depth.bind(market), 3),
    klines: gap(market.klines.bind(market), 3),
    tick: gap(market.tick.bind(market), 1),
    info: market.info.bind(market),
    news: market.news.bind(market),
  };
}

describe('market commands', () => {
  const h = cliOnSimulator({ token: TOKEN, market: marketWithGap() });

  it('quotes: a table with one row per code', async () => {
    const r = await h.cli('quotes stock --region US --codes AAPL,MSFT');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^CODE\s+LAST\s+CHANGE\s+CHG%/);
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(['AAPL', 'MSFT']);
    expect(r.stdout).not.toContain('\u001b['); // no colour when not a TTY
  });

  it('names an unknown region as such, not each code in it as an unknown symbol', async () => {
    const r = await h.cli('quotes stock --region XX --codes AAPL,MSFT');
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toBe('marketdesk: unknown region: XX (the service lists no stock there)\n');
    const depth = await h.cli('depth crypto --region XX --codes BTCUSDT');
    expect(depth.stderr).toMatch(/^marketdesk: unknown region: XX \(.*crypto/);
    // A known region keeps the code's own line.
    const code = await h.cli('quotes stock --region US --codes NOPE');
    expect(code.stderr).toMatch(/unknown symbol: NOPE \(stock, region US\)/);
  });

  it('quotes crypto: the 24 h change and figures, named in BASIS, as the app shows them', async () => {
    const r = await h.cli('quotes crypto --region BA --codes BTCUSDT');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const cells = cellsOf(r.stdout);
    expect(cells['CHANGE']).toMatch(/^([+−][\d,]+\.\d{2}|0\.00)$/);
    expect(cells['CHG%']).toMatch(/^([+−]\d+\.\d{2}|0\.00)%$/);
    expect(cells['BASIS']).toBe('24h');
    expect(cells['PREV']).toBe('—');
  });

  it('quotes --json: one document keyed by code with Quote records', async () => {
    const r = await h.cli('quotes fund --region US --codes SPY,QQQ --json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, { symbol: string; last: number }>;
    expect(Object.keys(doc)).toEqual(['SPY', 'QQQ']);
    expect(doc['SPY']).toMatchObject({ symbol: 'SPY', last: expect.any(Number) });
  });

  it.each([
    'quotes stock --region US --codes AAPL,GONE --json',
    'klines stock --region US --codes AAPL,GONE --ktype 1d --json',
  ])(
    'a code the service leaves out: the rest printed, one stderr line, exit 1 (%s)',
    async (argv) => {
      const r = await h.cli(argv);
      expect(r.code).toBe(1);
      expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['AAPL']);
      expect(lines(r.stderr)).toEqual(['marketdesk: unknown symbol: GONE (stock, region US)']);
    },
  );

  it('quotes on a TTY: green for a rise, red for a fall', async () => {
    const r = await h.cli('quotes stock --region US --codes AAPL,MSFT', {}, true);
    expect(r.code).toBe(0);
    // Each row's colour is checked against its own sign: the market moves with the clock.
    const quotes = JSON.parse(
      (await h.cli('quotes stock --region US --codes AAPL,MSFT --json')).stdout,
    ) as Record<string, { change: number }>;
    expect(Object.values(quotes).some((q) => q.change !== 0)).toBe(true);
    for (const [code, q] of Object.entries(quotes)) {
      const row = r.stdout.split('\n').find((l) => l.includes(code))!;
      const green = '\u001b[32m';
      const red = '\u001b[31m';
      if (q.change > 0) expect(row).toContain(green);
      if (q.change < 0) expect(row).toContain(red);
      expect(row).not.toContain(q.change > 0 ? red : green);
    }
  });

  it('the token is never written to the cache', async () => {
    const files = readdirSync(h.home).filter((f) => f.startsWith('cache.db'));
    expect(files).toContain('cache.db');
    for (const f of files) {
      expect(readFileSync(path.join(h.home, f)).includes(TOKEN), f).toBe(false);
    }
  });

  it('depth: one stock code uses the single-symbol endpoint, keyed by code', async () => {
    h.sim.resetStats();
    const r = await h.cli('depth stock --region US --codes AAPL --json');
    expect(r.code).toBe(0);
    expect(h.sim.stats().byPath).toEqual({ '/stock/depth': 1 });
    const doc = JSON.parse(r.stdout) as Record<string, { asks: unknown[]; bids: unknown[] }>;
    expect(Object.keys(doc)).toEqual(['AAPL']);
    expect(doc['AAPL']!.asks.length).toBeGreaterThan(0);
  });

  it('depth: several codes, or a class without a single endpoint, use the batch endpoint', async () => {
    h.sim.resetStats();
    const two = await h.cli('depth crypto --region BA --codes BTCUSDT,ETHUSDT');
    const fund = await h.cli('depth fund --region US --codes SPY --json');
    expect([two.code, fund.code]).toEqual([0, 0]);
    expect(h.sim.stats().byPath).toEqual({ '/crypto/depths': 1, '/fund/depths': 1 });
    // Crypto books carry no order counts (the wire repeats the size): no ORD columns.
    expect(two.stdout).toMatch(/^BTCUSDT\nLVL\s+BID VOL\s+BID\s+ASK\s+ASK VOL\n/);
    expect(two.stdout).toContain('\nETHUSDT\n');
    expect(Object.keys(JSON.parse(fund.stdout) as object)).toEqual(['SPY']);
  });

  it('ticks crypto: table and JSON', async () => {
    const table = await h.cli('ticks crypto --region BA --codes BTCUSDT');
    expect(table.code).toBe(0);
    expect(lines(table.stdout)[1]).toMatch(/^BTCUSDT\s+\d/);
    const json = await h.cli('ticks crypto --region BA --codes BTCUSDT --json');
    expect(JSON.parse(json.stdout)).toEqual({
      BTCUSDT: expect.objectContaining({ symbol: 'BTCUSDT', last: expect.any(Number) }),
    });
  });

  it('info: a company card, and a StockInfo with --json', async () => {
    const table = await h.cli('info --region US --code AAPL');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^name\s+Apple Inc\.$/m);
    const json = await h.cli('info --region US --code AAPL --json');
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'AAPL', name: 'Apple Inc.' });
  });

  it('news: headlines with the next cursor, and a NewsPage with --json', async () => {
    const json = await h.cli('news --market stock --lang en --limit 3 --json');
    expect(json.code).toBe(0);
    const page = JSON.parse(json.stdout) as { items: { title: string }[]; nextCursor: string };
    expect(page).toMatchObject({ count: 3, hasMore: true, nextCursor: expect.any(String) });
    const next = await h.cli('news --market stock --lang en --limit 3');
    expect(next.code).toBe(0);
    expect(lines(next.stdout)[0]).toMatch(/^TIME\s+PROVIDER\s+TITLE\s+LINK$/);
    expect(next.stdout).toMatch(/next page: --cursor \S+/);
    const older = await h.cli(
      `news --market stock --lang en --limit 3 --json --cursor ${page.nextCursor}`,
    );
    const olderPage = JSON.parse(older.stdout) as { items: { title: string }[] };
    expect(olderPage.items).toHaveLength(3);
    expect(olderPage.items[0]!.title).not.toBe(page.items[0]!.title);
  });

  it('a wrong token: exit 1, one actionable line, the token nowhere', async () => {
    const secret = 'wrong-secret-4711';
    for (const argv of [
      ['quotes', 'stock', '--region', 'US', '--codes', 'AAPL', '--token', secret],
      ['klines', 'crypto', '--region', 'BA', '--codes', 'BTCUSDT', '--ktype', '1h', '--json'],
    ]) {
      const r = await h.cli(argv, { MARKETDESK_TOKEN: secret });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^marketdesk: .*rejected the token/)]);
      expect(r.stderr).toContain('--token or MARKETDESK_TOKEN');
      expect(r.stdout + r.stderr).not.toContain(secret);
    }
  });

  it('--no-cache leaves no cache file behind', async () => {
    const fresh = cliHarness({ MARKETDESK_BASE_URL: h.sim.url, MARKETDESK_TOKEN: TOKEN });
    try {
      const r = await fresh.cli('quotes stock --region US --codes AAPL --no-cache');
      expect(r.code).toBe(0);
      expect(readdirSync(fresh.home)).toEqual([]);
    } finally {
      fresh.cleanup();
    }
  });
});
