import { describe, expect, it } from 'vitest';
import type { Tick } from '../../../../shared/model';
import { tradesOf } from '../common/trades';
import { Tape, parseCodes } from './tape';

const tick = (last: number, time: number, volume = 1): Tick => ({
  symbol: 'X',
  last,
  time,
  volume,
  turnover: 0,
  status: 0,
});

describe('Tape', () => {
  it('adds rows newest first with direction vs the previous tick', () => {
    const tape = new Tape();
    let rows = tape.apply([], { BTC: [tick(100, 1)], ETH: [tick(10, 2)] });
    expect(rows.map((r) => [r.code, r.dir])).toEqual([
      ['ETH', ''],
      ['BTC', ''],
    ]);
    rows = tape.apply(rows, { BTC: [tick(101, 3)], ETH: [tick(9, 4)] });
    expect(rows.slice(0, 2).map((r) => [r.code, r.dir])).toEqual([
      ['ETH', 'down'],
      ['BTC', 'up'],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
  });
  it('skips unchanged ticks and keeps the same array', () => {
    const tape = new Tape();
    const rows = tape.apply([], { BTC: [tick(100, 1)] });
    expect(tape.apply(rows, { BTC: [tick(100, 1)] })).toBe(rows);
  });
  it('bounds the tape', () => {
    const tape = new Tape();
    let rows = tape.apply([], {});
    for (let i = 1; i <= 10; i++) rows = tape.apply(rows, { BTC: [tick(100 + i, i)] }, 4);
    expect(rows).toHaveLength(4);
    expect(rows[0]!.last).toBe(110);
  });
});

describe('Tape: every trade a row', () => {
  it('lists each trade of a push, not only each symbol’s newest (a replay at 100×)', () => {
    const tape = new Tape();
    // Five seconds of BTC's trades in one push, as the hub tells them (`earlier`).
    const trades = tradesOf({
      subscriptionId: 's',
      ticks: { BTC: tick(105, 5_000), ETH: tick(10, 4_500) },
      earlier: { BTC: [tick(101, 1_000), tick(102, 2_000), tick(102, 3_000), tick(99, 4_000)] },
    });
    const rows = tape.apply([], trades);
    expect(rows.map((r) => [r.code, r.time, r.dir])).toEqual([
      ['BTC', 5_000, 'up'],
      ['ETH', 4_500, ''],
      ['BTC', 4_000, 'down'],
      ['BTC', 3_000, ''],
      ['BTC', 2_000, 'up'],
      ['BTC', 1_000, ''],
    ]);
    // The newest again, or one it already listed: no row.
    expect(tape.apply(rows, { BTC: [tick(99, 4_000), tick(105, 5_000)] })).toBe(rows);
  });

  it('puts the recorded trades behind the pushed ones, each once, newest first, bounded', () => {
    const tape = new Tape();
    // Pushed before the recorded past answered: the trade at 3 s and a later one.
    let rows = tape.apply([], { BTC: [tick(103, 3_000), tick(104, 4_000)] });
    const past = [1_000, 2_000, 3_000].map((t) => tick(100 + t / 1000, t));
    rows = tape.backfill(rows, { BTC: past }, 3);
    expect(rows.map((r) => [r.time, r.dir])).toEqual([
      [4_000, 'up'],
      [3_000, 'up'],
      [2_000, 'up'],
    ]);
    // The stream pushing a trade the past listed adds nothing.
    expect(tape.apply(rows, { BTC: [tick(104, 4_000)] })).toBe(rows);
    // A past with nothing new: the same rows.
    expect(tape.backfill(rows, { BTC: [tick(104, 4_000)] })).toBe(rows);
  });
});

describe('parseCodes', () => {
  it('splits, upper-cases, validates and dedupes', () => {
    expect(parseCodes('btcusdt, ETHUSDT;btcusdt  $bad', 'BA')).toEqual(['BTCUSDT', 'ETHUSDT']);
    // Canonical per region: HK codes lose their leading zeros, so 00700 and 700 are one.
    expect(parseCodes('00700 700 9988', 'HK')).toEqual(['700', '9988']);
  });
});
