import { describe, expect, it } from 'vitest';
import { pairName } from './pair-names';

describe('pair names', () => {
  it('names a crypto or forex pair from its assets, base / quote', () => {
    const codes = ['BTCUSDT', 'ETHBTC', 'USDCUSDT', 'BTCUSDC', 'RENDERUSDT', 'EURUSD', 'XAUUSD'];
    expect(Object.fromEntries(codes.map((code) => [code, pairName(code)]))).toEqual({
      BTCUSDT: 'Bitcoin / TetherUS',
      ETHBTC: 'Ethereum / Bitcoin',
      USDCUSDT: 'USD Coin / TetherUS',
      BTCUSDC: 'Bitcoin / USD Coin',
      RENDERUSDT: 'Render / TetherUS',
      EURUSD: 'Euro / US Dollar',
      XAUUSD: 'Gold / US Dollar',
    });
  });

  it('names nothing that is not two known assets', () => {
    for (const code of ['FOOUSDT', 'AAPL', 'USDT', '']) expect(pairName(code), code).toBeNull();
  });
});
