import { describe, expect, it } from 'vitest';
import { paletteSearchOf, parseSymbolCommand } from './palette-parse';

describe('parseSymbolCommand', () => {
  it('reads code and region', () => {
    expect(parseSymbolCommand('AAPL US')).toEqual({
      symbol: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
      kind: null,
      kType: null,
      regionGuessed: false,
    });
  });

  it('reads a pane kind and an interval', () => {
    const parsed = parseSymbolCommand('700 HK chart 1d');
    expect(parsed?.symbol).toEqual({ class: 'stock', region: 'HK', exchange: '', code: '700' });
    expect(parsed?.kind).toBe('chart');
    expect(parsed?.kType).toBe(8);
  });

  it('infers crypto from the venue', () => {
    const parsed = parseSymbolCommand('btcusdt ba depth');
    expect(parsed?.symbol).toMatchObject({ class: 'crypto', region: 'BA', code: 'BTCUSDT' });
    expect(parsed?.kind).toBe('depth');
  });

  it('infers forex, futures, funds and indices', () => {
    expect(parseSymbolCommand('EURUSD GB')?.symbol.class).toBe('forex');
    expect(parseSymbolCommand('NQ US')?.symbol.class).toBe('future');
    expect(parseSymbolCommand('SPY US')?.symbol.class).toBe('fund');
    expect(parseSymbolCommand('FTSE GB')?.symbol.class).toBe('indices');
  });

  it('tells 1m (minute) from 1M (month) and reads spec numbers as codes', () => {
    expect(parseSymbolCommand('AAPL US 1m')?.kType).toBe(1);
    expect(parseSymbolCommand('AAPL US 1M')?.kType).toBe(10);
    expect(parseSymbolCommand('AAPL US 4h')?.kType).toBe(7);
    expect(parseSymbolCommand('AAPL US 1H')?.kType).toBe(5);
  });

  it('takes an interval alone to mean a chart', () => {
    expect(parseSymbolCommand('TSLA US 15m')).toMatchObject({ kind: 'chart', kType: 3 });
  });

  it('accepts words in any order and a class override', () => {
    const parsed = parseSymbolCommand('QQQ depth US fund');
    expect(parsed).toMatchObject({ kind: 'depth', symbol: { class: 'fund', region: 'US' } });
    expect(parseSymbolCommand('XYZ US crypto')?.symbol.class).toBe('crypto');
    expect(parseSymbolCommand('EURUSD fx')?.symbol).toMatchObject({ class: 'forex', region: 'GB' });
  });

  it('guesses the region when none is typed', () => {
    expect(parseSymbolCommand('BTCUSDT')).toMatchObject({
      symbol: { class: 'crypto', region: 'BA' },
      regionGuessed: true,
    });
    expect(parseSymbolCommand('700 news')?.symbol.region).toBe('HK');
    expect(parseSymbolCommand('btc')?.symbol).toMatchObject({
      class: 'crypto',
      region: 'BA',
      code: 'BTCUSDT',
    });
    // With a region, BTC is whatever that market calls BTC.
    expect(parseSymbolCommand('BTC US')?.symbol).toMatchObject({ class: 'stock', code: 'BTC' });
  });

  it('canonicalises the code: upper case, HK codes without leading zeros', () => {
    expect(parseSymbolCommand('00700 HK')?.symbol).toMatchObject({ region: 'HK', code: '700' });
    expect(parseSymbolCommand('00700')?.symbol).toMatchObject({ region: 'HK', code: '700' });
    expect(parseSymbolCommand('aapl us')?.symbol.code).toBe('AAPL');
    // Only HK drops zeros: a Shenzhen code keeps them.
    expect(parseSymbolCommand('000001')?.symbol).toMatchObject({ region: 'SZ', code: '000001' });
  });

  it("does not guess a market for a word that is nobody's code", () => {
    expect(parseSymbolCommand('tencent')).toBeNull();
    expect(parseSymbolCommand('tencent chart')).toBeNull();
    // With a region typed it is a command, for the source to accept or refuse.
    expect(parseSymbolCommand('tencent US')?.symbol).toMatchObject({
      class: 'stock',
      region: 'US',
      code: 'TENCENT',
    });
  });

  it('refuses what is not a symbol command', () => {
    expect(parseSymbolCommand('')).toBeNull();
    expect(parseSymbolCommand('   ')).toBeNull();
    expect(parseSymbolCommand('toggle theme')).toBeNull();
    expect(parseSymbolCommand('AAPL US chart banana')).toBeNull();
    expect(parseSymbolCommand('AAPL US HK')).toBeNull();
    expect(parseSymbolCommand('$$$ US')).toBeNull();
  });
});

describe('paletteSearchOf', () => {
  it('searches the words before the modifiers', () => {
    expect(paletteSearchOf('tencent')).toEqual({
      text: 'tencent',
      whole: 'tencent',
      kind: null,
      kType: null,
    });
    expect(paletteSearchOf(' apple us ')).toMatchObject({ text: 'apple', region: 'US' });
    expect(paletteSearchOf('700 HK chart 1d')).toMatchObject({
      text: '700',
      region: 'HK',
      kind: 'chart',
      kType: 8,
    });
    expect(paletteSearchOf('bitcoin crypto depth')).toMatchObject({
      text: 'bitcoin',
      class: 'crypto',
      kind: 'depth',
    });
    expect(paletteSearchOf('bank of america')).toMatchObject({ text: 'bank of america' });
  });

  it('keeps a lone word, even one that looks like a modifier', () => {
    expect(paletteSearchOf('chart')).toMatchObject({ text: 'chart', kind: null });
    expect(paletteSearchOf('hk')).toMatchObject({ text: 'hk' });
  });

  it('takes an interval alone to mean a chart', () => {
    expect(paletteSearchOf('btc 1h')).toMatchObject({ text: 'btc', kind: 'chart', kType: 5 });
  });
});
