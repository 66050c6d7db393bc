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

/** A whole-number parameter from 1 to 500. */
const int = (key: string, label: string, def: number): ParamSpec => ({
  key,
  label,
  min: 1,
  max: 500,
  step: 1,
  default: def,
});

/** The look-back, in bars. */
const period = (def: number): ParamSpec => int('period', 'Period', def);

/** One drawn value; a line unless `style` says otherwise. */
const output = (
  key: string,
  label: string,
  color: string,
  style: OutputSpec['style'] = 'line',
): OutputSpec => ({ key, label, color, style });

export const STUDY_SPECS: { readonly [K in StudyKind]: StudyKindSpec } = {
  sma: {
    label: 'MA',
    title: 'Simple moving average of the close',
    params: [period(20)],
    outputs: [output('ma', 'MA', '#4c8dff')],
    placement: 'price',
  },
  ema: {
    label: 'EMA',
    title: 'Exponential moving average of the close',
    params: [period(21)],
    outputs: [output('ema', 'EMA', '#e0a526')],
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
      output('upper', 'Upper', '#b07cff'),
      output('middle', 'Middle', '#b07cff', 'dashed'),
      output('lower', 'Lower', '#b07cff'),
    ],
    placement: 'price',
  },
  vwap: {
    label: 'VWAP',
    title: 'Volume-weighted average price, restarting each session (UTC day)',
    params: [],
    outputs: [output('vwap', 'VWAP', '#3fc1c9')],
    placement: 'price',
  },
  volma: {
    label: 'Vol MA',
    title: 'Moving average of the volume',
    params: [period(20)],
    outputs: [output('volma', 'Vol MA', '#e0a526')],
    placement: 'volume',
  },
  rsi: {
    label: 'RSI',
    title: 'Relative strength index (Wilder)',
    params: [period(14)],
    outputs: [output('rsi', 'RSI', '#b07cff')],
    placement: 'own',
    levels: [30, 70],
  },
  macd: {
    label: 'MACD',
    title: 'Moving average convergence/divergence',
    params: [int('fast', 'Fast', 12), int('slow', 'Slow', 26), int('signal', 'Signal', 9)],
    outputs: [
      output('macd', 'MACD', '#4c8dff'),
      output('signal', 'Signal', '#ff8f3f'),
      output('histogram', 'Hist', '#7f8ea3', 'histogram'),
    ],
    placement: 'own',
    levels: [0],
  },
  stoch: {
    label: 'Stoch',
    title: 'Stochastic oscillator (%K, %D)',
    params: [int('k', '%K', 14), int('smooth', 'Smooth', 3), int('d', '%D', 3)],
    outputs: [output('k', '%K', '#4c8dff'), output('d', '%D', '#ff8f3f')],
    placement: 'own',
    levels: [20, 80],
  },
  atr: {
    label: 'ATR',
    title: 'Average true range (Wilder)',
    params: [period(14)],
    outputs: [output('atr', 'ATR', '#3fc1c9')],
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
