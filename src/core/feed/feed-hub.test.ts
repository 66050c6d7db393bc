/**
 * The hub against a scripted client on manual timers: coalescing, slices, only-changed
 * pushes, first paint, pause and visibility, routing, intervals and client swaps.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionSpec } from '../../shared/bridge';
import { instrumentKey, planOf, type SeriesKey } from '../../shared/model';
import { NO_STORE, type FeedStore } from './store';
import { FakeFeedClient, book, quote } from './testing/fake-client';
import { manualHub, stockDepth, stockQuotes } from './testing/hub';
import { Recorder } from './testing/recorder';

const setup = manualHub;

const series = (code: string, kType: SeriesKey['kType'] = 1): SeriesKey => ({
  class: 'stock',
  region: 'US',
  exchange: '',
  code,
  kType,
});

/**
 * Two windows whose quotes overlap: `a` (w1) AAPL and MSFT, `b` (w2) MSFT and NVDA; the
 * first tick has run.
 */
async function twoWindows() {
  const rig = setup();
  const a = new Recorder();
  const b = new Recorder();
  rig.hub.subscribe('w1', stockQuotes(['AAPL', 'MSFT']), a.push);
  rig.hub.subscribe('w2', stockQuotes(['MSFT', 'NVDA']), b.push);
  await rig.timers.advance(0);
  return { ...rig, a, b };
}

