import { describe, expect, it } from 'vitest';
import type { NewsPageAnswer } from '../../../../shared/bridge';
import type { NewsItem } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { NewsState } from './news-state.svelte';

const item = (id: number): NewsItem => ({
  id: `n${id}`,
  title: `t${id}`,
  publishedAt: id * 1000,
  market: 'stock',
  language: 'en',
  link: `https://example.com/${id}`,
  provider: 'p',
});
const answer = (ids: number[], extra: Partial<NewsPageAnswer> = {}): NewsPageAnswer => ({
  market: 'stock',
  lang: 'en',
  cursor: null,
  items: ids.map(item),
  nextCursor: 'c1',
  hasMore: true,
  offline: false,
  asOf: 1,
  refreshing: false,
  ...extra,
});

describe('NewsState', () => {
  it('loads the newest page, subscribes and prepends live items without duplicates', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.loadNews = async () => answer([3, 2, 1]);
    const news = new NewsState(bridge);
    await news.setFilter('stock', 'en');
    expect(bridge.calls[0]).toEqual({
      name: 'subscribe',
      args: { spec: { kind: 'news', market: 'stock', lang: 'en' } },
    });
    expect(news.items.map((i) => i.id)).toEqual(['n3', 'n2', 'n1']);
    bridge.emit('news', { subscriptionId: 's1', items: [item(4), item(3)] });
    expect(news.items.map((i) => i.id)).toEqual(['n4', 'n3', 'n2', 'n1']);
  });

  it('loads older pages through the cursor until hasMore is false', async () => {
    const bridge = new FakeBridge();
    const answers = [
      answer([6, 5]),
      answer([4, 3], { nextCursor: 'c2' }),
      answer([2], { hasMore: false, nextCursor: null }),
    ];
    bridge.handlers.loadNews = async () => answers.shift()!;
    const news = new NewsState(bridge);
    await news.setFilter('stock', 'en');
    await news.loadMore();
    await news.loadMore();
    await news.loadMore();
    const loads = bridge.calls.filter((c) => c.name === 'loadNews').map((c) => c.args);
    expect(loads).toEqual([
      { market: 'stock', lang: 'en', limit: 30 },
      { market: 'stock', lang: 'en', limit: 30, cursor: 'c1' },
      { market: 'stock', lang: 'en', limit: 30, cursor: 'c2' },
    ]);
    expect(news.items).toHaveLength(5);
    expect(news.hasMore).toBe(false);
  });

  it('pages a new market at once, though the old one’s older page never answered', async () => {
    const bridge = new FakeBridge();
    let olderAnswers = true;
    bridge.handlers.loadNews = async (args) => {
      if (args.cursor && !olderAnswers) return new Promise<never>(() => {});
      return answer([args.cursor ? 1 : 2], { market: args.market, nextCursor: `${args.market}-c` });
    };
    const news = new NewsState(bridge);
    await news.setFilter('stock', 'en');
    olderAnswers = false;
    void news.loadMore();
    expect(news.loadingMore).toBe(true);
    await news.setFilter('crypto', 'en');
    expect(news.loadingMore).toBe(false);
    olderAnswers = true;
    await news.loadMore();
    const loads = bridge.calls.filter((c) => c.name === 'loadNews').map((c) => c.args);
    expect(loads.at(-1)).toEqual({ market: 'crypto', lang: 'en', limit: 30, cursor: 'crypto-c' });
  });

  it('stops paging when a page brings nothing new', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.loadNews = async () => answer([2, 1]);
    const news = new NewsState(bridge);
    await news.setFilter('stock', 'en');
    await news.loadMore();
    expect(news.hasMore).toBe(false);
  });

  it('marks an offline page and drops answers for an old filter', async () => {
    const bridge = new FakeBridge();
    const resolvers = bridge.hold('loadNews');
    const news = new NewsState(bridge);
    const first = news.setFilter('stock', 'en');
    const second = news.setFilter('crypto', 'en');
    resolvers[1]!(answer([9], { offline: true, asOf: 5 }));
    resolvers[0]!(answer([1, 2, 3]));
    await Promise.all([first, second]);
    expect(news.items.map((i) => i.id)).toEqual(['n9']);
    expect(news.offline).toBe(true);
    expect(news.asOf).toBe(5);
    expect(news.badge).toEqual({ state: 'offline', asOf: 5 });
    news.dispose();
    expect(bridge.listenerCount()).toBe(0);
  });

  it('retries a first page lost with the connection when the bridge reconnects, or on retry()', async () => {
    const bridge = new FakeBridge();
    let fail = true;
    bridge.handlers.loadNews = () =>
      fail ? Promise.reject(new Error('connection lost')) : Promise.resolve(answer([2, 1]));
    let reconnect = () => {};
    const news = new NewsState(bridge, (l) => {
      reconnect = l;
      return () => (reconnect = () => {});
    });
    await news.setFilter('stock', 'en');
    expect(news.error).toBe('connection lost');
    expect(news.items).toHaveLength(0);
    fail = false;
    reconnect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(news.items.map((i) => i.id)).toEqual(['n2', 'n1']);
    expect(news.error).toBeNull();
    // Loaded: another reconnect leaves it alone; the Retry button still reloads.
    reconnect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bridge.calls.filter((c) => c.name === 'loadNews')).toHaveLength(2);
    await news.retry();
    expect(bridge.calls.filter((c) => c.name === 'loadNews')).toHaveLength(3);
    news.dispose();
    expect(bridge.listenerCount()).toBe(0);
  });
});
