import { describe, expect, it } from 'vitest';
import { MOTION_GAP_MS, MOVING_SCALE, MotionResolution } from './motion-resolution';

/**
 * A drag: a view change every `every` ms from `from`, each drawn at the scale the plot
 * would draw it at and shown at once; `behind`: the next view was already waiting when
 * each was shown (the frames, not the steps, set the pace). Returns the scales drawn.
 */
function drag(m: MotionResolution, from: number, steps: number, every: number, behind = true) {
  const scales: number[] = [];
  for (let i = 0; i < steps; i++) {
    const t = from + i * every;
    m.moved(t);
    const scale = m.scale(t);
    scales.push(scale);
    m.shown(scale, t, behind);
  }
  return scales;
}

describe('motion resolution: the cells at half resolution while the view moves on a slow GPU', () => {
  it('draws a drag in full while full frames keep up (60 a second)', () => {
    const m = new MotionResolution();
    expect(drag(m, 0, 60, 1000 / 60)).toEqual(Array(60).fill(1));
    expect(m.slow).toBe(false);
  });

  it('takes unhurried steps drawn at once for no slow GPU (a wheel notch every 45 ms)', () => {
    const m = new MotionResolution();
    // Each frame shown before the next step came: the gaps are the user's, not the frames'.
    expect(drag(m, 0, 30, 45, false)).toEqual(Array(30).fill(1));
    expect(m.slow).toBe(false);
    // The same gaps with a view waiting behind each frame: the frames are that slow.
    drag(m, 10_000, 12, 45, true);
    expect(m.slow).toBe(true);
  });

  it('draws the rest of a drag at half resolution once full frames come slower than 50 a second', () => {
    const m = new MotionResolution();
    // Frames 25 ms apart (40 a second). The first step starts the motion; the six full
    // frames after it give five gaps; then half resolution.
    const scales = drag(m, 0, 12, 25);
    expect(scales.slice(0, 7)).toEqual(Array(7).fill(1));
    expect(scales.slice(7)).toEqual(Array(5).fill(MOVING_SCALE));
    expect(m.slow).toBe(true);
  });

  it('draws the still view in full again once the motion is over, and says when', () => {
    const m = new MotionResolution();
    drag(m, 0, 12, 25);
    const last = 11 * 25;
    expect(m.scale(last)).toBe(MOVING_SCALE);
    const settle = m.settleAt(MOVING_SCALE, last);
    expect(settle).toBeGreaterThan(last + MOTION_GAP_MS);
    expect(m.scale(settle!)).toBe(1);
    // A frame drawn in full needs no frame after it.
    expect(m.settleAt(1, settle!)).toBeNull();
  });

  it('a lone step (a wheel notch, back to live) is drawn in full, even on a slow GPU', () => {
    const m = new MotionResolution();
    drag(m, 0, 12, 25);
    const later = 5_000;
    m.moved(later);
    expect(m.scale(later)).toBe(1);
    // The next step soon after it starts a motion: half resolution from there.
    m.moved(later + 30);
    expect(m.scale(later + 30)).toBe(MOVING_SCALE);
  });

  it('judges full frames only within one motion, not across the pauses between them', () => {
    const m = new MotionResolution();
    // Pairs of quick steps a second apart: each gap between motions is not a frame's.
    for (let k = 0; k < 10; k++) drag(m, k * 1_000, 2, 10);
    expect(m.slow).toBe(false);
  });

  it('judges again after the plot is resized', () => {
    const m = new MotionResolution();
    drag(m, 0, 12, 25);
    m.reset();
    expect(m.slow).toBe(false);
    expect(drag(m, 1_000, 3, 25)).toEqual([1, 1, 1]);
  });

  it('turned off, draws every frame in full', () => {
    const m = new MotionResolution(false);
    expect(drag(m, 0, 20, 40)).toEqual(Array(20).fill(1));
  });
});