describe('FeedHub: coalescing and slices', () => {
  it('merges overlapping subscriptions of two clients into one request per group per tick', async () => {
    const { timers, client, hub, a, b } = await twoWindows();
    expect(client.callsOf('quotes')).toHaveLength(1);
    expect(client.calls[0]!.codes.sort()).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(a.quoteCodes()).toEqual([['AAPL', 'MSFT']]);
    expect(b.quoteCodes()).toEqual([['MSFT', 'NVDA']]);
    client.bump();
    await timers.advance(3000);
    expect(client.callsOf('quotes')).toHaveLength(4);
    expect(a.of('quotes').every((p) => !('NVDA' in p.quotes))).toBe(true);
    hub.dispose();
  });

  it('keeps one group per (operation, class, region, exchange)', async () => {
    const { timers, client, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w', stockQuotes(['AAPL']), r.push);
    hub.subscribe('w', stockQuotes(['700'], 'HK'), r.push);
    hub.subscribe('w', { ...stockQuotes(['AAPL']), exchange: 'NYSE' } as SubscriptionSpec, r.push);
    hub.subscribe(
      'w',
      { kind: 'quotes', class: 'crypto', region: 'BA', exchange: 'ignored', codes: ['BTCUSDT'] },
      r.push,
    );
    hub.subscribe(
      'w',
      { kind: 'quotes', class: 'crypto', region: 'BA', exchange: '', codes: ['ETHUSDT'] },
      r.push,
    );
    await timers.advance(0);
    const groups = client.callsOf('quotes').map((c) => `${c.cls}:${c.region}:${c.codes.join()}`);
    expect(groups.sort()).toEqual([
      'crypto:BA:BTCUSDT,ETHUSDT',
      'stock:HK:700',
      'stock:US:AAPL',
      'stock:US:AAPL',
    ]);
    hub.dispose();
  });

  it('pushes a subscriber only the records of its slice that changed', async () => {
    const { timers, client, hub, a, b } = await twoWindows();
    await timers.advance(2000); // nothing changed: polled, not pushed
    expect(client.callsOf('quotes')).toHaveLength(3);
    expect(a.of('quotes')).toHaveLength(1);
    expect(b.of('quotes')).toHaveLength(1);
    client.bump('NVDA');
    await timers.advance(1000);
    expect(a.of('quotes')).toHaveLength(1);
    expect(b.quoteCodes().at(-1)).toEqual(['NVDA']);
    expect(b.of('quotes').at(-1)!.quotes.NVDA!.last).toBe(101);
    hub.dispose();
  });

  it('tells each subscription loading, then live', async () => {
    const { timers, hub } = setup();
    const r = new Recorder();
    const id = hub.subscribe('w', stockQuotes(['AAPL']), r.push);
    await timers.advance(0);
    expect(r.states()).toEqual(['loading', 'live']);
    const live = r.status!;
    expect(live).toMatchObject({ subscriptionId: id, state: 'live', asOf: timers.now() });
    hub.dispose();
  });
});

/** A cache holding one AAPL snapshot of `kind`, stored at `at`. */
function cachedAapl(kind: 'quote' | 'depth', record: unknown, at: number): FeedStore {
  return {
    ...NO_STORE,
    loadSnapshots: (k, instruments) =>
      new Map(
        instruments
          .filter((i) => k === kind && i.code === 'AAPL')
          .map((i) => [instrumentKey(i), { record: record as never, at }]),
      ),
  };
}

describe('FeedHub: first paint', () => {
  it('pushes the cached snapshot before any network answer', async () => {
    const cachedAt = Date.UTC(2026, 10, 17);
    const store = cachedAapl('quote', quote('AAPL', 7), cachedAt);
    const { timers, client, hub } = setup({ store });
    client.hold = true;
    const r = new Recorder();
    const id = hub.subscribe('w', stockQuotes(['AAPL', 'MSFT']), r.push);
    expect(r.events).toHaveLength(0); // the caller gets the id first
    await timers.advance(0);
    expect(client.calls).toHaveLength(1); // asked, answer held
    expect(r.events[0]).toEqual({
      event: 'quotes',
      payload: { subscriptionId: id, quotes: { AAPL: quote('AAPL', 7) } },
    });
    expect(r.of('subscriptionStatus')[0]).toMatchObject({ state: 'loading', asOf: cachedAt });
    client.release();
    await timers.advance(0);
    expect(r.quoteCodes()).toEqual([['AAPL'], ['AAPL', 'MSFT']]);
    expect(r.state).toBe('live');
    hub.dispose();
  });

  it('says a book from the cache is the cache’s, and the answer’s is not', async () => {
    const cachedAt = Date.UTC(2026, 10, 17);
    const store = cachedAapl('depth', book('AAPL', 3), cachedAt);
    const { timers, client, hub } = setup({ store });
    client.hold = true;
    const r = new Recorder();
    const id = hub.subscribe('w', stockDepth('AAPL'), r.push);
    await timers.advance(0);
    // A book carries no time: the event says it is the cache's (a heatmap must not draw
    // it as the book of now).
    expect(r.of('depth')).toEqual([
      { subscriptionId: id, books: { AAPL: book('AAPL', 3) }, cached: true },
    ]);
    client.bump();
    client.release();
    await timers.advance(0);
    expect(r.of('depth')).toHaveLength(2);
    expect(r.of('depth')[1]).not.toHaveProperty('cached');
    expect(r.state).toBe('live');
    hub.dispose();
  });

  it('serves a late subscriber from the hub’s latest records at once', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w1', stockQuotes(['AAPL', 'MSFT']), new Recorder().push);
    await timers.advance(0);
    const late = new Recorder();
    hub.subscribe('w2', stockQuotes(['MSFT']), late.push);
    await timers.advance(0);
    expect(client.calls).toHaveLength(1);
    expect(late.quoteCodes()).toEqual([['MSFT']]);
    expect(late.states()).toEqual(['live']);
    hub.dispose();
  });
});

describe('FeedHub: a pane joining a poll in flight', () => {
  it("asks the codes that poll left out as soon as it answers, not at the group's next turn", async () => {
    const { timers, client, hub, watch } = manualHub({
      intervals: { quotes: 60_000, depth: 60_000, ticks: 60_000, news: 60_000 },
    });
    client.hold = true;
    await watch(stockQuotes(['AAPL']));
    expect(client.callsOf('quotes').map((c) => c.codes)).toEqual([['AAPL']]);
    // A pane on MSFT opens while AAPL's poll waits (for a small plan's budget, say).
    const [msft] = await watch(stockQuotes(['MSFT']));
    client.hold = false;
    client.release();
    await timers.advance(1_000);
    // Not told live with nothing: its codes are asked at once.
    expect(client.callsOf('quotes').map((c) => c.codes)).toEqual([['AAPL'], ['AAPL', 'MSFT']]);
    expect(msft.quoteCodes()).toEqual([['MSFT']]);
    expect(msft.states()).toEqual(['loading', 'live']);
    hub.dispose();
  });
});

