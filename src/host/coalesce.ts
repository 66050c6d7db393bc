/**
 * Which bridge events a slow client may receive merged, and how they merge. A client
 * that falls behind does not need every intermediate push, only the newest state: the
 * market events are deltas keyed by code (panes merge them), so the merge of two is
 * the later record per code; a state, the app status or the workspace is superseded
 * by the next one. What merges must leave a pane exactly where receiving both would.
 */
import type { BridgeEventMessage, Events } from '../shared/bridge';
import { seriesKey } from '../shared/model';

/**
 * The slot an event takes in a slow client's held events: a later event of the same
 * slot merges into it. Null for an event that must be delivered as it is and in
 * order (a history page answered to `loadCandles`: the chart merges it by series, but
 * it answers a request, so it is never merged away).
 */
export function coalesceSlot(message: BridgeEventMessage): string | null {
  switch (message.event) {
    case 'quotes':
    case 'depth':
    case 'ticks':
    case 'news':
    case 'subscriptionStatus':
      return `${message.event}|${(message.payload as { subscriptionId: string }).subscriptionId}`;
    case 'candles': {
      const { subscriptionId, page } = message.payload as Events['candles'];
      return subscriptionId === null ? null : `candles|${subscriptionId}|${seriesKey(page.series)}`;
    }
    case 'status':
    case 'workspace':
      return message.event;
    default:
      return null;
  }
}

/** `older` and `newer` (same slot) as one event: what a pane shows after both. */
export function mergeEvents(
  older: BridgeEventMessage,
  newer: BridgeEventMessage,
): BridgeEventMessage {
  switch (newer.event) {
    case 'quotes': {
      const a = older.payload as Events['quotes'];
      const b = newer.payload as Events['quotes'];
      return { event: 'quotes', payload: { ...b, quotes: { ...a.quotes, ...b.quotes } } };
    }
    case 'depth': {
      const a = older.payload as Events['depth'];
      const b = newer.payload as Events['depth'];
      return { event: 'depth', payload: { ...b, books: { ...a.books, ...b.books } } };
    }
    case 'ticks': {
      const a = older.payload as Events['ticks'];
      const b = newer.payload as Events['ticks'];
      return { event: 'ticks', payload: { ...b, ticks: { ...a.ticks, ...b.ticks } } };
    }
    case 'candles': {
      const a = older.payload as Events['candles'];
      const b = newer.payload as Events['candles'];
      return {
        event: 'candles',
        payload: {
          ...b,
          page: { ...b.page, candles: mergeCandles(a.page.candles, b.page.candles) },
        },
      };
    }
    case 'news': {
      const a = older.payload as Events['news'];
      const b = newer.payload as Events['news'];
      // Newest first, as the pane prepends: the newer page, then older items it lacks.
      const ids = new Set(b.items.map((item) => item.id));
      const items = [...b.items, ...a.items.filter((item) => !ids.has(item.id))];
      return { event: 'news', payload: { ...b, items } };
    }
    default:
      // A state, the app status or the workspace: the newer one says everything.
      return newer;
  }
}

/** Candles of both, ascending by time, the newer one winning a time both hold. */
function mergeCandles<C extends { time: number }>(older: readonly C[], newer: readonly C[]): C[] {
  const byTime = new Map<number, C>();
  for (const c of older) byTime.set(c.time, c);
  for (const c of newer) byTime.set(c.time, c);
  return [...byTime.values()].sort((x, y) => x.time - y.time);
}
