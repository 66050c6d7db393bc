import { describe, expect, it } from 'vitest';
import { MOTION_GAP_MS, MOVING_SCALE, MotionResolution } from './motion-resolution';

/**
 * A drag: a view change every `every` ms from `from`, each drawn and shown `drawMs`
 * later at the scale the plot would draw it at. Returns the scales drawn.
 */
function drag(m: MotionResolution, from: number, steps: number, every: number, drawMs = 0) {
  const scales: number[] = [];
  for (let i = 0; i < steps; i++) {
    const t = from + i * every;
    m.moved(t);
    const scale = m.scale(t);
    scales.push(scale);
    m.shown(scale, t + drawMs);
  }
  return scales;
}

describe('motion resolution: the cells at half resolution while the view moves on a slow GPU', () => {
  it('draws a drag in full while full frames keep up (60 a second)', () => {
    const m = new MotionResolution();
    expect(drag(m, 0, 60, 1000 / 60)).toEqual(Array(60).fill(1));
    expect(m.slow).toBe(false);
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