describe('FeedHub: pause and visibility', () => {
  it('runs no timer and sends nothing while nothing subscribes', async () => {
    const { timers, client, hub } = setup();
    expect(timers.pending).toBe(0);
    const id = hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    await timers.advance(0);
    expect(client.calls).toHaveLength(1);
    hub.unsubscribe(id);
    expect(timers.pending).toBe(0);
    await timers.advance(60_000);
    expect(client.calls).toHaveLength(1);
    hub.dispose();
  });

  it('pauses when every client is hidden and resumes at once when one is visible', async () => {
    const { timers, client, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w1', stockQuotes(['AAPL']), r.push);
    hub.subscribe('w2', stockQuotes(['MSFT']), new Recorder().push);
    await timers.advance(0);
    hub.setVisibility('w1', false);
    await timers.advance(1000);
    expect(client.calls.at(-1)!.codes).toEqual(['MSFT']); // the hidden window's codes are not asked
    hub.setVisibility('w2', false);
    const before = client.calls.length;
    await timers.advance(30_000);
    expect(client.calls).toHaveLength(before);
    expect(timers.pending).toBe(0);
    client.bump();
    hub.setVisibility('w1', true);
    await timers.advance(0);
    expect(client.calls).toHaveLength(before + 1);
    expect(client.calls.at(-1)!.codes).toEqual(['AAPL']);
    expect(r.of('quotes').at(-1)!.quotes.AAPL!.last).toBe(101);
    hub.dispose();
  });

  it('drops every subscription of a client at once', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w1', stockQuotes(['AAPL']), new Recorder().push);
    hub.subscribe(
      'w1',
      { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
      new Recorder().push,
    );
    hub.subscribe('w2', stockQuotes(['MSFT']), new Recorder().push);
    await timers.advance(0);
    hub.dropClient('w1');
    client.calls.length = 0;
    await timers.advance(1000);
    expect(client.calls.map((c) => `${c.method}:${c.codes.join()}`)).toEqual(['quotes:MSFT']);
    hub.dropClient('w2');
    expect(timers.pending).toBe(0);
    hub.dispose();
  });
});

describe('FeedHub: routes', () => {
  it('refuses kinds the API has no endpoint for, without a request', async () => {
    const { timers, client, hub } = setup();
    const forex = new Recorder();
    const fund = new Recorder();
    hub.subscribe(
      'w',
      { kind: 'quotes', class: 'forex', region: 'GB', exchange: '', codes: ['EURUSD'] },
      forex.push,
    );
    hub.subscribe('w', { kind: 'candles', series: { ...series('X'), class: 'fund' } }, fund.push);
    await timers.advance(10_000);
    expect(client.calls).toHaveLength(0);
    expect(forex.of('subscriptionStatus')).toEqual([
      expect.objectContaining({
        state: 'error',
        message: expect.stringMatching(/no quotes for forex/),
      }),
    ]);
    expect(fund.of('subscriptionStatus')[0]!.message).toMatch(/no candles for fund/);
    hub.dispose();
  });

  it('asks depth through the batch operation, one request for a single code', async () => {
    const { timers, client, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w', stockDepth('AAPL'), r.push);
    hub.subscribe('w', stockDepth('MSFT'), r.push);
    await timers.advance(0);
    expect(client.calls.map((c) => c.method)).toEqual(['depths']);
    expect(r.of('depth').map((p) => Object.keys(p.books))).toEqual([['AAPL'], ['MSFT']]);
    hub.dispose();
  });

  it('polls candles per (class, region, exchange, kType) with the union of codes and a small limit', async () => {
    const { timers, client, hub, watch } = setup();
    const [aapl] = await watch(
      { kind: 'candles', series: series('AAPL') },
      { kind: 'candles', series: series('MSFT') },
      { kind: 'candles', series: series('AAPL', 8) },
    );
    const klines = client.callsOf('klines');
    expect(klines.map((c) => c.codes.join())).toEqual(['AAPL,MSFT', 'AAPL']);
    expect(klines.every((c) => c.limit === 3)).toBe(true);
    const page = aapl.of('candles')[0]!.page;
    expect(page.series).toEqual(series('AAPL'));
    expect(page.candles).toHaveLength(3);
    expect(page).toMatchObject({ offline: false, refreshing: false, asOf: timers.now() });
    // 1m polls every 2 s, 1d every 30 s.
    await timers.advance(30_000);
    const after = client.callsOf('klines');
    expect(after.filter((c) => c.codes.length === 2)).toHaveLength(16);
    expect(after.filter((c) => c.codes.length === 1)).toHaveLength(2);
    hub.dispose();
  });

  it('catches up on the candles missed while paused', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w', { kind: 'candles', series: series('AAPL') }, new Recorder().push);
    await timers.advance(0);
    hub.setVisibility('w', false);
    await timers.advance(10 * 60_000);
    hub.setVisibility('w', true);
    await timers.advance(0);
    expect(client.callsOf('klines').at(-1)!.limit).toBe(12);
    hub.dispose();
  });

  it('polls news once a minute and pushes the page only when it changed', async () => {
    const { timers, client, hub, watch } = setup();
    const [r] = await watch({ kind: 'news', market: 'stock', lang: 'en' });
    expect(r.of('news')[0]!.items).toHaveLength(3);
    await timers.advance(60_000);
    expect(client.callsOf('news')).toHaveLength(2);
    expect(r.of('news')).toHaveLength(1);
    client.bump();
    await timers.advance(60_000);
    expect(r.of('news')).toHaveLength(2);
    hub.dispose();
  });

  it('asks a new group at once when its clock is far from the next tick', async () => {
    const { timers, client, hub, watch } = setup();
    hub.subscribe('w', { kind: 'news', market: 'stock', lang: 'en' }, new Recorder().push);
    await timers.advance(10_000);
    const [zh] = await watch({ kind: 'news', market: 'stock', lang: 'zh' });
    expect(client.callsOf('news')).toHaveLength(2);
    expect(zh.of('news')).toHaveLength(1);
    // A second subscriber to an already-polled feed costs nothing.
    hub.subscribe('w2', { kind: 'news', market: 'stock', lang: 'zh' }, new Recorder().push);
    await timers.advance(0);
    expect(client.callsOf('news')).toHaveLength(2);
    hub.dispose();
  });
});

describe('FeedHub: settings and client swaps', () => {
  it('applies new intervals at runtime', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    await timers.advance(0);
    hub.setIntervals({ quotes: 5000, depth: 1000, ticks: 1000, news: 60_000 });
    await timers.advance(20_000);
    expect(client.calls.map((c) => c.at - client.calls[0]!.at)).toEqual([
      0, 5000, 10_000, 15_000, 20_000,
    ]);
    hub.dispose();
  });

  it('keeps subscriptions on a new client and ignores the old one’s late answers', async () => {
    const { timers, client, hub, watch } = setup();
    const [r] = await watch(stockQuotes(['AAPL']));
    client.hold = true;
    client.bump();
    await timers.advance(1000);
    const next = new FakeFeedClient(timers.now);
    next.version = 5;
    hub.setClient(next, planOf('base'), 120);
    await timers.advance(0);
    expect(next.calls).toHaveLength(1);
    client.release();
    await timers.advance(0);
    expect(r.of('quotes').map((p) => p.quotes.AAPL!.last)).toEqual([100, 105]);
    expect(hub.status().budget.requestsPerMinute).toBe(27);
    hub.dispose();
  });

  it('never first-paints the old client’s records after a swap (another source)', async () => {
    const { timers, client, hub, watch } = setup();
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    await timers.advance(0);
    const next = new FakeFeedClient(timers.now);
    next.version = 5;
    next.hold = true;
    hub.setClient(next, planOf('premium'));
    await timers.advance(0);
    expect(next.calls).toHaveLength(1);
    // A pane opened while the new client's first answer is on its way.
    const [late] = await watch(stockQuotes(['AAPL']));
    expect(late.of('quotes')).toEqual([]);
    next.release();
    await timers.advance(0);
    expect(late.of('quotes').map((p) => p.quotes.AAPL!.last)).toEqual([105]);
    expect(client.calls).toHaveLength(1);
    hub.dispose();
  });

  it('refuses use after dispose and cancels in-flight requests', async () => {
    const { timers, client, hub } = setup();
    client.hold = true;
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    await timers.advance(0);
    hub.dispose();
    client.release();
    await hub.idle();
    expect(timers.pending).toBe(0);
    expect(() => hub.subscribe('w', stockQuotes(['AAPL']), () => undefined)).toThrow(/disposed/);
  });
});
