import { describe, expect, it } from 'vitest';
import type { AssetClass } from '../../shared/model';
import { canonicalCode } from '../../shared/model';
import { CATALOG, catalogOf, findInstrument, REGION_CURRENCY, STATUS_SYMBOLS } from './catalog';

type Listing = [AssetClass, string, string];

const each = (cls: AssetClass, region: string, codes: string): Listing[] =>
  codes.split(/\s+/).map((code) => [cls, region, code]);

/**
 * Every code the spec, the notes, the READMEs, the default workspace, the palette's
 * class table, the benchmarks and the tests use as an example: each must be a real
 * listing, or demo mode shows "unknown symbol" where the docs promise data.
 */
const EXAMPLES: Listing[] = [
  ...each('stock', 'US', 'AAPL MSFT TSLA NVDA AMZN GOOGL META JPM AMD BAC INTC NFLX'),
  ...each('stock', 'HK', '700 9988 5 1299 3690 941'),
  ...each('stock', 'JP', '7203'),
  ...each('stock', 'GB', 'BP HSBA AZN SHEL'),
  ...each('stock', 'SH', '600519'),
  ...each('stock', 'SZ', '000001'),
  ...each('crypto', 'BA', 'BTCUSDT ETHUSDT SOLUSDT BNBUSDT XRPUSDT DOGEUSDT'),
  ...each('crypto', 'BA', 'ADAUSDT AVAXUSDT LTCUSDT DOTUSDT'),
  ...each('crypto', 'BT', 'BTCUSDT ETHUSDT'),
  ...each('forex', 'GB', 'EURUSD GBPUSD USDJPY EURSEK'),
  ...each('indices', 'GB', 'FTSE SPX DJI IXIC NDX RUT VIX HSI HSCEI N225 GDAXI FCHI STOXX50E'),
  ...each('fund', 'US', 'SPY QQQ IWM GLD DIA VOO VTI TLT EEM XLF ARKK'),
  ...each('fund', 'HK', '2800 2828 3033'),
  ...each('future', 'US', 'NQ ES YM RTY CL NG GC SI HG ZB ZN ZC ZS ZW'),
  ...each('future', 'HK', 'HSI MHI HHI'),
  ...each('future', 'CN', 'IF IH IC IM'),
];

const DOW_30 =
  'AAPL AMGN AMZN AXP BA CAT CRM CSCO CVX DIS GS HD HON IBM JNJ JPM KO MCD MMM MRK MSFT NKE NVDA PG SHW TRV UNH V VZ WMT';

/** Stock regions of docs/api-gaps.md. */
const NOTED_REGIONS = 'HK SZ SH US SG JP TW IN TH DE MX MY TR ES NL GB ID VN IT'.split(' ');

