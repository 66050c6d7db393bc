import { describe, expect, it } from 'vitest';
import {
  MIN_PANE_PX,
  MIN_PRICE_PX,
  PRICE_PANE_STRETCH,
  VOLUME_PANE_STRETCH,
  paneSpace,
  paneStretchFactors,
} from './pane-heights';

const DEFAULTS = {
  price: PRICE_PANE_STRETCH,
  volume: VOLUME_PANE_STRETCH,
  study: 0.3, // study-layers' share for a study pane
};

/**
 * lightweight-charts 5's layout (ChartWidget._adjustSizeImpl) at a device pixel
 * ratio of 1: every pane but the last gets round(factor × space / Σ factors), the
 * last what remains.
 */
function layout(space: number, factors: readonly number[]): number[] {
  const total = factors.reduce((sum, f) => sum + f, 0);
  let used = 0;
  return factors.map((f, i) => {
    const h = i === factors.length - 1 ? Math.ceil(space - used) : Math.round((f * space) / total);
    used += Math.max(h, 2);
    return Math.max(h, 2);
  });
}

/** The default factors with `studies` study panes. */
const fallback = (studies: number): number[] => [
  DEFAULTS.price,
  DEFAULTS.volume,
  ...Array.from({ length: studies }, () => DEFAULTS.study),
];

describe('paneSpace', () => {
  it('is the chart height made even, less the separators and the time axis', () => {
    expect(paneSpace(600, 28, 4)).toBe(600 - 3 - 28);
    expect(paneSpace(601.7, 28, 4)).toBe(600 - 3 - 28);
    expect(paneSpace(599, 28, 1)).toBe(598 - 28);
  });

  it('is 0 when the chart has no room', () => {
    expect(paneSpace(0, 28, 3)).toBe(0);
    expect(paneSpace(20, 28, 3)).toBe(0);
  });
});

describe('paneStretchFactors', () => {
  it('keeps the default factors when no height is saved', () => {
    expect(paneStretchFactors(500, DEFAULTS, [])).toEqual([DEFAULTS.price, DEFAULTS.volume]);
    expect(paneStretchFactors(500, DEFAULTS, [undefined, undefined])).toEqual(fallback(2));
  });

  it('gives every saved study pane its height, exactly, in the library layout', () => {
    const space = 569;
    const saved = [137, 91];
    const heights = layout(space, paneStretchFactors(space, DEFAULTS, saved));
    expect(heights.slice(2)).toEqual(saved);
    expect(heights.reduce((sum, h) => sum + h, 0)).toBe(space);
  });

  it('shares the rest between price and volume in their default ratio', () => {
    const space = 550;
    const [price, volume] = layout(space, paneStretchFactors(space, DEFAULTS, [100]));
    expect(price! + volume!).toBe(450);
    expect(price).toBe(400); // 2 : 0.25
    expect(volume).toBe(50);
  });

  it('gives a study pane without a saved height its default share', () => {
    const space = 620;
    const defaultHeights = layout(
      space,
      paneStretchFactors(space, DEFAULTS, [undefined, undefined]),
    );
    const heights = layout(space, paneStretchFactors(space, DEFAULTS, [undefined, 150]));
    expect(heights[2]).toBe(defaultHeights[2]);
    expect(heights[3]).toBe(150);
    expect(heights.reduce((sum, h) => sum + h, 0)).toBe(space);
  });

  it('is exact whatever the order of saved and unsaved panes', () => {
    for (const saved of [
      [80, undefined, 120],
      [undefined, 80, 120],
      [120, 80, undefined],
    ]) {
      const heights = layout(700, paneStretchFactors(700, DEFAULTS, saved));
      saved.forEach((h, i) => {
        if (h !== undefined) expect(heights[2 + i]).toBe(h);
      });
    }
  });

  it('reduces saved heights that no longer fit, keeping the price pane its least', () => {
    const space = 400; // a smaller window than the heights were saved in
    const saved = [200, 100];
    const heights = layout(space, paneStretchFactors(space, DEFAULTS, saved));
    expect(heights[0]).toBeGreaterThanOrEqual(MIN_PRICE_PX);
    expect(heights[1]).toBeGreaterThanOrEqual(MIN_PANE_PX);
    expect(heights[2]! + heights[3]!).toBe(space - heights[0]! - heights[1]!);
    // Reduced together, in proportion: the larger pane stays the larger.
    expect(heights[2]).toBeLessThan(200);
    expect(heights[3]).toBeLessThan(100);
    expect(heights[2]! / heights[3]!).toBeCloseTo(2, 0);
    expect(heights.reduce((sum, h) => sum + h, 0)).toBe(space);
  });

  it('never makes a study pane smaller than the least pane height', () => {
    const heights = layout(500, paneStretchFactors(500, DEFAULTS, [5, 100]));
    expect(heights[2]).toBe(MIN_PANE_PX);
    expect(heights[3]).toBe(100);
  });

  it('falls back to the defaults when even the least heights do not fit', () => {
    const saved = [100, 100, 100, 100, 100];
    expect(paneStretchFactors(250, DEFAULTS, saved)).toEqual(fallback(saved.length));
  });

  it('falls back to the defaults when the chart has no size yet', () => {
    expect(paneStretchFactors(0, DEFAULTS, [120])).toEqual(fallback(1));
    expect(paneStretchFactors(Number.NaN, DEFAULTS, [120])).toEqual(fallback(1));
  });

  it('ignores a saved height that is not a number', () => {
    expect(paneStretchFactors(500, DEFAULTS, [Number.NaN])).toEqual(fallback(1));
  });
});
