/**
 * The tick tape on the data's timeline: a replay that starts, seeks or ends starts the
 * tape again, so no row of another time (after the sought one, a seek back) stays.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Tick } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { TickTapeState } from './tick-tape.svelte';

const tick = (last: number, time: number): Tick => ({
  symbol: 'BTCUSDT',
  last,
  time,
  volume: 1,
  turnover: last,
  status: 0,
});

describe('TickTapeState on a new timeline', () => {
  it('keeps no row of the time before a seek; the ticks after it fill the tape again', async () => {
    const bridge = new FakeBridge();
    const tape = new TickTapeState(bridge);
    tape.setTimeline('replay:demo@0-1#0');
    tape.setSelection('BA', ['BTCUSDT']);
    await vi.waitFor(() => expect(bridge.namesCalled()).toContain('subscribe'));
    await Promise.resolve();
    const push = (t: Tick) => bridge.emit('ticks', { subscriptionId: 's1', ticks: { BTCUSDT: t } });
    push(tick(87_501, 12 * 3_600_000 + 19 * 60_000));
    push(tick(87_502, 12 * 3_600_000 + 19 * 60_000 + 1000));
    expect(tape.rows).toHaveLength(2);
    // The same timeline again (a status told twice): nothing changes.
    tape.setTimeline('replay:demo@0-1#0');
    expect(tape.rows).toHaveLength(2);
    tape.setTimeline('replay:demo@0-1#1');
    expect(tape.rows).toEqual([]);
    // Sought back to 12:07: its tick is a row, whatever the tape saw at 12:19.
    push(tick(87_400, 12 * 3_600_000 + 7 * 60_000));
    expect(tape.rows.map((r) => [r.last, r.dir])).toEqual([[87_400, '']]);
    tape.dispose();
  });

  it('lists the trades recorded up to the sought time behind those pushed since', async () => {
    const bridge = new FakeBridge();
    const answers = bridge.hold('loadTrades');
    const tape = new TickTapeState(bridge);
    tape.setTimeline('replay:demo@0-1#0');
    tape.setSelection('BA', ['BTCUSDT']);
    await vi.waitFor(() => expect(bridge.namesCalled()).toContain('subscribe'));
    await Promise.resolve();
    const noon = 12 * 3_600_000;
    // Sought back to 12:07: the tape asks for the recorded trades up to then.
    tape.setTimeline('replay:demo@0-1#1');
    expect(bridge.calls.filter((c) => c.name === 'loadTrades').map((c) => c.args)).toEqual([
      { region: 'BA', codes: ['BTCUSDT'], limit: 200 },
      { region: 'BA', codes: ['BTCUSDT'], limit: 200 },
    ]);
    bridge.emit('ticks', {
      subscriptionId: 's1',
      ticks: { BTCUSDT: tick(87_400, noon + 7 * 60_000) },
    });
    // The first start's answer (the time before the seek) comes late: not this tape's.
    answers[0]!({ BTCUSDT: [tick(87_600, noon + 19 * 60_000)] });
    const recorded = [1, 2, 3].map((s) => tick(87_390 + s, noon + 7 * 60_000 - 4_000 + s * 1000));
    answers[1]!({ BTCUSDT: [...recorded, tick(87_400, noon + 7 * 60_000)] });
    await vi.waitFor(() => expect(tape.rows).toHaveLength(4));
    expect(tape.rows.map((r) => r.last)).toEqual([87_400, 87_393, 87_392, 87_391]);
    tape.dispose();
  });
});
