import { describe, expect, it } from 'vitest';
import * as symbols from './symbols';

describe('the symbol code shape', () => {
  it('takes 1–32 letters, digits, . _ or -, starting with a letter or digit', () => {
    for (const code of ['AAPL', '700', 'BRK.B', 'BTCUSDT', 'EUR_USD', 'ES-2412', 'a']) {
      expect(symbols.isSymbolCode(code), code).toBe(true);
    }
    expect(symbols.SYMBOL_CODE_MAX_LENGTH).toBe(32);
    // 25 to 32 characters: refused by the deep links and the palette while they had 24.
    expect(symbols.isSymbolCode('A'.repeat(25))).toBe(true);
    expect(symbols.isSymbolCode('A'.repeat(symbols.SYMBOL_CODE_MAX_LENGTH))).toBe(true);
    expect(symbols.isSymbolCode('A'.repeat(symbols.SYMBOL_CODE_MAX_LENGTH + 1))).toBe(false);
  });

  it('refuses spreadsheet formulas, separators and a leading mark', () => {
    for (const code of [
      '',
      "=CMD|' /C CALC'!A0",
      '@SUM(1+1)',
      '$X',
      '.AAPL',
      '-1',
      '_X',
      'AAPL US',
      'A,B',
      'AAPL$US',
    ]) {
      expect(symbols.isSymbolCode(code), code).toBe(false);
    }
  });
});

describe('the region shapes', () => {
  it('keeps regions as two capital letters', () => {
    expect(symbols.isRegion('US')).toBe(true);
    for (const r of ['us', 'Us', 'USA', 'U', '', 'U1', ' US'])
      expect(symbols.isRegion(r), r).toBe(false);
  });

  it('reads two letters typed in any case as the canonical region', () => {
    expect(symbols.readRegion('us')).toBe('US');
    expect(symbols.readRegion('Hk')).toBe('HK');
    for (const r of ['usa', 'u', '', '1A', 'U-']) expect(symbols.readRegion(r), r).toBeNull();
  });

  it('splits a code spelt with its region (the stream’s CODE$REGION, CODE.REGION)', () => {
    expect(symbols.splitRegionSuffix('AAPL.US')).toEqual({ code: 'AAPL', region: 'US' });
    expect(symbols.splitRegionSuffix('btcusdt$ba')).toEqual({ code: 'btcusdt', region: 'BA' });
    expect(symbols.splitRegionSuffix('BRK.B.US')).toEqual({ code: 'BRK.B', region: 'US' });
    expect(symbols.splitRegionSuffix('AAPL')).toBeNull();
    expect(symbols.splitRegionSuffix('.US')).toBeNull();
  });
});

describe('the exchange shape', () => {
  it('is empty or up to 16 letters, digits, spaces, . _ or -', () => {
    for (const e of ['', 'NASDAQ', 'NYSE ARCA', 'LSE_IOB', 'X'.repeat(16)]) {
      expect(symbols.EXCHANGE_PATTERN.test(e), e).toBe(true);
    }
    for (const e of ['X'.repeat(17), 'A/B', 'NYSE;', 'ä']) {
      expect(symbols.EXCHANGE_PATTERN.test(e), e).toBe(false);
    }
  });
});

describe('canonical forms', () => {
  it('upper-cases codes and drops the leading zeros of HK codes', () => {
    expect(symbols.canonicalCode('US', ' aapl ')).toBe('AAPL');
    expect(symbols.canonicalCode('hk', '00700')).toBe('700');
    expect(symbols.canonicalCode('HK', '0')).toBe('0');
    expect(symbols.canonicalCode('SZ', '000651')).toBe('000651');
  });

  it('makes an instrument and a list of codes canonical', () => {
    expect(
      symbols.canonicalInstrument({
        class: 'stock',
        region: 'hk',
        exchange: 'hkex',
        code: '00700',
      }),
    ).toEqual({ class: 'stock', region: 'HK', exchange: 'HKEX', code: '700' });
    expect(symbols.canonicalCodes('HK', ['00700', '700', ' 5 ', ''])).toEqual(['700', '5']);
  });
});
