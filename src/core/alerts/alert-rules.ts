/**
 * Evaluating alerts against prices, pure and fast: alerts are indexed by instrument key,
 * so an update costs only the alerts of the symbols it carries. `crosses` keeps the
 * symbol's previous price; `move` keeps a window of its prices; `above`/`below` are
 * edge-triggered for `every` (after firing they re-arm once the condition is false
 * again, so a price sitting above the line fires once, not on every update).
 */
import type { Alert, AlertFiring } from '../../shared/model';
import { conditionMet as levelMet, instrumentKey } from '../../shared/model';

/** One alert's evaluation state (not persisted: it is rebuilt from live prices). */
interface Armed {
  readonly alert: Alert;
  /** False after an `every` above/below fired, until the condition is false again. */
  armed: boolean;
  /** A `once` alert that fired: it leaves the index after this update. */
  done: boolean;
  /** `move`: prices in time order; `head` is the first still in use. */
  times: number[];
  prices: number[];
  head: number;
}

/** An alert whose condition was met by an update. */
export interface Fired {
  alert: Alert;
  firing: AlertFiring;
}

/** `move`: takes in a price and answers whether it moved `percent` within the window. */
function moved(a: Armed, c: { percent: number; windowMs: number }, at: number, price: number) {
  const start = at - c.windowMs;
  // Keep the newest price at or before the window's start: the price "windowMs ago".
  while (a.head + 1 < a.times.length && a.times[a.head + 1]! <= start) a.head++;
  // Compacted in place once half is spent: no new arrays on the evaluation's path.
  if (a.head >= 64 && a.head * 2 >= a.times.length) {
    a.times.splice(0, a.head);
    a.prices.splice(0, a.head);
    a.head = 0;
  }
  const hit =
    a.times.length > a.head &&
    a.prices[a.head]! > 0 &&
    (Math.abs(price - a.prices[a.head]!) / a.prices[a.head]!) * 100 >= c.percent;
  a.times.push(at);
  a.prices.push(price);
  return hit;
}

/**
 * The active alerts of one data source, by instrument, with what their conditions need
 * to remember. `evaluate` is called per feed update.
 */
export class AlertIndex {
  readonly #bySymbol = new Map<string, Armed[]>();
  /** The previous price of each symbol (for `crosses`). */
  readonly #previous = new Map<string, number>();
  #size = 0;

  /** Builds the index over `alerts` (only `active` ones are kept). */
  constructor(alerts: Iterable<Alert> = []) {
    for (const alert of alerts) this.add(alert);
  }

  get size(): number {
    return this.#size;
  }

  /** The instruments with at least one active alert. */
  keys(): IterableIterator<string> {
    return this.#bySymbol.keys();
  }

  add(alert: Alert): void {
    if (alert.state !== 'active') return;
    const key = instrumentKey(alert.instrument);
    let list = this.#bySymbol.get(key);
    if (!list) this.#bySymbol.set(key, (list = []));
    list.push({ alert, armed: true, done: false, times: [], prices: [], head: 0 });
    this.#size++;
  }

  remove(id: string): void {
    for (const [key, list] of this.#bySymbol) {
      const i = list.findIndex((a) => a.alert.id === id);
      if (i < 0) continue;
      list.splice(i, 1);
      this.#size--;
      if (list.length === 0) {
        this.#bySymbol.delete(key);
        this.#previous.delete(key);
      }
      return;
    }
  }

  /**
   * A new price of the symbol `key` (an `instrumentKey`) at `at`: the alerts it fires, in
   * the order they were added. A `once` alert that fired leaves the index. While the
   * symbol's market is closed (`closed`), only alerts kept active then (`whileClosed`)
   * are evaluated; the others wait, untouched, for the open.
   */
  evaluate(key: string, price: number, at: number, out: Fired[] = [], closed = false): Fired[] {
    const previous = this.#previous.get(key);
    this.#previous.set(key, price);
    const list = this.#bySymbol.get(key);
    if (!list || !Number.isFinite(price)) return out;
    let removed = false;
    for (const a of list) {
      if (closed && a.alert.whileClosed !== true) continue;
      const c = a.alert.condition;
      let hit: boolean;
      if (c.kind === 'crosses') {
        hit =
          previous !== undefined &&
          ((previous < c.price && price >= c.price) || (previous > c.price && price <= c.price));
      } else if (c.kind === 'move') {
        hit = moved(a, c, at, price);
        // Every time: the next move counts from here, not from the price before this one.
        if (hit) {
          a.times = [at];
          a.prices = [price];
          a.head = 0;
        }
      } else {
        const met = levelMet(c, price);
        hit = met && a.armed;
        a.armed = !met;
      }
      if (!hit) continue;
      out.push({ alert: a.alert, firing: { at, price } });
      if (a.alert.repeat === 'once') removed = a.done = true;
    }
    if (removed) {
      const kept = list.filter((a) => !a.done);
      this.#size -= list.length - kept.length;
      if (kept.length === 0) this.#bySymbol.delete(key);
      else this.#bySymbol.set(key, kept);
    }
    return out;
  }
}
