import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../../shared/model';
import { groupNews, newsMarkText, placeEvents, type EventMark } from './event-marks';

const H = 3_600_000;
const DAY = 24 * H;
const bars = [10, 11, 12, 13].map((h) => ({ time: h * H }));
const news = (id: string, at: number): NewsItem => ({
  id,
  title: id,
  publishedAt: at,
  market: 'stock',
  language: 'en',
  link: `https://news.example.com/${id}`,
  provider: 'Wire',
});

describe('news on bars', () => {
  it('puts each item on the bar it was published in, several grouped with a count', () => {
    const marks = groupNews(bars, [
      news('a', 10 * H + 5),
      news('b', 12 * H + 30 * 60_000),
      news('c', 12 * H),
      news('d', 12 * H + 59 * 60_000),
    ]);
    expect(marks.map((m) => [m.time, m.items.map((i) => i.id)])).toEqual([
      [10 * H, ['a']],
      [12 * H, ['d', 'b', 'c']],
    ]);
    expect(marks.map(newsMarkText)).toEqual(['', '3']);
  });

  it('leaves out items older than the first bar; newer ones go on the newest', () => {
    const marks = groupNews(bars, [news('old', 9 * H), news('late', 20 * H)]);
    expect(marks).toEqual([{ time: 13 * H, items: [news('late', 20 * H)] }]);
  });

  it('counts an item once when it arrives twice', () => {
    const marks = groupNews(bars, [news('a', 11 * H), news('a', 11 * H)]);
    expect(marks[0]!.items).toHaveLength(1);
  });

  it('has nothing to mark without bars', () => {
    expect(groupNews([], [news('a', 1)])).toEqual([]);
  });
});

describe('splits and the IPO on bars', () => {
  const days = [1, 2, 5, 6].map((d) => ({ time: d * DAY + 14 * H }));
  const mark = (day: number, label = '2:1'): EventMark => ({
    time: day * DAY,
    kind: 'split',
    label,
    title: `Split ${label}`,
  });

  it('places each on the first bar of or after its date', () => {
    const placed = placeEvents(days, [mark(5), mark(3, '3:2'), mark(1, 'IPO')]);
    expect(placed.map((m) => [m.time / H, m.label])).toEqual([
      [1 * 24 + 14, 'IPO'],
      [5 * 24 + 14, '3:2'],
      [5 * 24 + 14, '2:1'],
    ]);
  });

  it('leaves out events after the newest bar or whose bar is not loaded', () => {
    expect(placeEvents(days, [mark(9), mark(-3)])).toEqual([]);
    expect(placeEvents([], [mark(1)])).toEqual([]);
  });
});
