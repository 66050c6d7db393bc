import { describe, expect, it } from 'vitest';
import { HeatmapData } from './heatmap-data';
import { MAX_TRADES, type Trade } from './heatmap-model';
import { TradeSender, applyTrades, type TradeDelta } from './overlay-trades';

const trade = (t: number, volume = 1): Trade => ({ t, price: 100, volume });

/** A worker's copy kept by the deltas a sender makes, each checked against the pane's. */
function copyOf(data: HeatmapData) {
  const sender = new TradeSender();
  let copy: Trade[] = [];
  const sent: (TradeDelta | null)[] = [];
  return {
    sync(): TradeDelta | null {
      const delta = sender.delta(data);
      sent.push(delta);
      if (delta) copy = applyTrades(copy, structuredClone(delta));
      expect(copy).toEqual(data.trades);
      return delta;
    },
    sent,
  };
}

describe('the trades sent to the worker', () => {
  it('sends them all once, then only the new ones, and nothing when none came', () => {
    const data = new HeatmapData(1_000, 1);
    data.addTrades([trade(1), trade(2)]);
    const copy = copyOf(data);
    expect(copy.sync()).toMatchObject({ reset: true, trades: [trade(1), trade(2)] });
    expect(copy.sync()).toBeNull();
    data.addTrades([trade(3)]);
    expect(copy.sync()).toEqual({ reset: false, drop: 0, trades: [trade(3)] });
    expect(copy.sync()).toBeNull();
  });

  it('drops off the front what the pane trimmed, without sending the rest again', () => {
    const data = new HeatmapData(1_000, 1);
    data.addTrades(Array.from({ length: MAX_TRADES }, (_, i) => trade(i)));
    const copy = copyOf(data);
    copy.sync();
    data.addTrades([trade(MAX_TRADES), trade(MAX_TRADES + 1), trade(MAX_TRADES + 2)]);
    const delta = copy.sync();
    expect(delta).toEqual({
      reset: false,
      drop: 3,
      trades: [trade(MAX_TRADES), trade(MAX_TRADES + 1), trade(MAX_TRADES + 2)],
    });
  });

  it('sends them all again after a trade out of time order, or for another data', () => {
    const data = new HeatmapData(1_000, 1);
    data.addTrades([trade(10), trade(20)]);
    const copy = copyOf(data);
    copy.sync();
    data.addTrades([trade(15)]);
    expect(copy.sync()).toMatchObject({ reset: true });
    expect(data.trades.map((t) => t.t)).toEqual([10, 15, 20]);

    const sender = new TradeSender();
    sender.delta(data);
    const other = new HeatmapData(1_000, 1);
    other.addTrades([trade(5)]);
    expect(sender.delta(other)).toEqual({ reset: true, trades: [trade(5)] });
  });

  it('keeps the copy an array of its own when it drops (the profile is kept per array)', () => {
    const before = [trade(1), trade(2)];
    const after = applyTrades(before, { reset: false, drop: 1, trades: [trade(3)] });
    expect(after).not.toBe(before);
    expect(after).toEqual([trade(2), trade(3)]);
    const appended = applyTrades(after, { reset: false, drop: 0, trades: [trade(4)] });
    expect(appended).toBe(after);
  });
});
