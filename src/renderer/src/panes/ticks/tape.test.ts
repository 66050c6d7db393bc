import { describe, expect, it } from 'vitest';
import type { Tick } from '../../../../shared/model';
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
    let rows = tape.apply([], { BTC: tick(100, 1), ETH: tick(10, 2) });
    expect(rows.map((r) => [r.code, r.dir])).toEqual([
      ['ETH', ''],
      ['BTC', ''],
    ]);
    rows = tape.apply(rows, { BTC: tick(101, 3), ETH: tick(9, 4) });
    expect(rows.slice(0, 2).map((r) => [r.code, r.dir])).toEqual([
      ['ETH', 'down'],
      ['BTC', 'up'],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
  });
  it('skips unchanged ticks and keeps the same array', () => {
    const tape = new Tape();
    const rows = tape.apply([], { BTC: tick(100, 1) });
    expect(tape.apply(rows, { BTC: tick(100, 1) })).toBe(rows);
  });
  it('bounds the tape', () => {
    const tape = new Tape();
    let rows = tape.apply([], {});
    for (let i = 1; i <= 10; i++) rows = tape.apply(rows, { BTC: tick(100 + i, i) }, 4);
    expect(rows).toHaveLength(4);
    expect(rows[0]!.last).toBe(110);
  });
});

describe('parseCodes', () => {
  it('splits, upper-cases, validates and dedupes', () => {
    expect(parseCodes('btcusdt, ETHUSDT;btcusdt  $bad', 'BA')).toEqual(['BTCUSDT', 'ETHUSDT']);
    // Canonical per region: HK codes lose their leading zeros, so 00700 and 700 are one.
    expect(parseCodes('00700 700 9988', 'HK')).toEqual(['700', '9988']);
  });
});
