/**
 * `searchSymbols` end to end over the bridge, on the real services in demo mode: the
 * directory is the simulator's catalog, arguments are validated, answers are plain data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolSearchAnswer } from '../../shared/model';
import { startTestBridge, type TestBridge } from './test-bridge';

let bridge: TestBridge;
beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(() => bridge.close());

async function search(query: Record<string, unknown>): Promise<SymbolSearchAnswer> {
  const response = await bridge.client().call('searchSymbols', { query });
  if (!response.ok) throw new Error(response.error.message);
  return response.value as SymbolSearchAnswer;
}

describe('searchSymbols', () => {
  it('finds the issue’s cases in the demo directory', async () => {
    const tencent = await search({ text: 'tencent' });
    expect(tencent.source).toBe('demo');
    expect(tencent.results[0]).toMatchObject({
      code: '700',
      region: 'HK',
      class: 'stock',
      name: 'Tencent Holdings Ltd.',
      exchange: 'HKEX',
    });
    expect((await search({ text: 'apple' })).results[0]).toMatchObject({
      code: 'AAPL',
      region: 'US',
    });
    expect((await search({ text: 'btc' })).results[0]).toMatchObject({
      code: 'BTCUSDT',
      region: 'BA',
    });
  });

  it('keeps to the filters and the limit', async () => {
    const answer = await search({ text: 'a', class: 'crypto', region: 'bt', limit: 3 });
    expect(answer.results).toHaveLength(3);
    for (const r of answer.results) expect(r).toMatchObject({ class: 'crypto', region: 'BT' });
  });

  it('refuses a bad argument with the reason', async () => {
    const response = await bridge.client().call('searchSymbols', { query: { text: 1 } });
    expect(response.ok).toBe(false);
    expect(!response.ok && response.error.code).toBe('bad-argument');
  });
});
