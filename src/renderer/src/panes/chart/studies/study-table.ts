/**
 * The one table of chart studies: for each kind its parameters (with bounds and
 * defaults), its outputs (label, default colour, style), where it draws (on the
 * candles, on the volume pane, or in a pane of its own below the price) and how
 * it is computed — by `trading-signals`' streaming indicators, stepped one bar at
 * a time, the forming bar with `replace` (never by recomputing history).
 * Everything else (the menu, the editor, the legend, the reader of saved options,
 * the calculator, the view) derives from this table.
 */
import {
  ATR,
  BollingerBands,
  EMA,
  MACD,
  RSI,
  SMA,
  StochasticOscillator,
  VWAP,
} from 'trading-signals';
import type { Candle } from '../../../../../shared/model';

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

/** A study's values for one bar, aligned with its outputs; null before enough bars. */
export type StudyValues = readonly (number | null)[];

/**
 * Steps a study by one bar. `replace`: the bar is the last one stepped, changed
 * (the forming candle); otherwise it is the next bar.
 */
export interface StudyStepper {
  step(candle: Candle, replace: boolean): StudyValues;
}

export type StudyParams = Readonly<Record<string, number>>;

export interface StudySpec {
  /** Short name for the menu and the legend ("RSI"). */
  label: string;
  /** What the menu's tooltip says. */
  title: string;
  params: readonly ParamSpec[];
  outputs: readonly OutputSpec[];
  placement: StudyPlacement;
  /** Guide levels drawn in the study's own pane (e.g. RSI 30 and 70). */
  levels?: readonly number[];
  create(params: StudyParams): StudyStepper;
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

const NONE: StudyValues = [null];
const one = (v: number | null): StudyValues => (v === null ? NONE : [v]);

/** A study of one number per bar (the close, or the volume). */
function single(
  indicator: () => { update(v: number, replace: boolean): number | null },
  input: (c: Candle) => number,
): StudyStepper {
  const ind = indicator();
  return { step: (c, replace) => one(ind.update(input(c), replace)) };
}

const close = (c: Candle) => c.close;

const stable = (ind: { isStable: boolean }, v: number | null) => (ind.isStable ? v : null);

/** The UTC day a bar falls in: the session VWAP restarts on each. */
const dayOf = (time: number) => Math.floor(time / 86_400_000);

/**
 * VWAP anchored to the session: a new `VWAP` each UTC day (every exchange the API
 * serves trades within one UTC day; crypto's day is the UTC day). A bar without
 * volume adds nothing; the library's `replace` subtracts the last counted bar, so a
 * bar it never counted is added rather than replaced.
 */
function sessionVwap(): StudyStepper {
  let vwap = new VWAP();
  let day = Number.NaN;
  let lastCounted = false;
  let last: number | null = null;
  return {
    step(c, replace) {
      const d = dayOf(c.time);
      if (!replace && d !== day) {
        vwap = new VWAP();
        day = d;
        last = null;
      }
      if (!replace) lastCounted = false;
      if (c.volume > 0) {
        last = vwap.update(c, replace && lastCounted);
        lastCounted = true;
      }
      return one(last);
    },
  };
}

export const STUDY_TABLE: { readonly [K in StudyKind]: StudySpec } = {
  sma: {
    label: 'MA',
    title: 'Simple moving average of the close',
    params: [period(20)],
    outputs: [{ key: 'ma', label: 'MA', color: '#4c8dff', style: 'line' }],
    placement: 'price',
    create: (p) => single(() => new SMA(p.period!), close),
  },
  ema: {
    label: 'EMA',
    title: 'Exponential moving average of the close',
    params: [period(21)],
    outputs: [{ key: 'ema', label: 'EMA', color: '#e0a526', style: 'line' }],
    placement: 'price',
    // The library seeds its EMA with the first close; none is shown before a full period.
    create: (p) => {
      const ema = new EMA(p.period!);
      return { step: (c, replace) => one(stable(ema, ema.update(c.close, replace))) };
    },
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
    create: (p) => {
      const bb = new BollingerBands(p.period!, p.k!);
      return {
        step(c, replace) {
          const r = bb.update(c.close, replace);
          return r ? [r.upper, r.middle, r.lower] : [null, null, null];
        },
      };
    },
  },
  vwap: {
    label: 'VWAP',
    title: 'Volume-weighted average price, restarting each session (UTC day)',
    params: [],
    outputs: [{ key: 'vwap', label: 'VWAP', color: '#3fc1c9', style: 'line' }],
    placement: 'price',
    create: () => sessionVwap(),
  },
  volma: {
    label: 'Vol MA',
    title: 'Moving average of the volume',
    params: [period(20)],
    outputs: [{ key: 'volma', label: 'Vol MA', color: '#e0a526', style: 'line' }],
    placement: 'volume',
    create: (p) =>
      single(
        () => new SMA(p.period!),
        (c) => c.volume,
      ),
  },
  rsi: {
    label: 'RSI',
    title: 'Relative strength index (Wilder)',
    params: [period(14)],
    outputs: [{ key: 'rsi', label: 'RSI', color: '#b07cff', style: 'line' }],
    placement: 'own',
    levels: [30, 70],
    create: (p) => single(() => new RSI(p.period!), close),
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
    create: (p) => {
      const macd = new MACD(new EMA(p.fast!), new EMA(p.slow!), new EMA(p.signal!));
      return {
        step(c, replace) {
          const r = macd.update(c.close, replace);
          return r ? [r.macd, r.signal, r.histogram] : [null, null, null];
        },
      };
    },
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
    create: (p) => {
      const st = new StochasticOscillator({
        kPeriod: p.k!,
        kSlowingPeriod: p.smooth!,
        dPeriod: p.d!,
      });
      return {
        step(c, replace) {
          const r = st.update(c, replace);
          return r ? [r.stochK, r.stochD] : [null, null];
        },
      };
    },
  },
  atr: {
    label: 'ATR',
    title: 'Average true range (Wilder)',
    params: [period(14)],
    outputs: [{ key: 'atr', label: 'ATR', color: '#3fc1c9', style: 'line' }],
    placement: 'own',
    create: (p) => {
      const atr = new ATR(p.period!);
      return { step: (c, replace) => one(atr.update(c, replace)) };
    },
  },
};

/** Every kind, in the menu's order. */
export const STUDY_KINDS = Object.keys(STUDY_TABLE) as StudyKind[];

export function isStudyKind(value: unknown): value is StudyKind {
  return typeof value === 'string' && Object.hasOwn(STUDY_TABLE, value);
}

/** The defaults of a kind's parameters. */
export function defaultParams(kind: StudyKind): Record<string, number> {
  return Object.fromEntries(STUDY_TABLE[kind].params.map((p) => [p.key, p.default]));
}

/** A parameter value within its bounds and step, or null if it is no number. */
export function clampParam(spec: ParamSpec, value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const stepped = Math.round(value / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}
