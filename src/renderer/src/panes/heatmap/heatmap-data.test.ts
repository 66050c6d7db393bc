import { describe, expect, it } from 'vitest';
import { HeatmapData } from './heatmap-data';
import { HOLD_MS, MAX_COLUMNS } from './heatmap-model';
import { depthBook, ladderBook } from './testing/books';

const book = (bid: number, ask: number, size = 1) => ladderBook({ bid, ask, levels: 3, size });

describe('HeatmapData', () => {
  it('makes a column per bucket, the last frame of a bucket winning', () => {
    const d = new HeatmapData(1_000, 1);
    // The first book gives the tick: every column is new.
    expect(d.addFrame(10_100, book(100, 100.01, 1))).toBe('all');
    expect(d.addFrame(10_500, book(100, 100.01, 3))).toEqual([10]);
    d.addFrame(10_900, book(100, 100.01, 7));
    expect(d.column(10)?.max).toBe(7);
    expect(d.tick).toBe(0.01);
    expect(d.newest).toBe(10);
  });

  it('holds the last book into buckets without a frame, for HOLD_MS at most', () => {
    const d = new HeatmapData(1_000, 1);
    d.addFrame(10_000, book(100, 100.01));
    const changed = d.addFrame(13_000, book(101, 101.01));
    expect(changed).toEqual([11, 12, 13]);
    expect(d.column(11)?.held).toBe(true);
    expect(d.column(11)?.bestBid).toBe(10_000);
    expect(d.column(13)?.bestBid).toBe(10_100);
    // A silence past HOLD_MS: the buckets after it are empty, not the old book.
    const far = 13_000 + HOLD_MS + 3_000;
    d.addFrame(far, book(102, 102.01));
    expect(d.column(13 + HOLD_MS / 1000 - 1)?.held).toBe(true);
    expect(d.column(13 + HOLD_MS / 1000 + 1)).toBeUndefined();
  });

  it('drops a frame older than its newest column', () => {
    const d = new HeatmapData(1_000, 1);
    d.addFrame(20_000, book(100, 100.01, 3));
    expect(d.addFrame(19_000, book(100, 100.01, 9))).toEqual([]);
    expect(d.column(19)).toBeUndefined();
  });

  it('keeps MAX_COLUMNS columns, the oldest falling off', () => {
    const d = new HeatmapData(100, 1);
    for (let i = 0; i <= MAX_COLUMNS; i++) d.addFrame(i * 100, book(100, 100.01));
    expect(d.column(0)).toBeUndefined();
    expect(d.column(1)).toBeDefined();
    expect(d.column(MAX_COLUMNS)).toBeDefined();
  });

  it('rebuilds its columns at another bucket or grouping from the frames it kept', () => {
    const d = new HeatmapData(100, 1);
    d.addFrame(1_050, book(100, 100.01, 2));
    d.addFrame(1_550, book(100.02, 100.03, 5));
    expect(d.regroup(1_000, 5)).toBe('all');
    expect(d.step).toBe(0.05);
    expect(d.newest).toBe(1);
    // The bucket's last frame, its bids grouped down to 100.00 (2,000 × 0.05).
    const c = d.column(1)!;
    expect(c.bestBid).toBe(2_000);
    expect(c.bids.sizes[c.bids.rows.indexOf(2_000)]).toBe(15);
  });

  it('puts columns rebuilt on other rows or buckets in another epoch, and no others', () => {
    const d = new HeatmapData(1_000, 1);
    const fresh = d.epoch;
    expect(new HeatmapData(1_000, 1).epoch).not.toBe(fresh);
    // A book two hundredths apart: a tick of 0.02 until a finer gap shows.
    const lv = (price: number, i: number) => ({ level: i + 1, price, volume: 1, orders: 1 });
    const coarse = { symbol: 'X', bids: [100, 99.98].map(lv), asks: [100.02, 100.04].map(lv) };
    d.addFrame(10_000, coarse);
    const first = d.epoch;
    d.addFrame(11_000, coarse);
    d.extendTo(14_000);
    expect(d.epoch).toBe(first);
    // A finer tick (0.01 after 0.02), another grouping, another bucket: other rows or buckets.
    d.addFrame(15_000, book(100, 100.01));
    const reticked = d.epoch;
    expect(reticked).not.toBe(first);
    d.regroup(1_000, 5);
    expect(d.epoch).not.toBe(reticked);
    const regrouped = d.epoch;
    d.regroup(1_000, 5);
    expect(d.epoch).toBe(regrouped);
    d.regroup(500, 5);
    expect(d.epoch).not.toBe(regrouped);
  });

  it('regroups when a finer tick shows up', () => {
    const d = new HeatmapData(1_000, 1);
    d.addFrame(1_000, book(100, 100.02));
    const coarse = depthBook(
      [
        [100, 1],
        [99.9, 1],
      ],
      [
        [100.1, 1],
        [100.2, 1],
      ],
    );
    const d2 = new HeatmapData(1_000, 1);
    d2.addFrame(1_000, coarse);
    expect(d2.tick).toBe(0.1);
    expect(d2.addFrame(2_000, book(100, 100.01))).toBe('all');
    expect(d2.tick).toBe(0.01);
    expect(d2.column(1)?.bestAsk).toBe(10_010);
    expect(d.tick).toBe(0.01);
  });

  it('adds a past at once as it adds its frames one by one, a finer tick later on included', () => {
    const coarse = (bid: number) => ladderBook({ bid, levels: 2, step: 0.1, size: 2, askSize: 3 });
    const frames = [
      { t: 1_000, book: coarse(100) },
      { t: 1_400, book: coarse(100.1) },
      { t: 3_000, book: coarse(100.2) },
      // A finer tick shows only here: the columns before are rebuilt in its rows.
      { t: 4_200, book: book(100.05, 100.06, 4) },
      { t: 12_000, book: book(100.07, 100.08, 5) },
    ];
    const one = new HeatmapData(1_000, 2);
    one.addFrame(500, coarse(99.9));
    for (const f of frames) one.addFrame(f.t, f.book);
    const all = new HeatmapData(1_000, 2);
    all.addFrame(500, coarse(99.9));
    expect(all.addFrames(frames)).toBe('all');
    expect(all.tick).toBe(0.01);
    for (let b = 0; b <= 12; b++) expect(all.column(b), `bucket ${b}`).toEqual(one.column(b));
    expect(all.column(1)?.bestBid).toBe(5_005);
    expect(all.frames()).toEqual(one.frames());
    expect(new HeatmapData(1_000, 1).addFrames([])).toEqual([]);
  });

  it('takes a trade once, in time order, and drops ticks without volume', () => {
    const d = new HeatmapData(1_000, 1);
    const tick = (time: number, last: number, volume: number) => ({
      symbol: 'X',
      time,
      last,
      volume,
      turnover: 0,
      status: 0,
    });
    expect(d.addTicks([tick(2_000, 100, 1)])).toBe(true);
    expect(d.addTicks([tick(2_000, 100, 1)])).toBe(false);
    d.addTicks([tick(1_500, 99, 2)]);
    d.addTicks([tick(3_000, 101, 0)]);
    expect(d.trades.map((t) => t.t)).toEqual([1_500, 2_000]);
  });

  it('refuses a bucket or grouping it cannot use', () => {
    expect(() => new HeatmapData(0, 1)).toThrow(/positive/);
    expect(() => new HeatmapData(100, 1.5)).toThrow(/whole multiple/);
  });
});

describe('HeatmapData.extendTo', () => {
  it('carries the newest book to the present bucket, as held columns', () => {
    const d = new HeatmapData(1_000, 1);
    d.addFrame(10_200, book(100, 100.01, 4));
    expect(d.extendTo(13_500)).toEqual([11, 12, 13]);
    expect(d.newest).toBe(13);
    expect(d.column(13)?.held).toBe(true);
    expect(d.column(13)?.bestBid).toBe(10_000);
    expect(d.extendTo(13_900)).toEqual([]);
    // A frame in the present bucket replaces the held book.
    d.addFrame(13_950, book(101, 101.01, 2));
    expect(d.column(13)?.held).toBe(false);
    expect(d.column(13)?.bestBid).toBe(10_100);
  });
});
