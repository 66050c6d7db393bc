/**
 * The chart's overlay lines from the chart options: SMA and EMA periods and
 * Bollinger (20, 2). `full` computes every line once (load, paging); `at`
 * recomputes one index (the forming candle) in O(period), keeping the EMA
 * state needed to step it.
 */
import type { Candle } from '../../../../shared/model';
import { bollinger, bollingerAt, ema, emaNext, sma, smaAt } from '../../format/indicators';

/** One overlay line. */
export interface OverlayLine {
  id: string;
  label: string;
  kind: 'sma' | 'ema' | 'bb-upper' | 'bb-middle' | 'bb-lower';
  period: number;
}

/** A point of a line: time in ms; NaN points are not drawn. */
export interface OverlayPoint {
  time: number;
  value: number;
}

export const BOLLINGER_PERIOD = 20;
export const BOLLINGER_K = 2;

/** The lines the options ask for, in a stable order. */
export function overlayLines(options: {
  sma: readonly number[];
  ema: readonly number[];
  bollinger: boolean;
}): OverlayLine[] {
  const lines: OverlayLine[] = [];
  const valid = (p: number) => Number.isInteger(p) && p >= 1 && p <= 1000;
  for (const p of new Set(options.sma.filter(valid))) {
    lines.push({ id: `sma${p}`, label: `SMA ${p}`, kind: 'sma', period: p });
  }
  for (const p of new Set(options.ema.filter(valid))) {
    lines.push({ id: `ema${p}`, label: `EMA ${p}`, kind: 'ema', period: p });
  }
  if (options.bollinger) {
    const p = BOLLINGER_PERIOD;
    lines.push({ id: 'bb-upper', label: `BB ${p} upper`, kind: 'bb-upper', period: p });
    lines.push({ id: 'bb-middle', label: `BB ${p}`, kind: 'bb-middle', period: p });
    lines.push({ id: 'bb-lower', label: `BB ${p} lower`, kind: 'bb-lower', period: p });
  }
  return lines;
}

function closesOf(candles: readonly Candle[]): Float64Array {
  const out = new Float64Array(candles.length);
  for (let i = 0; i < candles.length; i++) out[i] = candles[i]!.close;
  return out;
}

/** Closes as an ArrayLike view without copying (for the O(period) point forms). */
function closeView(candles: readonly Candle[]): ArrayLike<number> {
  return new Proxy({ length: candles.length } as ArrayLike<number>, {
    get: (target, key) =>
      key === 'length'
        ? candles.length
        : typeof key === 'string'
          ? candles[Number(key)]?.close
          : Reflect.get(target, key),
  });
}

/** Computes overlay lines over a candle series. */
export class OverlayCalc {
  readonly lines: readonly OverlayLine[];
  /** EMA values by line id, index-aligned with the candles. */
  #ema = new Map<string, number[]>();

  constructor(lines: readonly OverlayLine[]) {
    this.lines = lines;
  }

  /** Every line over the whole series (points before a full window are dropped). */
  full(candles: readonly Candle[]): Map<string, OverlayPoint[]> {
    const out = new Map<string, OverlayPoint[]>();
    if (this.lines.length === 0) return out;
    const closes = closesOf(candles);
    const bands = this.lines.some((l) => l.kind.startsWith('bb'))
      ? bollinger(closes, BOLLINGER_PERIOD, BOLLINGER_K)
      : null;
    for (const line of this.lines) {
      let values: Float64Array;
      if (line.kind === 'sma') values = sma(closes, line.period);
      else if (line.kind === 'ema') {
        values = ema(closes, line.period);
        this.#ema.set(line.id, Array.from(values));
      } else if (line.kind === 'bb-upper') values = bands!.upper;
      else if (line.kind === 'bb-lower') values = bands!.lower;
      else values = bands!.middle;
      const points: OverlayPoint[] = [];
      for (let i = 0; i < values.length; i++) {
        const v = values[i]!;
        if (!Number.isNaN(v)) points.push({ time: candles[i]!.time, value: v });
      }
      out.set(line.id, points);
    }
    return out;
  }

  /**
   * Every line's point at index `i` after that candle changed or was appended
   * (indexes after `i` must not exist yet). Null where the window is not full.
   */
  at(candles: readonly Candle[], i: number): Map<string, OverlayPoint | null> {
    const out = new Map<string, OverlayPoint | null>();
    if (this.lines.length === 0) return out;
    const closes = closeView(candles);
    const time = candles[i]!.time;
    const band = this.lines.some((l) => l.kind.startsWith('bb'))
      ? bollingerAt(closes, i, BOLLINGER_PERIOD, BOLLINGER_K)
      : null;
    for (const line of this.lines) {
      let value: number;
      if (line.kind === 'sma') value = smaAt(closes, line.period, i);
      else if (line.kind === 'ema') value = this.#emaAt(line, closes, i);
      else if (!band) value = Number.NaN;
      else
        value =
          line.kind === 'bb-upper'
            ? band.upper
            : line.kind === 'bb-lower'
              ? band.lower
              : band.middle;
      out.set(line.id, Number.isNaN(value) ? null : { time, value });
    }
    return out;
  }

  #emaAt(line: OverlayLine, closes: ArrayLike<number>, i: number): number {
    let values = this.#ema.get(line.id);
    if (!values) this.#ema.set(line.id, (values = []));
    values.length = Math.min(values.length, i);
    while (values.length < i) values.push(Number.NaN);
    const prev = values[i - 1];
    let value: number;
    if (prev !== undefined && !Number.isNaN(prev)) value = emaNext(prev, closes[i]!, line.period);
    else value = i === line.period - 1 ? smaAt(closes, line.period, i) : Number.NaN;
    values[i] = value;
    return value;
  }
}
