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
});
