/**
 * The panes' data clock during a replay (ReplayState.now and .timeline): the replay
 * clock's time runs on from its last status at its speed, stands while paused, never
 * passes the span's end; the timeline changes when a replay starts, seeks and ends.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayStatus } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { ReplayState } from './replay-state.svelte';

const STATUS: ReplayStatus = {
  source: 'replay:demo',
  recorded: 'demo',
  instrument: null,
  from: 1_000_000,
  to: 1_600_000,
  time: 1_100_000,
  speed: 10,
  paused: false,
  ended: false,
  seeks: 0,
  alertsFired: 0,
  lastAlert: null,
};

function setup() {
  const bridge = new FakeBridge();
  let wall = 5_000_000;
  bridge.handlers.getReplay = async () => null;
  const state = new ReplayState(bridge, () => wall);
  const started = state.start();
  return {
    bridge,
    state,
    started,
    tick: (ms: number) => (wall += ms),
    tell: (status: ReplayStatus | null) => bridge.emit('replay', { status }),
  };
}

describe('ReplayState as the panes’ clock', () => {
  it('is the wall clock with no replay', () => {
    const { state, tick, started } = setup();
    expect(state.now()).toBe(5_000_000);
    tick(1_500);
    expect(state.now()).toBe(5_001_500);
    expect(state.timeline()).toBe('');
    started.dispose();
  });

  it('runs on from the last status at its speed, stands when paused, stops at the end', () => {
    const { state, tick, tell, started } = setup();
    tell(STATUS);
    expect(state.now()).toBe(1_100_000);
    tick(200);
    expect(state.now()).toBe(1_102_000);
    tell({ ...STATUS, time: 1_101_900 });
    tick(100);
    expect(state.now()).toBe(1_102_900);
    tell({ ...STATUS, time: 1_103_000, paused: true });
    tick(5_000);
    expect(state.now()).toBe(1_103_000);
    tell({ ...STATUS, time: 1_599_000 });
    tick(60_000);
    expect(state.now()).toBe(1_600_000);
    tell(null);
    expect(state.now()).toBe(5_065_300);
    started.dispose();
  });

  it('gives another timeline when a replay starts, seeks and ends', async () => {
    const { bridge, state, tell, started } = setup();
    const live = state.timeline();
    tell(STATUS);
    const replaying = state.timeline();
    expect(replaying).not.toBe(live);
    // The status moving on is the same timeline; a seek starts another.
    tell({ ...STATUS, time: 1_200_000 });
    expect(state.timeline()).toBe(replaying);
    bridge.handlers.replayControl = async () => ({ ...STATUS, time: 1_050_000, seeks: 1 });
    await state.seek(1_050_000);
    const sought = state.timeline();
    expect(sought).not.toBe(replaying);
    // A refused seek changes nothing.
    bridge.handlers.replayControl = () => Promise.reject(new Error('no replay runs'));
    await state.seek(1_060_000);
    expect(state.timeline()).toBe(sought);
    // A seek made in another window: told to every window by the status.
    tell({ ...STATUS, time: 1_300_000, seeks: 2 });
    expect(state.timeline()).not.toBe(sought);
    tell(null);
    expect(state.timeline()).toBe(live);
    started.dispose();
  });
});
