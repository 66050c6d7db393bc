/**
 * Which bridge events a slow client may receive merged, and how they merge. A client
 * that falls behind does not need every intermediate push, only the newest state: the
 * market events are deltas keyed by code (panes merge them), so the merge of two is
 * the later record per code; a state, the app status or the workspace is superseded
 * by the next one. What merges must leave a pane exactly where receiving both would.
 */
import {
  MAX_EARLIER_TRADES,
  type BridgeEventMessage,
  type EventName,
  type Events,
} from '../shared/bridge';
import { instrumentKey, seriesKey, type Tick } from '../shared/model';

/** How one kind of event is held: its slot key (null: never held) and its merge. */
interface Coalescing<E extends EventName> {
  /**
   * The key, within its kind, of the slot an event takes in a slow client's held
   * events: a later event of the same slot merges into it.
   */
  slot(payload: Events[E]): string | null;
  /** `older` and `newer` (same slot) as one payload: what a pane shows after both. */
  merge(older: Events[E], newer: Events[E]): Events[E];
}

/** A state, the app status or the workspace: the newer one says everything. */
const superseded = <T>(_older: T, newer: T): T => newer;
const bySubscription = (payload: { subscriptionId: string }) => payload.subscriptionId;

/**
 * Every event kind's coalescing; the `satisfies` makes a new event kind a compile
 * error here until it says how it merges. Market deltas are keyed by code, so their
 * merge is the later record of each code and every code of both.
 */
const COALESCING = {
  quotes: {
    slot: bySubscription,
    merge: (a, b) => ({ ...b, quotes: { ...a.quotes, ...b.quotes } }),
  },
  depth: {
    slot: bySubscription,
    merge: (a, b) => ({ ...b, books: { ...a.books, ...b.books } }),
  },
  ticks: { slot: bySubscription, merge: mergeTicks },
  candles: {
    // A loadCandles refresh (no subscription) answers a request: the chart merges it by
    // series, but it is never merged away.
    slot: (p) =>
      p.subscriptionId === null ? null : `${p.subscriptionId}|${seriesKey(p.page.series)}`,
    merge: (a, b) => ({
      ...b,
      page: { ...b.page, candles: mergeCandles(a.page.candles, b.page.candles) },
    }),
  },
  news: {
    slot: bySubscription,
    // Newest first, as the pane prepends: the newer page, then older items it lacks.
    merge: (a, b) => {
      const ids = new Set(b.items.map((item) => item.id));
      return { ...b, items: [...b.items, ...a.items.filter((item) => !ids.has(item.id))] };
    },
  },
  subscriptionStatus: { slot: bySubscription, merge: superseded },
  status: { slot: () => '', merge: superseded },
  workspace: { slot: () => '', merge: superseded },
  alerts: { slot: () => '', merge: superseded },
  // Each firing is told (a notification, a sound): never merged away.
  alertFired: { slot: () => null, merge: superseded },
  // A link opened twice while the page lags: the later one is the one to show.
  openSymbol: { slot: () => '', merge: superseded },
  // A whole instrument's set: the later revision says everything about that instrument.
  drawings: { slot: (p) => instrumentKey(p.instrument), merge: superseded },
  // The replay's latest state says everything.
  replay: { slot: () => '', merge: superseded },
} satisfies { [E in EventName]: Coalescing<E> };

/** The coalescing of `message`'s kind, typed for its payload. */
function coalescingOf(message: BridgeEventMessage): Coalescing<EventName> {
  // The table's entry for a name is the one for that name's payload.
  return COALESCING[message.event] as Coalescing<EventName>;
}

/**
 * The slot an event takes in a slow client's held events: a later event of the same
 * slot merges into it. Null for an event that must be delivered as it is and in
 * order (a history page answered to `loadCandles`).
 */
export function coalesceSlot(message: BridgeEventMessage): string | null {
  const key = coalescingOf(message).slot(message.payload);
  return key === null ? null : `${message.event}|${key}`;
}

/** `older` and `newer` (same slot) as one event: what a pane shows after both. */
export function mergeEvents(
  older: BridgeEventMessage,
  newer: BridgeEventMessage,
): BridgeEventMessage {
  const payload = coalescingOf(newer).merge(older.payload, newer.payload);
  return payload === newer.payload ? newer : { event: newer.event, payload };
}

/**
 * Two tick events as one: each code's newest, and every trade of both before it (a tape
 * lists each trade: the older event's newest is one of them when the newer has the code).
 */
function mergeTicks(a: Events['ticks'], b: Events['ticks']): Events['ticks'] {
  const earlier: Record<string, Tick[]> = {};
  for (const code of new Set([...Object.keys(a.ticks), ...Object.keys(b.ticks)])) {
    const list = [...(a.earlier?.[code] ?? [])];
    const later = b.ticks[code];
    if (later) {
      const older = a.ticks[code];
      if (older) list.push(older);
      list.push(...(b.earlier?.[code] ?? []));
    }
    // A page far behind holds a bounded list: the newest trades, the oldest dropped.
    if (list.length > MAX_EARLIER_TRADES) list.splice(0, list.length - MAX_EARLIER_TRADES);
    if (list.length > 0) earlier[code] = list;
  }
  const { earlier: _, ...rest } = b;
  const merged = { ...rest, ticks: { ...a.ticks, ...b.ticks } };
  return Object.keys(earlier).length > 0 ? { ...merged, earlier } : merged;
}

/** Candles of both, ascending by time, the newer one winning a time both hold. */
function mergeCandles<C extends { time: number }>(older: readonly C[], newer: readonly C[]): C[] {
  const byTime = new Map<number, C>();
  for (const c of older) byTime.set(c.time, c);
  for (const c of newer) byTime.set(c.time, c);
  return [...byTime.values()].sort((x, y) => x.time - y.time);
}
