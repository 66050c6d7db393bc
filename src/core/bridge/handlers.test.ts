/**
 * The handler table's own rules, over a fake backend: a history page answered for a
 * source other than the current one (a demo → live switch while it loaded) is refused.
 */
import { describe, expect, it } from 'vitest';
import type { AppStatus, DataSourceId, SeriesKey } from '../../shared/model';
import type { CandleAnswer, NewsAnswer } from '../cache';
import type { BridgeBackend, ShellHooks } from './backend';
import { ClientRegistry } from './client-registry';
import { BridgeFailure } from './errors';
import { createHandlers } from './handlers';
import { NewsLinks } from './news-links';

const SERIES: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 };

function setup(current: DataSourceId, answered: DataSourceId, budgetWaitMs = 0) {
  const candles: CandleAnswer = {
    series: SERIES,
    source: answered,
    candles: [{ time: 1, open: 1, high: 1, low: 1, close: 1, volume: 1, turnover: 1 }],
    atHistoryStart: false,
    offline: false,
    asOf: 1,
    refreshing: false,
  } as CandleAnswer;
  const news = {
    source: answered,
    market: 'stock',
    lang: 'en',
    cursor: null,
    items: [],
    nextCursor: null,
    hasMore: false,
    offline: false,
    asOf: 1,
    refreshing: false,
  } as unknown as NewsAnswer;
  const backend = {
    history: {
      loadCandles: async () => candles,
      loadNews: async () => news,
      onCandles: () => () => undefined,
    },
    status: () => ({ source: current }) as AppStatus,
    getSettings: () => ({ requestTimeoutMs: 1_000 }),
    budgetWaitMs: () => budgetWaitMs,
  } as unknown as BridgeBackend;
  const clients = new ClientRegistry();
  clients.add('w', () => undefined);
  const handlers = createHandlers({
    backend,
    hooks: {} as ShellHooks,
    links: new NewsLinks(),
    clients,
  });
  const ctx = { clientId: 'w' } as Parameters<typeof handlers.loadCandles>[1];
  return { handlers, ctx, backend };
}

describe('history pages and the current source', () => {
  it('answers a page of the current source', async () => {
    const { handlers, ctx } = setup('demo', 'demo');
    const page = await handlers.loadCandles({ series: SERIES, limit: 10 }, ctx);
    expect(page.candles).toHaveLength(1);
  });

  it('refuses candles and news loaded for the source the app just left', async () => {
    const { handlers, ctx } = setup('live:https://api.example.com', 'demo');
    const candles = handlers.loadCandles({ series: SERIES, limit: 10 }, ctx);
    await expect(candles).rejects.toBeInstanceOf(BridgeFailure);
    await expect(candles).rejects.toThrow(/source changed/);
    const news = handlers.loadNews({ market: 'stock', lang: 'en', limit: 10 }, ctx);
    await expect(news).rejects.toThrow(/source changed/);
  });
});

describe('a page that has to ask the service', () => {
  it('fails within the request timeout (plus the budget margin) when the service hangs', async () => {
    const { handlers, ctx, backend } = setup('demo', 'demo');
    let asked: AbortSignal | undefined;
    backend.history.loadCandles = (_series, query) =>
      new Promise((_resolve, reject) => {
        asked = query.signal;
        query.signal?.addEventListener('abort', () => reject(query.signal?.reason));
      });
    const page = handlers.loadCandles({ series: SERIES, limit: 10, before: 1_000 }, ctx);
    await expect(page).rejects.toThrow(/did not answer within 3 s; try again/);
    expect(asked?.aborted).toBe(true);
  });

  it('gives the wait for a slot of the plan’s minute besides (rounded up to the second)', async () => {
    const { handlers, ctx, backend } = setup('demo', 'demo', 1_500);
    backend.history.loadCandles = (_series, query) =>
      new Promise((_resolve, reject) => {
        query.signal?.addEventListener('abort', () => reject(query.signal?.reason));
      });
    const page = handlers.loadCandles({ series: SERIES, limit: 10, before: 1_000 }, ctx);
    await expect(page).rejects.toThrow(/did not answer within 5 s; try again/);
  });
});
