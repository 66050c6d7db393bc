import { describe, expect, it } from 'vitest';
import { SyntheticMarket } from './synthetic-market';
import { listedMarket } from './test-market';

const NOW = Date.parse('2026-11-18T15:30:17.250Z');
const market = () => listedMarket({ seed: 1, now: () => NOW });
const FIELDS = ['bd', 'c', 'e', 'fcc', 'i', 'mcb', 'n', 'pet', 'r', 's', 't', 'tso', 'wu'];

describe('stock info', () => {
  it('gives a catalog company its real name, sector and website, figures as numbers', () => {
    const m = market();
    const info = m.info('US', '', 'AAPL', 'stock');
    expect(Object.keys(info).sort()).toEqual(FIELDS);
    expect(info).toMatchObject({
      c: 'AAPL',
      n: 'Apple Inc.',
      t: 'stock',
      e: 'NASDAQ',
      r: 'USD',
      fcc: 'USD',
      s: 'Technology',
      i: 'Consumer Electronics',
    });
    expect(info.wu).toBe('https://www.apple.com');
    const ld = m.quote('stock', 'US', '', 'AAPL').ld;
    expect(info.mcb).toBe(Math.round((info.tso as number) * ld));
    expect(typeof info.pet).toBe('number');
    expect(info.pet as number).toBeGreaterThan(5);
  });

  it('states a London company’s capitalisation in pounds from a price in pence', () => {
    const m = market();
    const info = m.info('GB', '', 'AZN', 'stock');
    expect(info).toMatchObject({ n: 'AstraZeneca PLC', e: 'LSE', fcc: 'GBP' });
    const pence = m.quote('stock', 'GB', '', 'AZN').ld;
    expect(info.mcb).toBe(Math.round((info.tso as number) * (pence / 100)));
    // AstraZeneca is a company of a hundred-odd billion pounds, not of pence.
    expect(info.mcb as number).toBeGreaterThan(50e9);
    expect(info.mcb as number).toBeLessThan(500e9);
  });

  it('reports a loss-making company with a negative P/E', () => {
    expect(market().info('US', '', 'INTC', 'stock').pet as number).toBeLessThan(0);
  });

  it('describes the status fixtures as what they are', () => {
    const info = market().info('US', '', 'HALT', 'stock');
    expect(info.n).toBe('Suspended Example Holdings');
    expect(info.bd).toMatch(/demo fixture.*not a real company/);
  });

  it('has no record for a code outside the catalog, and never invents a company', () => {
    const m = new SyntheticMarket({ seed: 1, now: () => NOW });
    expect(m.info('HK', '', '1234', 'stock')).toBeNull();
    expect(m.info('US', '', 'TENCENT', 'stock')).toBeNull();
    expect(m.info('XX', '', 'AAPL', 'stock')).toBeNull();
  });
});
