import { describe, expect, it } from 'vitest';
import { replaySpeedProblem } from '../../shared/model';
import { ReplayClock } from './clock';

function clockAt(start = 1_000_000) {
  let wall = start;
  const advance = (ms: number) => {
    wall += ms;
  };
  return { now: () => wall, advance };
}

describe('ReplayClock', () => {
  const from = 10_000;
  const to = 110_000;

  it('runs recorded time at its speed from the start of the span', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, speed: 10, now: w.now });
    expect(clock.time()).toBe(from);
    w.advance(1_000);
    expect(clock.time()).toBe(from + 10_000);
    w.advance(250);
    expect(clock.time()).toBe(from + 12_500);
  });

  it('changes speed without a jump in time', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, now: w.now });
    w.advance(2_000);
    expect(clock.time()).toBe(from + 2_000);
    clock.setSpeed(0.25);
    expect(clock.time()).toBe(from + 2_000);
    w.advance(4_000);
    expect(clock.time()).toBe(from + 3_000);
    clock.setSpeed(100);
    w.advance(100);
    expect(clock.time()).toBe(from + 13_000);
  });

  it('refuses speeds outside 0.25× to 100×', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, now: w.now });
    for (const bad of [0, 0.2, 100.5, -1, Number.NaN, Infinity]) {
      expect(() => clock.setSpeed(bad)).toThrow(/0.25× to 100×/);
      expect(replaySpeedProblem(bad)).not.toBeNull();
    }
    expect(() => new ReplayClock({ from, to, speed: 200, now: w.now })).toThrow(/100×/);
    expect(clock.speed).toBe(1);
    expect(replaySpeedProblem(0.25)).toBeNull();
    expect(replaySpeedProblem(100)).toBeNull();
  });

  it('stands still while paused and goes on from there on play', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, speed: 2, now: w.now });
    w.advance(1_000);
    clock.pause();
    w.advance(60_000);
    expect(clock.time()).toBe(from + 2_000);
    expect(clock.paused).toBe(true);
    clock.play();
    w.advance(500);
    expect(clock.time()).toBe(from + 3_000);
  });

  it('seeks anywhere in the span, held within it, keeping pause and speed', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, speed: 5, now: w.now });
    clock.seek(60_000);
    expect(clock.time()).toBe(60_000);
    w.advance(1_000);
    expect(clock.time()).toBe(65_000);
    clock.seek(5);
    expect(clock.time()).toBe(from);
    clock.pause();
    clock.seek(to + 1_000_000);
    expect(clock.time()).toBe(to);
    expect(clock.paused).toBe(true);
    expect(clock.ended).toBe(true);
    clock.seek(20_000);
    w.advance(10_000);
    expect(clock.time()).toBe(20_000);
  });

  it('steps forward to a frame and pauses there; never back', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, speed: 10, now: w.now });
    w.advance(100);
    expect(clock.time()).toBe(from + 1_000);
    clock.step(from + 1_700);
    expect(clock.state()).toMatchObject({ time: from + 1_700, paused: true });
    w.advance(5_000);
    expect(clock.time()).toBe(from + 1_700);
    expect(() => clock.step(from + 1_600)).toThrow(/goes forward/);
    clock.step(to + 5);
    expect(clock.state()).toMatchObject({ time: to, ended: true });
  });

  it('stops at the end of the span', () => {
    const w = clockAt();
    const clock = new ReplayClock({ from, to, speed: 100, now: w.now });
    w.advance(10_000);
    expect(clock.time()).toBe(to);
    expect(clock.state().ended).toBe(true);
  });

  it('refuses a span that ends before it starts', () => {
    const w = clockAt();
    expect(() => new ReplayClock({ from: 2, to: 1, now: w.now })).toThrow(/before it starts/);
  });
});
