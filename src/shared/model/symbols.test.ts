import { describe, expect, it } from 'vitest';
import {
  EXCHANGE_PATTERN,
  SYMBOL_CODE_MAX_LENGTH,
  canonicalCode,
  canonicalCodes,
  canonicalInstrument,
  isRegion,
  isSymbolCode,
  readRegion,
  splitRegionSuffix,
} from './symbols';

describe('the symbol code shape', () => {
  it('takes 1–32 letters, digits, . _ or -, starting with a letter or digit', () => {
    for (const code of ['AAPL', '700', 'BRK.B', 'BTCUSDT', 'EUR_USD', 'ES-2412', 'a']) {
      expect(isSymbolCode(code), code).toBe(true);
    }
    expect(SYMBOL_CODE_MAX_LENGTH).toBe(32);
    // 25 to 32 characters: refused by the deep links and the palette while they had 24.
    expect(isSymbolCode('A'.repeat(25))).toBe(true);
    expect(isSymbolCode('A'.repeat(SYMBOL_CODE_MAX_LENGTH))).toBe(true);
    expect(isSymbolCode('A'.repeat(SYMBOL_CODE_MAX_LENGTH + 1))).toBe(false);
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
      expect(isSymbolCode(code), code).toBe(false);
    }
  });
});

describe('the region shapes', () => {
  it('keeps regions as two capital letters', () => {
    expect(isRegion('US')).toBe(true);
    for (const r of ['us', 'Us', 'USA', 'U', '', 'U1', ' US']) expect(isRegion(r), r).toBe(false);
  });

  it('reads two letters typed in any case as the canonical region', () => {
    expect(readRegion('us')).toBe('US');
    expect(readRegion('Hk')).toBe('HK');
    for (const r of ['usa', 'u', '', '1A', 'U-']) expect(readRegion(r), r).toBeNull();
  });

  it('splits a code spelt with its region (the stream’s CODE$REGION, CODE.REGION)', () => {
    expect(splitRegionSuffix('AAPL.US')).toEqual({ code: 'AAPL', region: 'US' });
    expect(splitRegionSuffix('btcusdt$ba')).toEqual({ code: 'btcusdt', region: 'BA' });
    expect(splitRegionSuffix('BRK.B.US')).toEqual({ code: 'BRK.B', region: 'US' });
    expect(splitRegionSuffix('AAPL')).toBeNull();
    expect(splitRegionSuffix('.US')).toBeNull();
  });
});

describe('the exchange shape', () => {
  it('is empty or up to 16 letters, digits, spaces, . _ or -', () => {
    for (const e of ['', 'NASDAQ', 'NYSE ARCA', 'LSE_IOB', 'X'.repeat(16)]) {
      expect(EXCHANGE_PATTERN.test(e), e).toBe(true);
    }
    for (const e of ['X'.repeat(17), 'A/B', 'NYSE;', 'ä']) {
      expect(EXCHANGE_PATTERN.test(e), e).toBe(false);
    }
  });
});

describe('canonical forms', () => {
  it('upper-cases codes and drops the leading zeros of HK codes', () => {
    expect(canonicalCode('US', ' aapl ')).toBe('AAPL');
    expect(canonicalCode('hk', '00700')).toBe('700');
    expect(canonicalCode('HK', '0')).toBe('0');
    expect(canonicalCode('SZ', '000651')).toBe('000651');
  });

  it('makes an instrument and a list of codes canonical', () => {
    expect(
      canonicalInstrument({ class: 'stock', region: 'hk', exchange: 'hkex', code: '00700' }),
    ).toEqual({ class: 'stock', region: 'HK', exchange: 'HKEX', code: '700' });
    expect(canonicalCodes('HK', ['00700', '700', ' 5 ', ''])).toEqual(['700', '5']);
  });
});
