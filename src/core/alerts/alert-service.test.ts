import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage, SubscriptionSpec } from '../../shared/bridge';
import type { AlertDraft, DataSourceId, MarketStateView, Quote } from '../../shared/model';
import { usMarket } from '../../shared/testing/fixtures';
import { tempFolder } from '../testing/temp-folder';
import { ALERTS_CLIENT_ID, AlertService, type AlertFeed, type AlertFired } from './alert-service';
import { ALERTS_FILE_NAME, AlertStore } from './alert-store';

/** A feed hub stand-in: what is subscribed, and a way to push to it. */
class FakeFeed implements AlertFeed {
  readonly subs = new Map<
    string,
    { spec: SubscriptionSpec; push: (m: BridgeEventMessage) => void }
  >();
  #seq = 0;
  subscribe(clientId: string, spec: SubscriptionSpec, push: (m: BridgeEventMessage) => void) {
    expect(clientId).toBe(ALERTS_CLIENT_ID);
    const id = `s${++this.#seq}`;
    this.subs.set(id, { spec, push });
    return id;
  }
  unsubscribe(id: string) {
    this.subs.delete(id);
  }
  /** The codes subscribed, as `class:region:code`. */
  watched(): string[] {
    return [...this.subs.values()]
      .flatMap(({ spec }) =>
        spec.kind === 'quotes' ? spec.codes.map((c) => `${spec.class}:${spec.region}:${c}`) : [],
      )
      .sort();
  }
  status(state: 'live' | 'loading' | 'offline', market?: MarketStateView) {
    for (const [id, s] of this.subs) {
      const payload = { subscriptionId: id, state, asOf: null, ...(market ? { market } : {}) };
      s.push({ event: 'subscriptionStatus', payload });
    }
  }
  /** Pushes `last` prices of `code` to the subscription holding it. */
  quote(code: string, last: number, time = 1_000) {
    for (const [id, s] of this.subs) {
      if (s.spec.kind !== 'quotes' || !s.spec.codes.includes(code)) continue;
      const q = { symbol: code, last, time } as Quote;
      s.push({ event: 'quotes', payload: { subscriptionId: id, quotes: { [code]: q } } });
    }
  }
}

const BTC: AlertDraft = {
  instrument: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
  condition: { kind: 'above', price: 100 },
  repeat: 'once',
};
const AAPL: AlertDraft = {
  instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
  condition: { kind: 'crosses', price: 230 },
  repeat: 'every',
};

