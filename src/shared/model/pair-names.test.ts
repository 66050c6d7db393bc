import { describe, expect, it } from 'vitest';
import { pairName } from './pair-names';

describe('pair names', () => {
  it.each([
    ['BTCUSDT', 'Bitcoin / TetherUS'],
    ['ETHBTC', 'Ethereum / Bitcoin'],
    ['USDCUSDT', 'USD Coin / TetherUS'],
    ['BTCUSDC', 'Bitcoin / USD Coin'],
    ['RENDERUSDT', 'Render / TetherUS'],
    ['EURUSD', 'Euro / US Dollar'],
    ['XAUUSD', 'Gold / US Dollar'],
  ])('names %s from its assets: %s', (code, name) => {
    expect(pairName(code)).toBe(name);
  });

  it('names nothing that is not two known assets', () => {
    expect(pairName('FOOUSDT')).toBeNull();
    expect(pairName('AAPL')).toBeNull();
    expect(pairName('USDT')).toBeNull();
    expect(pairName('')).toBeNull();
  });
});