describe('the catalog', () => {
  it.each(EXAMPLES)('lists the example %s %s %s', (cls, region, code) => {
    expect(findInstrument(cls, region, '', code)).toMatchObject({ class: cls, region, code });
  });

  it('holds the Dow 30 and a real index of every noted stock region', () => {
    for (const code of DOW_30.split(' '))
      expect(findInstrument('stock', 'US', '', code)).toBeDefined();
    const count = (region: string) => catalogOf('stock', region).length;
    expect(count('US')).toBeGreaterThanOrEqual(75);
    expect(count('HK')).toBeGreaterThanOrEqual(75);
    expect(count('GB')).toBeGreaterThanOrEqual(50);
    for (const region of NOTED_REGIONS) expect(count(region), region).toBeGreaterThanOrEqual(4);
    // A premium plan's 50-code batch of real codes (the benchmarks' load) in a region.
    expect(catalogOf('crypto', 'BA').length).toBeGreaterThanOrEqual(50);
    expect(CATALOG.length).toBeGreaterThan(500);
  });

  it('lists every other class only in the regions the real service uses', () => {
    const regions = (cls: AssetClass) => [...new Set(catalogOf(cls).map((e) => e.region))].sort();
    expect(regions('crypto')).toEqual(['BA', 'BT']);
    expect(regions('forex')).toEqual(['GB']);
    expect(regions('indices')).toEqual(['GB']);
    expect(regions('future')).toEqual(['CN', 'HK', 'US']);
    expect(regions('fund')).toEqual(['HK', 'US']);
  });

  it('stores each code in its canonical form, once per class and region', () => {
    const keys = new Set<string>();
    for (const e of CATALOG) {
      expect(e.code).toBe(canonicalCode(e.region, e.code));
      keys.add(`${e.class}:${e.region}:${e.code}`);
    }
    expect(keys.size).toBe(CATALOG.length);
  });

  it('gives every instrument a name, a positive price, an exchange and a currency', () => {
    for (const e of CATALOG) {
      const where = `${e.class} ${e.region} ${e.code}`;
      expect(e.name.length, where).toBeGreaterThan(1);
      expect(e.price, where).toBeGreaterThan(0);
      expect(e.exchange.length, where).toBeGreaterThan(1);
      expect(e.currency, where).toMatch(/^[A-Z]{3,4}$/);
    }
  });

  it('gives every stock its sector, industry, website and figures in its region’s currency', () => {
    for (const e of catalogOf('stock')) {
      const where = `${e.region} ${e.code}`;
      expect(e.currency, where).toBe(REGION_CURRENCY[e.region]);
      expect(e.sector, where).toBeTruthy();
      expect(e.industry, where).toBeTruthy();
      expect(e.shares, where).toBeGreaterThan(0);
      expect(Number.isFinite(e.eps), where).toBe(true);
      if (e.status === 0) expect(e.website, where).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/);
    }
  });

  it('keeps the status fixtures apart: example names, in the major regions', () => {
    for (const region of ['US', 'GB', 'DE', 'HK', 'SH', 'SZ', 'JP']) {
      expect(STATUS_SYMBOLS.filter((s) => s.region === region).map((s) => s.status)).toEqual([
        1, 2, 3,
      ]);
    }
    for (const s of STATUS_SYMBOLS) expect(s.name).toMatch(/Example/);
    expect(CATALOG.filter((e) => e.status !== 0)).toHaveLength(STATUS_SYMBOLS.length);
  });
});

describe('findInstrument', () => {
  it.each<[AssetClass, string, string, string, { code: string } | { name: string } | undefined]>([
    // Case-insensitively, and HK codes without their leading zeros.
    ['stock', 'US', '', 'aapl', { code: 'AAPL' }],
    ['stock', 'us', '', ' AAPL ', { code: 'AAPL' }],
    ['stock', 'HK', '', '00700', { code: '700' }],
    ['stock', 'HK', '', '0005', { name: 'HSBC Holdings plc' }],
    ['crypto', 'BA', '', 'btcusdt', { code: 'BTCUSDT' }],
    // No code outside the catalog, nor a code in another class or region.
    ['stock', 'US', '', 'ZZZZ', undefined],
    ['stock', 'US', '', 'TENCENT', undefined],
    ['stock', 'XX', '', 'AAPL', undefined],
    ['fund', 'US', '', 'AAPL', undefined],
    ['indices', 'US', '', 'SPX', undefined],
    // Leading zeros are an HK convention only: SZ codes keep theirs.
    ['stock', 'SZ', '', '1', undefined],
    // A stock on an empty exchange, its own, or the region’s primary one named; not another.
    ['stock', 'US', 'NYSE', 'JPM', { code: 'JPM' }],
    ['stock', 'US', 'nasdaq', 'JPM', { code: 'JPM' }],
    ['stock', 'US', 'LSE', 'JPM', undefined],
    ['stock', 'HK', 'HKEX', '700', { code: '700' }],
    // Other classes take no exchange: whatever is sent is ignored.
    ['crypto', 'BA', 'XYZ', 'BTCUSDT', { code: 'BTCUSDT' }],
  ])('%s %s exchange "%s" code "%s": %j', (cls, region, exchange, code, expected) => {
    const found = findInstrument(cls, region, exchange, code);
    if (expected === undefined) expect(found).toBeUndefined();
    else expect(found).toMatchObject(expected);
  });
});
