import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { FakeBridge } from '../common/fake-bridge';
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
  readonly groupKey: string;
  readonly key: string;
  constructor(readonly symbol: SymbolRef) {
    this.groupKey = groupKeyOf(symbol);
    this.key = symbolKey(symbol);
  }
  apply(quote: Quote): void {
    this.quotes.push(quote);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QuoteGroups', () => {
  it('subscribes once per group and routes quotes to rows', async () => {
    const bridge = new FakeBridge();
    const statuses = new Map<string, StatusView | null>();
    const groups = new QuoteGroups(bridge, (k, s) => statuses.set(k, s));
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

  it('resubscribes only a group whose codes changed, and drops emptied groups', async () => {
    const bridge = new FakeBridge();
    const statuses = new Map<string, StatusView | null>();
    const groups = new QuoteGroups(bridge, (k, s) => statuses.set(k, s));
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
