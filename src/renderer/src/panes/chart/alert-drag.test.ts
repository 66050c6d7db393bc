import { describe, expect, it } from 'vitest';
import { GRAB_PX, dragTo, dropOf, lineNear, roundToStep } from './alert-drag';

describe('lineNear', () => {
  const lines = [
    { id: 'a', y: 100 },
    { id: 'b', y: 108 },
  ];

  it('grabs the nearest line within a few px, none farther off', () => {
    expect(lineNear(100, lines)).toBe('a');
    expect(lineNear(103, lines)).toBe('a');
    expect(lineNear(105, lines)).toBe('b');
    expect(lineNear(108 + GRAB_PX, lines)).toBe('b');
    expect(lineNear(108 + GRAB_PX + 1, lines)).toBeNull();
    expect(lineNear(100 - GRAB_PX - 0.5, lines)).toBeNull();
    expect(lineNear(100, [])).toBeNull();
  });
});

describe('roundToStep', () => {
  it('rounds to the series step without binary noise', () => {
    expect(roundToStep(231.4037, 0.01)).toBe(231.4);
    expect(roundToStep(231.405, 0.01)).toBe(231.41);
    expect(roundToStep(1.234567, 0.00001)).toBe(1.23457);
    expect(roundToStep(97_123.6, 1)).toBe(97_124);
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
  });

  it('refuses a step that is not above 0', () => {
    expect(() => roundToStep(1, 0)).toThrow(/step must be above 0/);
    expect(() => roundToStep(1, Number.NaN)).toThrow(/step must be above 0/);
  });
});

describe('a drag', () => {
  const start = { id: 'a', from: 230, price: 230 };

  it('follows the pointer in steps and saves the new price on release', () => {
    const moved = dragTo(start, 231.4037, 0.01);
    expect(moved).toEqual({ id: 'a', from: 230, price: 231.4 });
    expect(dropOf(moved)).toEqual({ id: 'a', price: 231.4 });
  });

  it('answers the same drag when the step did not change, and saves nothing unmoved', () => {
    const moved = dragTo(start, 231.4037, 0.01);
    expect(dragTo(moved, 231.401, 0.01)).toBe(moved);
    expect(dropOf(start)).toBeNull();
    expect(dropOf(dragTo(moved, 229.998, 0.01))).toBeNull();
  });

  it('never goes to 0 or below, where no alert price is', () => {
    expect(dragTo(start, -5, 0.01).price).toBe(0.01);
  });
});
