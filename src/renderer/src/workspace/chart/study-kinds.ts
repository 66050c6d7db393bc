/**
 * The one table of chart studies, as a chart's options know them: for each kind its
 * parameters (with bounds and defaults), its outputs (label, default colour, style)
 * and where it draws (on the candles, on the volume pane, or in a pane of its own
 * below the price). How each is computed is the chart's
 * (../../panes/chart/studies/study-table.ts, over `trading-signals`), so reading a
 * saved workspace (./study-config) needs no indicator code: that loads with a chart.
 * Everything else (the menu, the editor, the legend, the reader of saved options,
 * the calculator, the view) derives from these two tables.
 */

export type StudyKind = 'sma' | 'ema' | 'bb' | 'vwap' | 'volma' | 'rsi' | 'macd' | 'stoch' | 'atr';

/** Where a study draws: over the candles, over the volume bars, or in its own pane. */
export type StudyPlacement = 'price' | 'volume' | 'own';

/** One editable parameter; integer when `step` is 1. */
export interface ParamSpec {
  key: string;
  label: string;
  min: number;
  max: number;
  step: number;
  default: number;
}

/** One drawn value of a study. */
export interface OutputSpec {
  key: string;
  label: string;
  /** Default colour (#rrggbb: the colour editor's format). */
  color: string;
  style: 'line' | 'dashed' | 'histogram';
}

export interface StudyKindSpec {
  /** Short name for the menu and the legend ("RSI"). */
  label: string;
  /** What the menu's tooltip says. */
  title: string;
  params: readonly ParamSpec[];
  outputs: readonly OutputSpec[];
  placement: StudyPlacement;
  /** Guide levels drawn in the study's own pane (e.g. RSI 30 and 70). */
  levels?: readonly number[];
}

const period = (def: number, label = 'Period'): ParamSpec => ({
  key: 'period',
  label,
  min: 1,
  max: 500,
  step: 1,
  default: def,
});

const int = (key: string, label: string, def: number): ParamSpec => ({
  key,
  label,
  min: 1,
  max: 500,
  step: 1,
  default: def,
});

export const STUDY_SPECS: { readonly [K in StudyKind]: StudyKindSpec } = {
  sma: {
    label: 'MA',
    title: 'Simple moving average of the close',
    params: [period(20)],
    outputs: [{ key: 'ma', label: 'MA', color: '#4c8dff', style: 'line' }],
    placement: 'price',
  },
  ema: {
    label: 'EMA',
    title: 'Exponential moving average of the close',
    params: [period(21)],
    outputs: [{ key: 'ema', label: 'EMA', color: '#e0a526', style: 'line' }],
    placement: 'price',
  },
  bb: {
    label: 'BB',
    title: 'Bollinger bands: moving average ± deviations',
    params: [
      period(20),
      { key: 'k', label: 'Deviations', min: 0.5, max: 5, step: 0.5, default: 2 },
    ],
    outputs: [
      { key: 'upper', label: 'Upper', color: '#b07cff', style: 'line' },
      { key: 'middle', label: 'Middle', color: '#b07cff', style: 'dashed' },
      { key: 'lower', label: 'Lower', color: '#b07cff', style: 'line' },
    ],
    placement: 'price',
  },
  vwap: {
    label: 'VWAP',
    title: 'Volume-weighted average price, restarting each session (UTC day)',
    params: [],
    outputs: [{ key: 'vwap', label: 'VWAP', color: '#3fc1c9', style: 'line' }],
    placement: 'price',
  },
  volma: {
    label: 'Vol MA',
    title: 'Moving average of the volume',
    params: [period(20)],
    outputs: [{ key: 'volma', label: 'Vol MA', color: '#e0a526', style: 'line' }],
    placement: 'volume',
  },
  rsi: {
    label: 'RSI',
    title: 'Relative strength index (Wilder)',
    params: [period(14)],
    outputs: [{ key: 'rsi', label: 'RSI', color: '#b07cff', style: 'line' }],
    placement: 'own',
    levels: [30, 70],
  },
  macd: {
    label: 'MACD',
    title: 'Moving average convergence/divergence',
    params: [int('fast', 'Fast', 12), int('slow', 'Slow', 26), int('signal', 'Signal', 9)],
    outputs: [
      { key: 'macd', label: 'MACD', color: '#4c8dff', style: 'line' },
      { key: 'signal', label: 'Signal', color: '#ff8f3f', style: 'line' },
      { key: 'histogram', label: 'Hist', color: '#7f8ea3', style: 'histogram' },
    ],
    placement: 'own',
    levels: [0],
  },
  stoch: {
    label: 'Stoch',
    title: 'Stochastic oscillator (%K, %D)',
    params: [int('k', '%K', 14), int('smooth', 'Smooth', 3), int('d', '%D', 3)],
    outputs: [
      { key: 'k', label: '%K', color: '#4c8dff', style: 'line' },
      { key: 'd', label: '%D', color: '#ff8f3f', style: 'line' },
    ],
    placement: 'own',
    levels: [20, 80],
  },
  atr: {
    label: 'ATR',
    title: 'Average true range (Wilder)',
    params: [period(14)],
    outputs: [{ key: 'atr', label: 'ATR', color: '#3fc1c9', style: 'line' }],
    placement: 'own',
  },
};

/** Every kind, in the menu's order. */
export const STUDY_KINDS = Object.keys(STUDY_SPECS) as StudyKind[];

export function isStudyKind(value: unknown): value is StudyKind {
  return typeof value === 'string' && Object.hasOwn(STUDY_SPECS, value);
}

/** The defaults of a kind's parameters. */
export function defaultParams(kind: StudyKind): Record<string, number> {
  return Object.fromEntries(STUDY_SPECS[kind].params.map((p) => [p.key, p.default]));
}

/** A parameter value within its bounds and step, or null if it is no number. */
export function clampParam(spec: ParamSpec, value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const stepped = Math.round(value / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}
