/**
 * How each chart study is computed: `trading-signals`' streaming indicators, stepped
 * one bar at a time, the forming bar with `replace` (never by recomputing history).
 * The kinds, their parameters and outputs are ../../../workspace/chart/study-kinds.ts;
 * `STUDY_TABLE` is the two together, what the chart's code reads. A kind without a
 * stepper, or a stepper without a kind, fails to compile.
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
import {
  STUDY_SPECS,
  type StudyKind,
  type StudyKindSpec,
} from '../../../workspace/chart/study-kinds';

export {
  STUDY_KINDS,
  clampParam,
  defaultParams,
  isStudyKind,
} from '../../../workspace/chart/study-kinds';
export type {
  OutputSpec,
  ParamSpec,
  StudyKind,
  StudyPlacement,
} from '../../../workspace/chart/study-kinds';

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

/** A kind of study and how it is computed. */
export interface StudySpec extends StudyKindSpec {
  create(params: StudyParams): StudyStepper;
}

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

export const STUDY_STEPPERS: { readonly [K in StudyKind]: (params: StudyParams) => StudyStepper } =
  {
    sma: (p) => single(() => new SMA(p.period!), close),
    // The library seeds its EMA with the first close; none is shown before a full period.
    ema: (p) => {
      const ema = new EMA(p.period!);
      return { step: (c, replace) => one(stable(ema, ema.update(c.close, replace))) };
    },
    bb: (p) => {
      const bb = new BollingerBands(p.period!, p.k!);
      return {
        step(c, replace) {
          const r = bb.update(c.close, replace);
          return r ? [r.upper, r.middle, r.lower] : [null, null, null];
        },
      };
    },
    vwap: () => sessionVwap(),
    volma: (p) =>
      single(
        () => new SMA(p.period!),
        (c) => c.volume,
      ),
    rsi: (p) => single(() => new RSI(p.period!), close),
    macd: (p) => {
      const macd = new MACD(new EMA(p.fast!), new EMA(p.slow!), new EMA(p.signal!));
      return {
        step(c, replace) {
          const r = macd.update(c.close, replace);
          return r ? [r.macd, r.signal, r.histogram] : [null, null, null];
        },
      };
    },
    stoch: (p) => {
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
    atr: (p) => {
      const atr = new ATR(p.period!);
      return { step: (c, replace) => one(atr.update(c, replace)) };
    },
  };

/** Each kind's facts and its stepper (what the chart's code reads). */
export const STUDY_TABLE: { readonly [K in StudyKind]: StudySpec } = Object.fromEntries(
  (Object.keys(STUDY_SPECS) as StudyKind[]).map((kind) => [
    kind,
    { ...STUDY_SPECS[kind], create: STUDY_STEPPERS[kind] },
  ]),
) as { readonly [K in StudyKind]: StudySpec };
