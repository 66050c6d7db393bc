/**
 * The compare lines' palette (`--compare-N` in the themes) is their own: no study's
 * default colour, no drawing colour and none of the chart's own colours is near one of
 * them, and each line stands out on the chart's background (3:1, WCAG's for graphics).
 */
import { describe, expect, it } from 'vitest';
import { contrast, THEMES } from '../../../base/theme';
import { DRAWING_COLORS } from '../drawings/drawing-names';
import { STUDY_TABLE } from '../studies/study-table';
import { COMPARE_COLORS } from '../chart-colors';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
/** Distance in RGB: a crude measure, but two colours 70 apart are never mistaken. */
const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((x, i) => x - rgb(b)[i]!));

const STUDY_COLORS = Object.values(STUDY_TABLE).flatMap((spec) => spec.outputs.map((o) => o.color));

describe.each(['dark', 'light'] as const)('the %s theme’s compare palette', (theme) => {
  const t = THEMES[theme];
  const palette = Array.from(
    { length: COMPARE_COLORS },
    (_, i) => t[`--compare-${i + 1}` as keyof typeof t],
  );
  const taken = [
    ...STUDY_COLORS,
    ...DRAWING_COLORS.map((c) => c.value),
    t['--accent'],
    t['--warn'],
    t['--up'],
    t['--down'],
  ];

  it('keeps apart from every study, drawing and candle colour', () => {
    for (const color of palette) {
      for (const other of taken) {
        expect(distance(color, other), `${color} vs ${other}`).toBeGreaterThanOrEqual(70);
      }
    }
  });

  it('has colours apart from each other, each 3:1 on the chart', () => {
    palette.forEach((a, i) =>
      palette.slice(i + 1).forEach((b) => expect(distance(a, b)).toBeGreaterThanOrEqual(60)),
    );
    for (const color of palette) {
      expect(contrast(color, t['--panel']), color).toBeGreaterThanOrEqual(3);
    }
  });
});
