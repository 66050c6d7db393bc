import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../../shared/model';
import { MIN } from '../test-candles';
import { StudyCalc, outputId } from './study-calc';
import type { StudyConfig } from '../../../workspace/chart/study-config';
import { addStudy } from './study-ops';
import { STUDY_KINDS, STUDY_TABLE } from './study-table';

/** Every kind of study once, on its defaults. */
const EVERY = STUDY_KINDS.reduce((list, kind) => addStudy(list, kind), [] as StudyConfig[]);

/** Minute bars with a range and volume, moving up and down. */
const wave = (n: number): Candle[] =>
  Array.from({ length: n }, (_, i) => {
    const close = 100 + 10 * Math.sin(i / 9) + i / 50;
    return {
      time: i * MIN,
      open: close - 0.4,
      high: close + 1,
      low: close - 1.2,
      close,
      volume: 5 + (i % 7),
      turnover: 0,
    };
  });

const ids = EVERY.flatMap((s) => STUDY_TABLE[s.kind].outputs.map((o) => outputId(s.id, o.key)));

describe('StudyCalc', () => {
  it('keeps one value per candle for every output, NaN before a study has one', () => {
    const calc = new StudyCalc(EVERY);
    const candles = wave(120);
    calc.full(candles);
    expect(calc.candles).toBe(candles);
    for (const id of ids) {
      const values = calc.values(id)!;
      expect(values, id).toHaveLength(120);
      expect(Number.isNaN(values[119]!), id).toBe(false);
    }
    expect(Number.isNaN(calc.values('rsi1:rsi')![3]!)).toBe(true);
    expect(calc.valuesAt(3).get('rsi1:rsi')).toBeNull();
  });

  it('steps the forming bar and a new one to the values a full pass gives', () => {
    const candles = wave(200);
    const live = candles.slice(0, 150);
    const calc = new StudyCalc(EVERY);
    calc.full(live);
    for (let i = 150; i < 200; i++) {
      // The bar forms in three ticks, then closes at its real values.
      const real = candles[i]!;
      live.push({ ...real, close: real.open, high: real.open, low: real.open });
      expect(calc.step(live, i)).toBe(true);
      live[i] = { ...real, close: real.close - 0.3 };
      expect(calc.step(live, i)).toBe(true);
      live[i] = real;
      expect(calc.step(live, i)).toBe(true);
    }
    const whole = new StudyCalc(EVERY);
    whole.full(candles);
    for (const id of ids) {
      expect(calc.values(id)!.length, id).toBe(200);
      calc.values(id)!.forEach((v, i) => {
        const want = whole.values(id)![i]!;
        if (Number.isNaN(want)) expect(v, `${id} at ${i}`).toBeNaN();
        else expect(v, `${id} at ${i}`).toBeCloseTo(want, 9);
      });
    }
  });

  it('refuses a bar older than the last one stepped: the caller computes again', () => {
    const candles = wave(60);
    const calc = new StudyCalc(EVERY);
    calc.full(candles);
    expect(calc.step(candles, 30)).toBe(false);
  });

  it('computes only the visible studies', () => {
    const calc = new StudyCalc(EVERY.map((s) => ({ ...s, visible: s.kind === 'rsi' })));
    calc.full(wave(30));
    expect(calc.studies.map((s) => s.kind)).toEqual(['rsi']);
    expect(calc.values('sma1:ma')).toBeUndefined();
  });
});
