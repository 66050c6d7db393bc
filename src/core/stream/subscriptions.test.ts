import { describe, expect, it } from 'vitest';
import type { StreamType } from '../../shared/api/stream';
import { SubscriptionBook, type SubscriptionRequest } from './subscriptions';

const want = (code: string, region = 'US', types: StreamType[] = ['quote']) => ({
  code,
  region,
  types,
});
/** A request as the wire shows it. */
const wire = (r: SubscriptionRequest) =>
  `${r.ac} ${r.symbols.map((s) => s.key).join(',')}${r.types ? ` ${r.types.join(',')}` : ''}`;
const planned = (book: SubscriptionBook) => book.plan().map(wire);

describe('subscription book', () => {
  it('subscribes the wanted set in canonical form, in batches grouped by types', () => {
    const book = new SubscriptionBook(100, 2);
    book.setWanted([
      want('aapl'),
      want('MSFT'),
      want('NVDA'),
      want('00700', 'hk', ['quote', 'depth']),
    ]);
    expect(planned(book)).toEqual([
      'subscribe AAPL$US,MSFT$US quote',
      'subscribe NVDA$US quote',
      'subscribe 700$HK depth,quote',
    ]);
    // Nothing more while those are in flight.
    expect(planned(book)).toEqual([]);
  });

  it('admits the first `limit` wanted symbols; the rest overflow to REST', () => {
    const book = new SubscriptionBook(2, 100);
    book.setWanted([want('AAPL'), want('MSFT'), want('NVDA')]);
    expect(planned(book)).toEqual(['subscribe AAPL$US,MSFT$US quote']);
    expect(book.overflow()).toEqual(['NVDA$US']);
    book.answered(true);
    expect(book.subscribed()).toEqual(['AAPL$US', 'MSFT$US']);
  });

  it('unsubscribes what is no longer wanted, before subscribing what is new', () => {
    const book = new SubscriptionBook(2, 100);
    book.setWanted([want('AAPL', 'US', ['quote', 'depth']), want('MSFT')]);
    for (const _ of book.plan()) book.answered(true);
    book.setWanted([want('AAPL'), want('NVDA')]);
    expect(planned(book)).toEqual([
      'unsubscribe AAPL$US depth',
      'unsubscribe MSFT$US',
      'subscribe NVDA$US quote',
    ]);
    for (let i = 0; i < 3; i++) book.answered(true);
    expect(book.subscribed().sort()).toEqual(['AAPL$US', 'NVDA$US']);
    expect(planned(book)).toEqual([]);
  });

  it('a refused subscribe leaves its symbols out (and their slots taken) until something leaves', () => {
    const book = new SubscriptionBook(3, 100);
    book.setWanted([want('AAPL'), want('MSFT'), want('NVDA')]);
    book.plan();
    book.answered(false);
    expect(book.subscribed()).toEqual([]);
    expect(book.overflow()).toEqual(['AAPL$US', 'MSFT$US', 'NVDA$US']);
    expect(planned(book)).toEqual([]);
    book.setWanted([want('AAPL'), want('MSFT')]);
    expect(planned(book)).toEqual(['subscribe AAPL$US,MSFT$US quote']);
  });

  it('without unsubscribe, asks for a fresh connection once stale symbols keep wanted ones out', () => {
    const book = new SubscriptionBook(2, 100);
    book.setWanted([want('AAPL'), want('MSFT')]);
    book.plan();
    book.answered(true);
    book.setWanted([want('AAPL')]);
    expect(planned(book)).toEqual(['unsubscribe MSFT$US']);
    book.answered(false); // "cannot be resolved action"
    expect(book.unsubscribeWorks).toBe(false);
    expect(book.needsFreshConnection()).toBe(false); // MSFT stays, but AAPL fits beside it
    book.setWanted([want('AAPL'), want('NVDA')]);
    expect(book.needsFreshConnection()).toBe(true);
    book.reset();
    expect(planned(book)).toEqual(['subscribe AAPL$US,NVDA$US quote']);
  });

  it('knows which pushes are wanted, and which symbols the service may still push', () => {
    const book = new SubscriptionBook(5, 100);
    book.setWanted([want('AAPL', 'US', ['quote']), want('BTCUSDT', 'BA', ['tick'])]);
    book.plan();
    book.answered(true);
    book.answered(true);
    book.setWanted([want('BTCUSDT', 'BA', ['tick'])]);
    expect(book.wants('AAPL$US', 'quote')).toBe(false);
    expect(book.wants('BTCUSDT$BA', 'tick')).toBe(true);
    expect(book.wants('BTCUSDT$BA', 'quote')).toBe(false);
    expect(
      book
        .symbols()
        .map((s) => s.key)
        .sort(),
    ).toEqual(['AAPL$US', 'BTCUSDT$BA']);
  });

  it('reads only the head of a long wanted list: the rest is counted and listed as overflow', () => {
    const book = new SubscriptionBook(2, 100);
    const many = Array.from({ length: 1000 }, (_, i) => want(`c${i}`));
    book.setWanted([want('AAPL'), want('aapl', 'us', ['depth']), want('MSFT'), ...many]);
    expect(planned(book)).toEqual(['subscribe AAPL$US depth,quote', 'subscribe MSFT$US quote']);
    expect(book.wantedCount).toBe(1002);
    expect(book.overflowCount()).toBe(1000);
    expect(book.overflow().slice(0, 2)).toEqual(['C0$US', 'C1$US']);
    // Only what may be pushed is matched against pushes: the head and what is held.
    expect(book.symbols().map((s) => s.key)).toEqual(['AAPL$US', 'MSFT$US']);
  });
});
