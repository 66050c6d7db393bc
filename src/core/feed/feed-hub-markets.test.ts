/**
 * The hub against market states: a closed market's groups poll once after it closed,
 * then rest (no request, no stale mark) until it opens; a state the app cannot vouch
 * for (regular sessions only, or unknown) rests nothing; subscribers are told their
 * market's state.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { Emitter } from '../../shared/emitter';
import type { AssetClass, MarketStateView } from '../../shared/model';
import { usMarket } from '../../shared/testing/fixtures';
import type { FeedMarkets } from './market-rest';
import { planOf } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { NO_STORE, type FeedStore } from './store';
import { FakeFeedClient, apiError, quote } from './testing/fake-client';
import { FakeStreams } from './testing/fake-stream';
import { Recorder } from './testing/recorder';
import { manualHub, quotesSpec, stockQuotes, type ManualHub } from './testing/hub';

/** Market states a test sets by hand. */
class Markets implements FeedMarkets {
  readonly #changed = new Emitter<void>();
  readonly onChange = this.#changed.event;
  readonly views = new Map<string, Partial<MarketStateView>>();
  state(cls: AssetClass, region: string): MarketStateView {
    return usMarket({ class: cls, region, phase: 'open', ...this.views.get(`${cls}|${region}`) });
  }
  set(key: string, view: Partial<MarketStateView>): void {
    this.views.set(key, view);
    this.#changed.fire();
  }
}

const CLOSED: Partial<MarketStateView> = { phase: 'weekend', nextOpen: 1_000_000_000 };

/** The hub asks no quote in the next minute: its markets rest. */
async function expectQuietMinute({ timers, client }: Pick<ManualHub, 'timers' | 'client'>) {
  const calls = client.callsOf('quotes').length;
  await timers.advance(60_000);
  expect(client.callsOf('quotes')).toHaveLength(calls);
}

