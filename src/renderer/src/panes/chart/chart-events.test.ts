import { describe, expect, it } from 'vitest';
import type { ChartEventsAnswer } from '../../../../shared/bridge';
import type { Instrument, NewsItem } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { ChartEvents } from './chart-events.svelte';

const DAY = 86_400_000;
const AVGO: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AVGO' };
const story: NewsItem = {
  id: 'n1',
  title: 'Broadcom rises',
  publishedAt: 2 * DAY,
  market: 'stock',
  language: 'en',
  link: 'https://example.com/n1',
  provider: 'wire',
};

function answer(news: NewsItem[]): ChartEventsAnswer {
  return {
    instrument: AVGO,
    splits: [
      { date: DAY, region: 'US', code: 'AVGO', name: 'Broadcom', ratio: '1:10', from: 1, to: 10 },
    ],
    ipo: null,
    news,
    asOf: 0,
    offline: false,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a chart’s events', () => {
  it('adjusts for the splits from the first answer while the news refresh still waits', async () => {
    const bridge = new FakeBridge();
    const asked: (boolean | undefined)[] = [];
    let refreshed: (a: ChartEventsAnswer) => void = () => undefined;
    bridge.handlers.loadChartEvents = async (args) => {
      asked.push(args.refreshNews);
      if (!args.refreshNews) return answer([]);
      return new Promise<ChartEventsAnswer>((resolve) => (refreshed = resolve));
    };
    const events = new ChartEvents(bridge);
    events.follow(AVGO);
    await settle();
    expect(asked).toEqual([false, true]);
    expect(events.splits.map((s) => s.factor)).toEqual([10]);
    expect(events.news).toEqual([]);
    refreshed(answer([story]));
    await settle();
    expect(events.news.map((n) => n.id)).toEqual(['n1']);
    expect(events.splits.map((s) => s.factor)).toEqual([10]);
  });

  it('drops a refreshed answer for an instrument the chart has left', async () => {
    const bridge = new FakeBridge();
    let refreshed: (a: ChartEventsAnswer) => void = () => undefined;
    bridge.handlers.loadChartEvents = async (args) =>
      args.refreshNews
        ? new Promise<ChartEventsAnswer>((resolve) => (refreshed = resolve))
        : answer([]);
    const events = new ChartEvents(bridge);
    events.follow(AVGO);
    await settle();
    events.follow(null);
    refreshed(answer([story]));
    await settle();
    expect(events.news).toEqual([]);
    expect(events.splits).toEqual([]);
  });
});
