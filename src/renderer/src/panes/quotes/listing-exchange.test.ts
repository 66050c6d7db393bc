import { describe, expect, it } from 'vitest';
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { SymbolMatch, SymbolSearchAnswer } from '../../../../shared/model';
import { ManualTimers, flush } from '../../../../shared/testing/manual-timers';
import { AGAIN_MS } from '../../base/symbols/symbol-search.svelte';
import { LISTING_WAIT_MS, listingExchange } from './listing-exchange';
import type { SymbolRef } from '../../workspace/pane-contract';

const NQ: SymbolRef = { class: 'future', region: 'US', exchange: '', code: 'NQ' };
const nqMatch: SymbolMatch = {
  class: 'future',
  region: 'US',
  code: 'NQ',
  name: 'E-mini Nasdaq-100',
  exchange: 'CME',
  match: 'code',
  origin: 'listed',
};

/** A directory answering each search with the next of `answers` (the last one again after). */
function directory(answers: (Partial<SymbolSearchAnswer> | Error)[]) {
  const asked: unknown[] = [];
  const bridge = {
    invoke: async (command: string, args: unknown) => {
      asked.push({ command, args });
      const next = answers[Math.min(asked.length, answers.length) - 1]!;
      if (next instanceof Error) throw next;
      return { source: 'demo', results: [], size: 0, loading: false, ...next };
    },
  } as unknown as Pick<MarketdeskBridge, 'invoke'>;
  return { bridge, asked };
}

/** Runs `listingExchange` on manual timers, firing each wait until it answers. */
async function exchangeOf(bridge: Pick<MarketdeskBridge, 'invoke'>): Promise<string> {
  const timers = new ManualTimers();
  let answer: string | undefined;
  void listingExchange(bridge, NQ, timers, timers.now).then((a) => (answer = a));
  for (let i = 0; i < 100 && answer === undefined; i++) {
    await flush();
    timers.runNext();
  }
  return answer!;
}

describe('listingExchange', () => {
  it("names the directory's exchange for a symbol on the region's primary exchange", async () => {
    const { bridge, asked } = directory([{ results: [nqMatch], size: 1 }]);
    expect(await exchangeOf(bridge)).toBe('CME');
    expect(asked).toEqual([
      {
        command: 'searchSymbols',
        args: { query: { text: 'NQ', class: 'future', region: 'US', limit: 5 } },
      },
    ]);
  });

  it('asks again while the directory still reads the source list, then names it', async () => {
    const { bridge, asked } = directory([
      { loading: true },
      { loading: true },
      { results: [nqMatch], loading: false },
    ]);
    expect(await exchangeOf(bridge)).toBe('CME');
    expect(asked).toHaveLength(3);
  });

  it("gives up on a list still loading after the wait: the symbol's own exchange", async () => {
    const { bridge, asked } = directory([{ loading: true }]);
    expect(await exchangeOf(bridge)).toBe('');
    // Once at the start, then every AGAIN_MS while the wait lasts.
    expect(asked.length).toBe(1 + Math.floor(LISTING_WAIT_MS / AGAIN_MS));
  });

  it("answers the symbol's own exchange when the directory has none or fails", async () => {
    expect(await exchangeOf(directory([{ results: [{ ...nqMatch, exchange: '' }] }]).bridge)).toBe(
      '',
    );
    expect(await exchangeOf(directory([{ results: [{ ...nqMatch, region: 'GB' }] }]).bridge)).toBe(
      '',
    );
    expect(await exchangeOf(directory([new Error('host gone')]).bridge)).toBe('');
  });
});
