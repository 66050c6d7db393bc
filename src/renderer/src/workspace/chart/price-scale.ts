/**
 * The price scale of a chart's candle pane: normal, logarithmic or percent (each
 * series from its first visible bar, re-based as the view moves: lightweight-charts'
 * own percentage mode). Persisted per chart pane.
 */
export type ScaleMode = 'normal' | 'log' | 'percent';

/** Each mode's button label and tooltip (chart-view maps it to the library's mode). */
export const SCALE_MODES: { readonly [M in ScaleMode]: { label: string; title: string } } = {
  normal: { label: 'Lin', title: 'Normal price scale' },
  log: { label: 'Log', title: 'Logarithmic price scale' },
  percent: { label: '%', title: 'Percent from the first visible bar' },
};

export const SCALE_MODE_NAMES = Object.keys(SCALE_MODES) as ScaleMode[];

export function isScaleMode(value: unknown): value is ScaleMode {
  return typeof value === 'string' && Object.hasOwn(SCALE_MODES, value);
}
