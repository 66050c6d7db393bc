import { describe, expect, it } from 'vitest';
import { SyntheticMarket } from './synthetic-market';

const NOW = Date.parse('2026-11-18T15:30:17.250Z');
const market = () => new SyntheticMarket({ seed: 1, now: () => NOW });
const FIELDS = ['bd', 'c', 'e', 'fcc', 'i', 'mcb', 'n', 'pet', 'r', 's', 't', 'tso', 'wu'];

describe('stock info', () => {
  it('gives a known company its real name, sector and website, figures as numbers', () => {
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
    });
    expect(info.wu).toBe('https://www.apple.com');
    const ld = m.quote('stock', 'US', '', 'AAPL').ld;
    expect(info.mcb).toBe(Math.round((info.tso as number) * ld));
    expect(typeof info.pet).toBe('number');
    expect(info.pet as number).toBeGreaterThan(5);
  });

  it('invents a plausible, stable company for any other code', () => {
    const a = market().info('HK', '', '1234', 'stock');
    const b = market().info('HK', '', '1234', 'stock');
    expect(a).toEqual(b);
    expect(a.n.length).toBeGreaterThan(3);
    expect(a).toMatchObject({ c: '1234', e: 'HKEX', r: 'HKD', fcc: 'HKD' });
    expect(a.wu).toMatch(/^https:\/\/www\.[a-z0-9]+\.com$/);
    for (const f of ['mcb', 'tso', 'pet'] as const) expect(typeof a[f]).toBe('number');
  });
});