function setup(folder = tempFolder(), source: { id: DataSourceId } = { id: 'demo' }) {
  const feed = new FakeFeed();
  const service = new AlertService({
    store: new AlertStore({ folder }),
    feed,
    source: () => source.id,
    now: () => 5_000,
  });
  const fired: AlertFired[] = [];
  service.onFired((f) => fired.push(f));
  return { folder, feed, service, fired, source };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('AlertService', () => {
  it('subscribes the hub to every alerted symbol, one subscription per market', () => {
    const { feed, service } = setup();
    service.create(BTC);
    service.create(AAPL);
    service.create({ ...BTC, instrument: { ...BTC.instrument, code: 'ethusdt' } });
    expect(feed.watched()).toEqual(['crypto:BA:BTCUSDT', 'crypto:BA:ETHUSDT', 'stock:US:AAPL']);
    expect(feed.subs.size).toBe(2);
  });

  it('fires on live prices only: a first paint before live waits, offline data never fires', () => {
    const { feed, service, fired } = setup();
    const alert = service.create(BTC);
    feed.status('offline');
    feed.quote('BTCUSDT', 150);
    expect(fired).toEqual([]);
    feed.status('loading');
    feed.quote('BTCUSDT', 101, 2_000);
    expect(fired).toEqual([]);
    feed.status('live');
    // The quote's time (2 000) and when it fired by the service's clock (5 000).
    expect(fired).toEqual([
      {
        alert: expect.objectContaining({ id: alert.id, state: 'fired', firedCount: 1 }),
        firing: { at: 2_000, price: 101, firedAt: 5_000 },
      },
    ]);
  });

  it('marks a once alert fired, drops its symbol from the hub and saves the firing', async () => {
    const { folder, feed, service } = setup();
    const alert = service.create(BTC);
    feed.status('live');
    feed.quote('BTCUSDT', 120, 3_000);
    await flush();
    expect(feed.watched()).toEqual([]);
    const saved = JSON.parse(readFileSync(path.join(folder, ALERTS_FILE_NAME), 'utf8'));
    expect(saved.alerts[0]).toMatchObject({
      id: alert.id,
      state: 'fired',
      lastFired: { at: 3_000, price: 120, firedAt: 5_000 },
    });
  });

  it('survives a restart: alerts load from the file and are watched again', () => {
    const first = setup();
    const made = first.service.create(AAPL);
    first.service.update(made.id, { condition: { kind: 'crosses', price: 231.4 } });
    first.service.dispose();
    const again = setup(first.folder);
    expect(again.service.list()).toEqual([
      expect.objectContaining({ id: made.id, condition: { kind: 'crosses', price: 231.4 } }),
    ]);
    expect(again.feed.watched()).toEqual(['stock:US:AAPL']);
  });

  it('pauses, resumes and deletes; an unknown id is refused', () => {
    const { feed, service, fired } = setup();
    const alert = service.create(BTC);
    service.update(alert.id, { state: 'paused' });
    expect(feed.watched()).toEqual([]);
    service.update(alert.id, { state: 'active' });
    feed.status('live');
    feed.quote('BTCUSDT', 200);
    expect(fired).toHaveLength(1);
    service.remove(alert.id);
    expect(service.list()).toEqual([]);
    expect(() => service.remove(alert.id)).toThrow(/There is no alert/);
  });

  it('evaluates only the current source: demo alerts sleep on live prices, and wake on demo', () => {
    const { feed, service, fired, source } = setup();
    const demo = service.create(BTC);
    source.id = 'live:https://api.example.com';
    service.sourceChanged();
    expect(feed.watched()).toEqual([]);
    const live = service.create({ ...BTC, condition: { kind: 'above', price: 1000 } });
    expect(live.source).toBe('live:https://api.example.com');
    feed.status('live');
    feed.quote('BTCUSDT', 500);
    expect(fired).toEqual([]);
    source.id = 'demo';
    service.sourceChanged();
    feed.status('live');
    feed.quote('BTCUSDT', 500);
    expect(fired.map((f) => f.alert.id)).toEqual([demo.id]);
  });

  it('keeps the alerts when the file cannot be written, and loses nothing on a bad file', () => {
    const folder = tempFolder();
    writeFileSync(path.join(folder, ALERTS_FILE_NAME), '{"version":1,"alerts":[{"id":"x"}]}');
    const { service } = setup(folder);
    expect(service.notice).toMatch(
      /1 saved alert was unreadable and left out \(the file is kept as alerts\.json\.bad-/,
    );
    expect(service.list()).toEqual([]);
  });

  it("waits on a closed market's last price, fires at the open, and keeps an alert active if asked", () => {
    const { feed, service, fired, folder } = setup();
    const stock = { ...AAPL, condition: { kind: 'above' as const, price: 230 } };
    const waiting = service.create(stock);
    const kept = service.create({ ...stock, whileClosed: true });
    const closed = usMarket({ phase: 'holiday', holiday: 'Thanksgiving' });
    feed.status('live', closed);
    feed.quote('AAPL', 240);
    expect(fired.map((f) => f.alert.id)).toEqual([kept.id]);
    feed.status('live', { ...closed, phase: 'open', holiday: null });
    feed.quote('AAPL', 241);
    expect(fired.map((f) => f.alert.id)).toEqual([kept.id, waiting.id]);
    // Kept with the alert, and read back from the file.
    const again = new AlertService({
      store: new AlertStore({ folder }),
      feed: new FakeFeed(),
      source: () => 'demo',
    });
    expect(again.list().find((a) => a.id === kept.id)?.whileClosed).toBe(true);
    expect(again.list().find((a) => a.id === waiting.id)?.whileClosed).toBeUndefined();
    again.dispose();
    service.dispose();
  });
});
