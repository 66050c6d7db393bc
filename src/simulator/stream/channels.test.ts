/**
 * A pump that runs late still pushes every trade it missed, each as the market stood at
 * its own instant: the stream never skips a second that REST's candles count.
 */
import { describe, expect, it } from 'vitest';
import { SyntheticMarket } from '../market/synthetic-market';
import { CATCH_UP_TRADES, StreamChannels } from './channels';

const SEED = 7;
/** A Wednesday afternoon (crypto trades around the clock; BTCUSDT every second). */
const START = Date.UTC(2026, 10, 18, 15, 20, 0);

function rig() {
  let now = START;
  const market = new SyntheticMarket({ seed: SEED, now: () => now });
  const channels = new StreamChannels({
    cls: 'crypto',
    market,
    seed: SEED,
    now: () => now,
    denied: () => false,
    opened: () => {},
  });
  const frames: { t: number; ld: number }[] = [];
  const symbol = channels.resolve('BTCUSDT', 'BA')!;
  channels.add(symbol, 'quote', {
    push: (frame) => {
      const { data } = JSON.parse(frame) as { data: { t: number; ld: number } };
      frames.push({ t: data.t, ld: data.ld });
    },
  });
  return {
    market,
    channels,
    frames,
    at: (t: number) => {
      now = t;
    },
  };
}

describe('StreamChannels.pump', () => {
  it('pushes each trade a late pump missed, at the trade’s own second', () => {
    const r = rig();
    // On time: one push per second for 10 s.
    for (let t = START; t < START + 10_000; t += 1) {
      if (r.channels.nextDue()! <= t) {
        r.at(t);
        r.channels.pump(t);
      }
    }
    const onTime = r.frames.splice(0);
    // Late: one pump 3 s after the next trade was due.
    const due = r.channels.nextDue()!;
    r.at(due + 3_000);
    r.channels.pump(due + 3_000);
    const seconds = r.frames.map((f) => f.t);
    expect(onTime.length).toBeGreaterThanOrEqual(9);
    expect(seconds.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seconds).size).toBe(seconds.length);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]! - seconds[i - 1]!).toBe(1_000);
    // Each push is what REST answered at its second.
    for (const f of r.frames) {
      r.at(f.t + 999);
      expect(r.market.quote('crypto', 'BA', '', 'BTCUSDT')!.ld).toBe(f.ld);
    }
  });

  it('a stall longer than the catch-up pushes the latest state once', () => {
    const r = rig();
    r.channels.pump(START);
    r.frames.length = 0;
    const late = START + (CATCH_UP_TRADES + 20) * 1_000;
    r.at(late);
    r.channels.pump(late);
    // Up to CATCH_UP_TRADES trades one by one (the first may repeat the baseline's
    // second, and an unchanged record is not pushed again), then the latest state.
    const seconds = r.frames.map((f) => f.t);
    expect(seconds.length).toBeGreaterThanOrEqual(CATCH_UP_TRADES);
    expect(seconds.length).toBeLessThanOrEqual(CATCH_UP_TRADES + 1);
    expect(seconds.at(-1)).toBe(Math.floor(late / 1000) * 1000);
    expect(seconds.at(-2)! - START).toBeLessThan(CATCH_UP_TRADES * 1_000);
    expect(r.channels.nextDue()!).toBeGreaterThan(late);
  });
});