describe('FeedHub: closed markets rest', () => {
  it('polls a closed market once, then asks nothing and marks nothing stale while the open one polls on', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    const [us, btc] = await watch(
      stockQuotes(['AAPL', 'MSFT']),
      quotesSpec('crypto', 'BA', ['BTCUSDT']),
    );
    const stockCalls = () => client.callsOf('quotes').filter((c) => c.cls === 'stock').length;
    const cryptoCalls = () => client.callsOf('quotes').filter((c) => c.cls === 'crypto').length;
    expect(stockCalls()).toBe(1);
    await timers.advance(120_000);
    expect(stockCalls()).toBe(1);
    expect(cryptoCalls()).toBeGreaterThan(60);
    expect(us.states()).not.toContain('stale');
    expect(us.status?.market?.phase).toBe('weekend');
    expect(btc.status?.market?.phase).toBe('open');
    expect(hub.feedPlan({ subscriptions: 1 }).lines[0]!.why).toMatch(/market is closed/);
    hub.dispose();
  });

  it('gives a pane opened on a resting market its last prices, live, with no request', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    await watch(stockQuotes(['AAPL', 'MSFT']));
    await timers.advance(10 * 60_000);
    // Another pane (a pop-out, a heatmap beside the ladder) on the same closed market.
    const [later] = await watch(stockQuotes(['AAPL']));
    await timers.advance(60_000);
    expect(client.callsOf('quotes')).toHaveLength(1);
    expect(later.states()).toEqual(['live']);
    expect(later.quoteCodes()).toEqual([['AAPL']]);
    hub.dispose();
  });

  it('asks a resting market once for a symbol it holds no last price of (a pane on another symbol), then rests again', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    await watch(stockQuotes(['AAPL']));
    await timers.advance(10 * 60_000);
    expect(client.callsOf('quotes')).toHaveLength(1);
    // A pane on MSFT: its last price is asked (with the group's AAPL), once.
    const [msft] = await watch(stockQuotes(['MSFT']));
    await timers.advance(5_000);
    expect(client.callsOf('quotes')).toHaveLength(2);
    expect(msft.quoteCodes()).toEqual([['MSFT']]);
    expect(msft.state).toBe('live');
    await expectQuietMinute({ timers, client });
    // A hidden window's pane on TSLA costs nothing until it is shown, then is asked once.
    const tsla = new Recorder();
    hub.setVisibility('hidden', false);
    hub.subscribe('hidden', stockQuotes(['TSLA']), tsla.push);
    await expectQuietMinute({ timers, client });
    hub.setVisibility('hidden', true);
    await timers.advance(5_000);
    expect(client.callsOf('quotes')).toHaveLength(3);
    expect(tsla.quoteCodes()).toEqual([['TSLA']]);
    await expectQuietMinute({ timers, client });
    hub.dispose();
  });

  it('rests a closed market on cached prices fetched since its last close, asking nothing; older ones are asked once', async () => {
    const start = new ManualTimers().now();
    const hour = 3_600_000;
    const lastClose = start - 40 * hour;
    // AAPL's fetched after the close (the day before), MSFT's an hour before it.
    const cachedAt = { AAPL: start - 20 * hour, MSFT: lastClose - hour };
    const store: FeedStore = {
      ...NO_STORE,
      loadSnapshots: (kind, instruments) =>
        new Map(
          instruments
            .filter((i) => kind === 'quote' && i.code in cachedAt)
            .map((i) => [
              instrumentKey(i),
              { record: quote(i.code, 7) as never, at: cachedAt[i.code as 'AAPL' | 'MSFT'] },
            ]),
        ),
    };
    const markets = new Markets();
    markets.views.set('stock|US', { ...CLOSED, lastClose });
    const { timers, client, hub, watch } = manualHub({ markets, store, source: () => 'demo' });
    // AAPL's cached quote is its last price: nothing asked.
    const [aapl] = await watch(stockQuotes(['AAPL']));
    await timers.advance(60_000);
    expect(client.callsOf('quotes')).toHaveLength(0);
    expect(aapl.states()).toEqual(['live']);
    expect(aapl.quoteCodes()).toEqual([['AAPL']]);
    hub.dispose();
    // MSFT's was fetched before the close: asked once, then rests.
    const again = manualHub({ markets, store, source: () => 'demo' });
    await again.watch(stockQuotes(['AAPL', 'MSFT']));
    await again.timers.advance(60_000);
    expect(again.client.callsOf('quotes')).toHaveLength(1);
    again.hub.dispose();
  });

  it('wakes a resting market when it opens, and rests it again after its close', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    const [us] = await watch(stockQuotes(['AAPL']));
    await timers.advance(10_000);
    expect(client.callsOf('quotes')).toHaveLength(1);
    markets.set('stock|US', { phase: 'pre-market' });
    await timers.advance(0);
    expect(client.callsOf('quotes')).toHaveLength(2);
    await timers.advance(5_000);
    expect(client.callsOf('quotes').length).toBeGreaterThanOrEqual(6);
    expect(us.status?.market?.phase).toBe('pre-market');
    markets.set('stock|US', { phase: 'closed', nextOpen: 2_000_000_000 });
    await timers.advance(3_000);
    await expectQuietMinute({ timers, client });
    hub.dispose();
  });

  it('rests nothing on the regular sessions of a weekday night or holiday, or on an unknown state', async () => {
    const markets = new Markets();
    // A weekday night and a holiday by the app's own tables: the service's calendar may
    // know a session they do not (or a pre-market), so they are polled on.
    markets.views.set('stock|US', { phase: 'closed', nextOpen: 1_000_000_000, basis: 'regular' });
    markets.views.set('stock|JP', { phase: 'holiday', holiday: 'Culture Day', basis: 'regular' });
    markets.views.set('stock|HK', { phase: null, basis: null });
    const { timers, client, hub, watch } = manualHub({ markets });
    await watch(stockQuotes(['AAPL']), stockQuotes(['7203'], 'JP'), stockQuotes(['700'], 'HK'));
    await timers.advance(10_000);
    const regions = client.callsOf('quotes').map((c) => c.region);
    expect(regions.filter((r) => r === 'US').length).toBeGreaterThan(5);
    expect(regions.filter((r) => r === 'JP').length).toBeGreaterThan(5);
    expect(regions.filter((r) => r === 'HK').length).toBeGreaterThan(5);
    hub.dispose();
  });

  it("rests a market on a weekend day by the app's own sessions, where it has the region's calendar", async () => {
    const markets = new Markets();
    // No session can fall on a Saturday or a Sunday, whatever the service's calendar says.
    markets.views.set('stock|US', { ...CLOSED, basis: 'regular' });
    markets.views.set('stock|HK', { ...CLOSED, basis: 'regular' });
    // A region without a calendar of the app's: its sessions are a guess, it polls on.
    markets.views.set('stock|SA', { ...CLOSED, basis: 'regular', timeZone: 'UTC' });
    const { timers, client, hub, watch } = manualHub({ markets });
    const [us] = await watch(
      stockQuotes(['AAPL']),
      stockQuotes(['700'], 'HK'),
      stockQuotes(['2222'], 'SA'),
    );
    await timers.advance(60_000);
    const regions = client.callsOf('quotes').map((c) => c.region);
    expect(regions.filter((r) => r === 'US')).toHaveLength(1);
    expect(regions.filter((r) => r === 'HK')).toHaveLength(1);
    expect(regions.filter((r) => r === 'SA').length).toBeGreaterThan(5);
    expect(us.states()).not.toContain('stale');
    expect(hub.feedPlan({ subscriptions: 3 }).lines[0]!.why).toMatch(
      /closed for the weekend .*nothing is asked while the weekend lasts there/,
    );
    // Monday, midnight in New York: no longer a weekend, and the calendar still not in.
    markets.set('stock|US', { phase: 'closed', nextOpen: 1_000_000_000, basis: 'regular' });
    await timers.advance(10_000);
    expect(client.callsOf('quotes').filter((c) => c.region === 'US').length).toBeGreaterThan(2);
    hub.dispose();
  });

  it("takes a poll made after the market's last close for its last prices: a calendar come later asks nothing again", async () => {
    const markets = new Markets();
    // A weekday night, the calendar not in yet: polled (the regular sessions rest nothing).
    markets.views.set('stock|US', {
      phase: 'closed',
      nextOpen: 1_000_000_000,
      lastClose: -3_600_000,
      basis: 'regular',
    });
    const { timers, client, hub, watch } = manualHub({ markets });
    await watch(stockQuotes(['AAPL']));
    // Between two polls (one a second).
    await timers.advance(30_500);
    const polled = client.callsOf('quotes').length;
    expect(polled).toBeGreaterThan(1);
    // The service's calendar: closed since an hour before the app started. Every poll
    // made was after that close: the last prices are in, nothing more is asked.
    markets.set('stock|US', { phase: 'closed', nextOpen: 1_000_000_000, lastClose: -3_600_000 });
    await timers.advance(0);
    await expectQuietMinute({ timers, client });
    expect(client.callsOf('quotes')).toHaveLength(polled);
    hub.dispose();
  });

  it('in a replay, polls a market closed at the replayed time once more, then rests; a seek asks it once again', async () => {
    const markets = new Markets();
    const { timers, client, hub, watch } = manualHub({ markets, source: () => 'replay:demo' });
    await watch(stockQuotes(['AAPL']));
    await timers.advance(10_500);
    const polled = client.callsOf('quotes').length;
    expect(polled).toBeGreaterThan(1);
    // The replay's clock passes the close: its lastClose is of the replayed time, long
    // before the hub's clock, so the polls made before are not the last prices.
    markets.set('stock|US', { phase: 'closed', nextOpen: 1_000_000_000, lastClose: -3_600_000 });
    await timers.advance(2_000);
    expect(client.callsOf('quotes')).toHaveLength(polled + 1);
    await expectQuietMinute({ timers, client });
    // A seek: the last prices held were of the time before; asked once, then it rests.
    hub.rewind('replay:demo');
    await timers.advance(2_000);
    expect(client.callsOf('quotes')).toHaveLength(polled + 2);
    await expectQuietMinute({ timers, client });
    hub.dispose();
  });

  it('keeps polling a closed market whose last poll failed until one succeeds', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    client.error = new ApiError({
      kind: 'http',
      status: 503,
      operation: 'quotes',
      message: 'down',
    });
    await watch(stockQuotes(['AAPL']));
    await timers.advance(30_000);
    expect(client.callsOf('quotes').length).toBeGreaterThanOrEqual(2);
    client.error = null;
    await timers.advance(60_000);
    await expectQuietMinute({ timers, client });
    hub.dispose();
  });

  it("drops a closed market's symbols from the stream, polls its last prices once, and streams them again at the open", async () => {
    const markets = new Markets();
    const streams = new FakeStreams();
    const { timers, client, hub, watch } = manualHub({ markets, stream: streams.open });
    await watch(stockQuotes(['AAPL', 'MSFT']), quotesSpec('crypto', 'BA', ['BTCUSDT']));
    streams.of('stock').stream();
    streams.of('crypto').stream();
    await timers.advance(5_000);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US']);
    const stockCalls = () => client.callsOf('quotes').filter((c) => c.cls === 'stock').length;
    const before = stockCalls();
    markets.set('stock|US', CLOSED);
    await timers.advance(60_000);
    // Off the stream; one poll for the session's last prices, then nothing.
    expect(streams.of('stock').keys()).toEqual([]);
    expect(stockCalls()).toBe(before + 1);
    expect(streams.of('crypto').keys()).toEqual(['BTCUSDT$BA']);
    markets.set('stock|US', { phase: 'open' });
    await timers.advance(1_000);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US']);
    hub.dispose();
  });

  it('gives a resting market its closed state back, with no request, when the service is reachable again', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    const [us, btc] = await watch(stockQuotes(['AAPL']), quotesSpec('crypto', 'BA', ['BTCUSDT']));
    await timers.advance(10_000);
    const stockCalls = () => client.callsOf('quotes').filter((c) => c.cls === 'stock').length;
    expect(stockCalls()).toBe(1);
    expect(us.state).toBe('live');
    // The network dies: the open market's polls fail, every pane is offline.
    client.error = apiError('network', 'connection refused');
    await timers.advance(5_000);
    expect(hub.health.snapshot().state).toBe('offline');
    expect([us.state, btc.state]).toEqual(['offline', 'offline']);
    // It comes back: the open market is asked again, the resting one is what it was
    // (its last prices are the close's), asked nothing.
    client.error = null;
    client.bump();
    await timers.advance(60_000);
    expect(hub.health.snapshot().state).toBe('live');
    expect(btc.state).toBe('live');
    expect(us.state).toBe('live');
    expect(us.status?.message).toBeUndefined();
    expect(us.status?.market?.phase).toBe('weekend');
    expect(stockCalls()).toBe(1);
    hub.dispose();
  });

  it('gives a resting market back its note of an unknown symbol when the service is reachable again', async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    client.missing.add('ZZQX');
    const [us, btc] = await watch(
      stockQuotes(['AAPL', 'ZZQX']),
      quotesSpec('crypto', 'BA', ['BTCUSDT']),
    );
    await timers.advance(10_000);
    expect(us.state).toBe('live');
    const note = us.status?.message;
    expect(note).toMatch(/Unknown symbol.*ZZQX/);
    client.error = apiError('network', 'connection refused');
    await timers.advance(5_000);
    expect([us.state, btc.state]).toEqual(['offline', 'offline']);
    client.error = null;
    client.bump();
    await timers.advance(60_000);
    // Live again, still saying which of its symbols the source has not got.
    expect(us.state).toBe('live');
    expect(us.status?.message).toBe(note);
    expect(us.status?.unknownCodes).toEqual(['ZZQX']);
    hub.dispose();
  });

  it("asks a resting market's last prices again of a new client (another source)", async () => {
    const markets = new Markets();
    markets.views.set('stock|US', CLOSED);
    const { timers, client, hub, watch } = manualHub({ markets });
    await watch(stockQuotes(['AAPL']));
    await timers.advance(10_000);
    expect(client.callsOf('quotes')).toHaveLength(1);
    const next = new FakeFeedClient(timers.now);
    hub.setClient(next, planOf('premium'));
    await timers.advance(30_000);
    expect(next.callsOf('quotes')).toHaveLength(1);
    hub.dispose();
  });
});
