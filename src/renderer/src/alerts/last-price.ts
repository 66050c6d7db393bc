/**
 * An instrument's price now, for the question before an alert that would fire at once:
 * a one-off quote subscription through the bridge (the feed hub answers from what it
 * holds, or asks the source), ended at the first price or after `timeoutMs`. Answers
 * null when no price came (offline, unknown symbol): the alert is then made unasked.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Instrument } from '../../../shared/model';
import { systemTimers, timeout, type Timers } from '../../../shared/timers';

export function lastPrice(
  bridge: MarketdeskBridge,
  instrument: Instrument,
  timeoutMs = 3000,
  timers: Timers = systemTimers,
): Promise<number | null> {
  return new Promise((resolve) => {
    let id: string | null = null;
    let done = false;
    // Quotes may come before `subscribe` answers with the id: kept by id until then.
    const early = new Map<string, number>();
    const finish = (price: number | null) => {
      if (done) return;
      done = true;
      listening.dispose();
      waiting.dispose();
      if (id !== null) void bridge.invoke('unsubscribe', { subscriptionId: id }).catch(() => {});
      resolve(price);
    };
    const listening = bridge.on('quotes', ({ subscriptionId, quotes }) => {
      const price = quotes[instrument.code]?.last;
      if (typeof price !== 'number' || !Number.isFinite(price)) return;
      if (subscriptionId === id) finish(price);
      else if (id === null) early.set(subscriptionId, price);
    });
    const waiting = timeout(timers, () => finish(null), timeoutMs);
    bridge
      .invoke('subscribe', {
        spec: {
          kind: 'quotes',
          class: instrument.class,
          region: instrument.region,
          exchange: instrument.exchange,
          codes: [instrument.code],
        },
      })
      .then(({ subscriptionId }) => {
        id = subscriptionId;
        if (done) void bridge.invoke('unsubscribe', { subscriptionId }).catch(() => {});
        else if (early.has(subscriptionId)) finish(early.get(subscriptionId) ?? null);
      })
      .catch(() => finish(null));
  });
}
