import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { FakeBridge } from '../../base/testing/fake-bridge';
import type { StatusView } from '../common/subscription';
import { groupKeyOf, reuseRows, symbolKey } from './board';
import { QuoteGroups, type QuoteTarget } from './quote-groups';

const sym = (cls: SymbolRef['class'], region: string, code: string): SymbolRef => ({
  class: cls,
  region,
  exchange: '',
  code,
});

class Row implements QuoteTarget {
  quotes: Quote[] = [];
  unknown = false;
  readonly groupKey: string;
  readonly key: string;
  constructor(readonly symbol: SymbolRef) {
    this.groupKey = groupKeyOf(symbol);
    this.key = symbolKey(symbol);
  }
  apply(quote: Quote): void {
    this.quotes.push(quote);
  }
  setUnknown(unknown: boolean): void {
    this.unknown = unknown;
  }
}

/** Groups over a fake bridge, with each group's last status as they report it. */
function quoteGroups() {
  const bridge = new FakeBridge();
  const statuses = new Map<string, StatusView | null>();
  const groups = new QuoteGroups(bridge, (k, s) => statuses.set(k, s));
  return { bridge, statuses, groups };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QuoteGroups', () => {
  it('subscribes once per group and routes quotes to rows', async () => {
    const { bridge, statuses, groups } = quoteGroups();
    const aapl = new Row(sym('stock', 'US', 'AAPL'));
    const msft = new Row(sym('stock', 'US', 'MSFT'));
    const btc = new Row(sym('crypto', 'BA', 'BTCUSDT'));
    groups.sync([aapl, msft, btc]);
    await flush();
    const specs = bridge.calls.filter((c) => c.name === 'subscribe').map((c) => c.args);
    expect(specs).toEqual([
      {
        spec: {
          kind: 'quotes',
          class: 'stock',
          region: 'US',
          exchange: '',
          codes: ['AAPL', 'MSFT'],
        },
      },
      { spec: { kind: 'quotes', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] } },
    ]);
    bridge.emit('quotes', { subscriptionId: 's1', quotes: { MSFT: { last: 1 } as Quote } });
    expect(msft.quotes).toHaveLength(1);
    expect(aapl.quotes).toHaveLength(0);
    bridge.emit('subscriptionStatus', { subscriptionId: 's2', state: 'not-entitled', asOf: null });
    expect(statuses.get('crypto:BA:')?.state).toBe('not-entitled');
  });

  it('marks the rows the source does not know, and routes them no quotes', async () => {
    const bridge = new FakeBridge();
    const groups = new QuoteGroups(bridge, () => {});
    const aapl = new Row(sym('stock', 'US', 'AAPL'));
    const zzzz = new Row(sym('stock', 'US', 'ZZZZ'));
    const btc = new Row(sym('crypto', 'BA', 'BTCUSDT'));
    groups.sync([aapl, zzzz, btc]);
    await flush();
    bridge.emit('subscriptionStatus', {
      subscriptionId: 's1',
      state: 'live',
      asOf: 1,
      unknownCodes: ['ZZZZ'],
    });
    expect([aapl.unknown, zzzz.unknown, btc.unknown]).toEqual([false, true, false]);
    bridge.emit('quotes', {
      subscriptionId: 's1',
      quotes: { AAPL: { last: 1 } as Quote, ZZZZ: { last: 2 } as Quote },
    });
    expect(aapl.quotes).toHaveLength(1);
    expect(zzzz.quotes).toHaveLength(0);

    // A new row for the same code learns it at once: same codes, no new status to wait for.
    const again = new Row(sym('stock', 'US', 'ZZZZ'));
    groups.sync([aapl, again, btc]);
    expect(again.unknown).toBe(true);

    // A whole group unknown, without a list: every code of it.
    bridge.emit('subscriptionStatus', { subscriptionId: 's2', state: 'unknown', asOf: null });
    expect(btc.unknown).toBe(true);
    // The source knows them after all (another source, a fixed catalog): unmarked.
    bridge.emit('subscriptionStatus', { subscriptionId: 's2', state: 'live', asOf: 2 });
    expect(btc.unknown).toBe(false);
    groups.dispose();
  });

  it('resubscribes only a group whose codes changed, and drops emptied groups', async () => {
    const { bridge, statuses, groups } = quoteGroups();
    const aapl = new Row(sym('stock', 'US', 'AAPL'));
    const btc = new Row(sym('crypto', 'BA', 'BTCUSDT'));
    groups.sync([aapl, btc]);
    await flush();
    bridge.calls.length = 0;
    // Reorder only: nothing to do.
    groups.sync([btc, aapl]);
    await flush();
    expect(bridge.calls).toEqual([]);
    // Add a stock, remove the crypto.
    groups.sync([aapl, new Row(sym('stock', 'US', 'NVDA'))]);
    await flush();
    expect(bridge.namesCalled().sort()).toEqual(['subscribe', 'unsubscribe', 'unsubscribe']);
    expect(statuses.get('crypto:BA:')).toBeNull();
    groups.dispose();
    expect(bridge.listenerCount()).toBe(0);
  });
});

describe('reuseRows', () => {
  it('keeps rows by key and drops duplicates', () => {
    const a = new Row(sym('stock', 'US', 'A'));
    const rows = reuseRows(
      [a],
      [sym('stock', 'US', 'B'), sym('stock', 'US', 'A'), sym('stock', 'US', 'A')],
      (s) => new Row(s),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toBe(a);
  });
});
