import { describe, expect, it } from 'vitest';
import { inferAssetClass, inferRegion, isForexPair } from './symbol-inference';

describe('inferAssetClass', () => {
  it.each([
    ['AAPL', 'US', 'stock'],
    ['700', 'HK', 'stock'],
    ['BTCUSDT', 'BA', 'crypto'],
    ['ETHUSDT', 'BT', 'crypto'],
    ['EURUSD', 'GB', 'forex'],
    ['USDJPY', 'GB', 'forex'],
    ['NQ', 'US', 'future'],
    ['ES', 'US', 'future'],
    ['CL', 'US', 'future'],
    ['GC', 'US', 'future'],
    ['HSI', 'HK', 'future'],
    ['QQQ', 'US', 'fund'],
    ['SPY', 'US', 'fund'],
    ['2800', 'HK', 'fund'],
    ['FTSE', 'GB', 'indices'],
    ['SPX', 'GB', 'indices'],
    ['HSI', 'GB', 'indices'],
    ['BP', 'GB', 'stock'],
  ] as const)('%s %s → %s', (code, region, cls) => {
    expect(inferAssetClass(code, region)).toBe(cls);
  });

  it('needs the region for futures and forex', () => {
    // A London-listed six-letter code that is no currency pair stays a stock.
    expect(inferAssetClass('ABCDEF', 'GB')).toBe('stock');
    expect(inferAssetClass('EURUSD', 'US')).toBe('stock');
    expect(inferAssetClass('NQ', 'GB')).toBe('stock');
  });
});

describe('inferRegion', () => {
  it.each([
    ['AAPL', 'US'],
    ['700', 'HK'],
    ['BTCUSDT', 'BA'],
    ['EURUSD', 'GB'],
    ['FTSE', 'GB'],
    ['600519', 'SH'],
    ['000001', 'SZ'],
  ])('%s → %s', (code, region) => {
    expect(inferRegion(code)).toBe(region);
  });

  it("guesses no region for a word that is no market's code", () => {
    expect(inferRegion('TENCENT')).toBeNull();
    expect(inferRegion('FOOBARBAZ')).toBeNull();
    expect(inferRegion('APPLE.INC')).toBeNull();
    expect(inferRegion('BRK.B')).toBe('US');
    expect(inferRegion('GOOGL')).toBe('US');
    expect(inferRegion('ARKK')).toBe('US');
  });

  it('recognises currency pairs only', () => {
    expect(isForexPair('GBPUSD')).toBe(true);
    expect(isForexPair('GBPXXX')).toBe(false);
    expect(isForexPair('EURUS')).toBe(false);
  });
});
