/**
 * The rules of streamed charts at a bar's close (stream-candles.ts): the service's bar
 * wins and a difference is said in words; a quiet symbol's bar is asked for at its end;
 * a market not trading is not asked every minute.
 */
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../shared/model';
import { formatCorrection } from './candle-correction';
import { newGroup, type Group } from './group';
import { CLOSE_GRACE_MS, StreamCandles } from './stream-candles';
import { ManualTimers } from '../../shared/testing/manual-timers';

const T0 = Date.UTC(2026, 10, 18, 15, 0, 0);
const bar = (time: number, close: number, volume = 10): Candle => ({
  time,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume,
  turnover: 1000,
});

function rig() {
  const timers = new ManualTimers(T0 + 10_000);
  const g: Group = newGroup(
    'candles|crypto|BA||1',
    {
      kind: 'candles',
      cls: 'crypto',
      region: 'BA',
      exchange: '',
      kType: 1,
    },
    'candles:1',
  );
  g.streamed.add('BTCUSDT');
  const due: string[] = [];
  const said: string[] = [];
  const candles = new StreamCandles({
    timers,
    now: timers.now,
    due: (_g, code) => due.push(code),
    isCurrent: () => true,
    corrected: (_g, message) => said.push(message),
  });
  return { timers, g, due, said, candles };
}

describe('streamed charts at the close', () => {
  it("takes the service's bar and says what it corrected; agreeing bars say nothing", () => {
    const { g, said, candles } = rig();
    candles.built(g, 'BTCUSDT', bar(T0, 101.2, 12));
    candles.answered(g, { BTCUSDT: [bar(T0, 101.3, 12), bar(T0 + 60_000, 101.3)] });
    expect(said).toEqual([
      'The service corrected the 2026-11-18 15:00 UTC bar: high 101.3 (streamed 101.2), close 101.3 (streamed 101.2).',
    ]);
    candles.built(g, 'BTCUSDT', bar(T0 + 60_000, 99));
    candles.answered(g, { BTCUSDT: [bar(T0 + 60_000, 99), bar(T0 + 120_000, 99)] });
    expect(said).toHaveLength(1);
    expect({ closes: candles.closes, corrections: candles.corrections }).toEqual({
      closes: 2,
      corrections: 1,
    });
  });

  it('asks for a quiet symbol’s bar at its end and the grace, once', async () => {
    const { timers, g, due, candles } = rig();
    candles.answered(g, { BTCUSDT: [bar(T0 - 60_000, 100), bar(T0, 100)] });
    await timers.advance(60_000 - 10_000 + CLOSE_GRACE_MS - 1);
    expect(due).toEqual([]);
    await timers.advance(1);
    expect(due).toEqual(['BTCUSDT']);
    await timers.advance(120_000);
    expect(due).toEqual(['BTCUSDT']);
  });

  it('does not ask every minute for a market that is not trading (its last bar already ended)', async () => {
    const { timers, g, due, candles } = rig();
    // Friday's last bar, read on Saturday.
    candles.answered(g, { BTCUSDT: [bar(T0 - 3 * 86_400_000, 100)] });
    await timers.advance(10 * 60_000);
    expect(due).toEqual([]);
  });

  it('words a correction with only the fields that differ', () => {
    expect(formatCorrection(bar(T0, 101), bar(T0, 101))).toBeNull();
    expect(formatCorrection(bar(T0, 101, 10), bar(T0, 101, 10.5))).toBe(
      'The service corrected the 2026-11-18 15:00 UTC bar: volume 10.5 (streamed 10).',
    );
  });
});
