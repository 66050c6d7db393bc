/**
 * What streams when the plan cannot stream everything: markets that trade now first,
 * then what the focused pane shows, then the most visible — a weekend's one free connection goes to crypto, not to
 * frozen stocks, and comes back to stocks when they open.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { FakeStreams } from './testing/fake-stream';
import { manualHub, quotesSpec as quotes } from './testing/hub';
import { Recorder } from './testing/recorder';

/**
 * A free-plan hub (one stream connection) on fake streams, its clock at `at()` plus the
 * time the test has advanced it: moving `at` moves the hub's day and hour.
 */
function freePlanHub(at: () => number) {
  const streams = new FakeStreams(3);
  const rig = manualHub((t) => {
    const start = t.now();
    return { stream: streams.open, plan: planOf('free'), now: () => at() + t.now() - start };
  });
  return { streams, ...rig };
}

describe('the stream’s ranking', () => {
  it('gives the free plan’s one connection to the market that trades now, and moves it when markets open', async () => {
    // The hub's clock says Saturday noon UTC; then Monday 15:00 UTC (New York trades).
    let at = Date.UTC(2026, 10, 28, 12);
    const { streams, timers, hub } = freePlanHub(() => at);
    const open = () => streams.opened.filter((s) => !s.disposed).map((s) => s.cls);
    // Stocks are the more visible (two boards), crypto trades.
    hub.subscribe('w1', quotes('stock', 'US', ['AAPL', 'MSFT', 'TSLA']), new Recorder().push);
    hub.subscribe('w2', quotes('stock', 'US', ['AAPL', 'MSFT']), new Recorder().push);
    hub.subscribe('w1', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    await timers.advance(0);
    expect(open()).toEqual(['crypto']);
    streams.of('crypto').stream();
    await timers.advance(0);

    at = Date.UTC(2026, 10, 30, 15);
    await timers.advance(60_000);
    expect(open()).toEqual(['stock']);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US', 'TSLA$US']);
    hub.dispose();
  });

  it('serves the focused pane’s symbol first of all (after trading markets), and follows the focus', async () => {
    // Monday 15:00 UTC: New York trades.
    const { streams, timers, hub } = freePlanHub(() => Date.UTC(2026, 10, 30, 15));
    hub.subscribe(
      'w1',
      quotes('stock', 'US', ['AAPL', 'MSFT', 'TSLA', 'AMZN']),
      new Recorder().push,
    );
    hub.subscribe('w2', quotes('stock', 'US', ['AAPL', 'MSFT', 'TSLA']), new Recorder().push);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US', 'TSLA$US', 'AMZN$US']);

    // The chart the user works in shows AMZN, the least visible: it goes first.
    hub.setFocus('w1', { class: 'stock', region: 'US', exchange: '', code: 'amzn' });
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AMZN$US', 'AAPL$US', 'MSFT$US', 'TSLA$US']);

    // A hidden window's focus is nobody's: back to the most visible.
    hub.setVisibility('w1', false);
    await timers.advance(0);
    expect(streams.of('stock').keys()[0]).toBe('AAPL$US');
    hub.setVisibility('w1', true);
    await timers.advance(0);
    expect(streams.of('stock').keys()[0]).toBe('AMZN$US');

    // Focus on a closed market's symbol does not jump ahead of one that trades.
    hub.subscribe('w1', quotes('stock', 'HK', ['700']), new Recorder().push);
    hub.setFocus('w1', { class: 'stock', region: 'HK', exchange: '', code: '700' });
    await timers.advance(0);
    expect(streams.of('stock').keys().at(-1)).toBe('700$HK');

    // The window gone: its focus goes with it.
    hub.dropClient('w1');
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US', 'TSLA$US']);
    hub.dispose();
  });
});
