import { describe, expect, it } from 'vitest';
import { withAlpha } from './chart-colors';

describe('withAlpha', () => {
  it('adds an alpha to hex and rgb colours', () => {
    expect(withAlpha('#2fcf86', 0.5)).toBe('rgba(47, 207, 134, 0.5)');
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('rgb(1, 2, 3)', 0.4)).toBe('rgba(1, 2, 3, 0.4)');
    expect(withAlpha('rgba(1 2 3 / 1)', 0.4)).toBe('rgba(1, 2, 3, 0.4)');
    expect(withAlpha('oklch(0.7 0.1 150)', 0.4)).toBe('oklch(0.7 0.1 150)');
  });
});
