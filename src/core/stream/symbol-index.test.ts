import { describe, expect, it } from 'vitest';
import { streamSymbol } from '../../shared/api/stream';
import { SymbolIndex } from './symbol-index';

const held = (code: string, region: string) => ({ key: streamSymbol(code, region), code, region });

describe('symbol index', () => {
  const index = new SymbolIndex();
  index.reset([
    held('AAPL', 'US'),
    held('700', 'HK'),
    held('ETHUSDT', 'BA'),
    held('BTCUSDT', 'BA'),
    held('BTCUSDT', 'BT'),
    held('BRK.B', 'US'),
  ]);

  it.each([
    ['AAPL.US', 'AAPL$US'],
    ['aapl.us', 'AAPL$US'],
    ['AAPL$US', 'AAPL$US'],
    ['AAPL', 'AAPL$US'],
    ['700.HK', '700$HK'],
    ['00700.HK', '700$HK'],
    ['00700', '700$HK'],
    ['ETH_USDT', 'ETHUSDT$BA'],
    ['ETH-USDT', 'ETHUSDT$BA'],
    ['eth/usdt', 'ETHUSDT$BA'],
    ['ETHUSDT', 'ETHUSDT$BA'],
    ['BTCUSDT.BT', 'BTCUSDT$BT'],
    ['BTC_USDT.BA', 'BTCUSDT$BA'],
    ['BRK.B', 'BRK.B$US'],
    ['BRK.B.US', 'BRK.B$US'],
  ])('%s is %s', (s, key) => {
    expect(index.match(s)?.key).toBe(key);
  });

  it.each([
    ['a code held in two regions, without the region', 'BTCUSDT'],
    ['a symbol not held', 'MSFT.US'],
    ['a held code in a region not held', 'AAPL.GB'],
    ['nothing', ''],
  ])('%s matches nothing', (_why, s) => {
    expect(index.match(s)).toBeNull();
  });
});
