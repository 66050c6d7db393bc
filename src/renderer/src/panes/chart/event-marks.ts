/**
 * What the chart marks on its bars: news items grouped on the bar they were published
 * in (one marker per bar, with a count when there are several), and splits and the IPO
 * date on the bar where they took effect. Pure: bars and events in, marks out.
 */
import type { NewsItem, UnixMs } from '../../../../shared/model';
import { firstAtOrAfter } from './candle-series';

/** The news of one bar, newest first. */
export interface NewsMark {
  /** The bar's time (ms). */
  time: UnixMs;
  items: NewsItem[];
}

/** A split or the IPO, on the first bar at or after its date. */
export interface EventMark {
  time: UnixMs;
  kind: 'split' | 'ipo';
  /** "2:1", "IPO". */
  label: string;
  /** In words, for the tooltip and the accessible list ("Split 2:1 on 2025-06-10"). */
  title: string;
}

/**
 * The bar each news item was published in: the last bar that opened at or before it.
 * Items older than the first bar are left out (paging brings their bars); items after
 * the newest bar's open belong to it (the forming bar, or the last before a close).
 */
export function groupNews(
  bars: readonly { time: number }[],
  items: readonly NewsItem[],
): NewsMark[] {
  if (bars.length === 0) return [];
  const byBar = new Map<number, NewsItem[]>();
  for (const item of items) {
    const after = firstAtOrAfter(bars, item.publishedAt + 1);
    if (after === 0) continue;
    const time = bars[after - 1]!.time;
    let list = byBar.get(time);
    if (!list) byBar.set(time, (list = []));
    if (!list.some((i) => i.id === item.id)) list.push(item);
  }
  return [...byBar]
    .sort((a, b) => a[0] - b[0])
    .map(([time, list]) => ({
      time,
      items: list.sort((a, b) => b.publishedAt - a.publishedAt || a.id.localeCompare(b.id)),
    }));
}

/** A news mark's text on the chart: nothing for one item, the count for several. */
export function newsMarkText(mark: NewsMark): string {
  return mark.items.length > 1 ? String(mark.items.length) : '';
}

/** A day (ms): an event's date is a day, a bar's time the session's open within it. */
const DAY_MS = 86_400_000;

/**
 * Places dated events on bars: each on the first bar at or after its date (a split's
 * ex-date may be a day the chart has no bar for). Events after the newest bar, or a day
 * or more before the first (their bar is not loaded), are not shown.
 */
export function placeEvents(
  bars: readonly { time: number }[],
  events: readonly EventMark[],
): EventMark[] {
  const last = bars.at(-1);
  if (!last) return [];
  const placed: EventMark[] = [];
  // By date first: two events on one bar keep the order they happened in.
  for (const e of [...events].sort((a, b) => a.time - b.time)) {
    if (e.time > last.time) continue;
    const i = firstAtOrAfter(bars, e.time);
    if (i === 0 && e.time <= bars[0]!.time - DAY_MS) continue;
    const bar = bars[i];
    if (bar) placed.push({ ...e, time: bar.time });
  }
  return placed;
}
