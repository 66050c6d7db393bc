import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../../shared/model';
import { testAlert } from '../../../../shared/testing/alerts';
import type { ISeriesApi } from 'lightweight-charts';
import { AlertLines, alertAt, alertLineSpecs, levelOf } from './alert-lines';
import type { ChartColors } from './chart-colors';

const A: Alert = testAlert({ id: 'a' });
const fmt = (p: number) => p.toFixed(2);

describe('alertLineSpecs', () => {
  it('draws a level line for active and paused alerts, none for a move', () => {
    expect(
      alertLineSpecs(
        [
          A,
          { ...A, id: 'b', state: 'paused', condition: { kind: 'crosses', price: 225 } },
          { ...A, id: 'c', condition: { kind: 'move', percent: 2, windowMs: 60_000 } },
        ],
        fmt,
      ),
    ).toEqual([
      { key: 'a:level', price: 230, title: 'Alert above', role: 'active' },
      { key: 'b:level', price: 225, title: 'Alert crosses (paused)', role: 'paused' },
    ]);
  });

  it('marks a firing at the price it fired at; a fired once-alert keeps only the mark', () => {
    const fired = {
      ...A,
      state: 'fired',
      lastFired: { at: 1, price: 231.4 },
      firedCount: 1,
    } as const;
    expect(alertLineSpecs([fired], fmt)).toEqual([
      { key: 'a:fired', price: 231.4, title: 'Alert fired 231.40', role: 'fired' },
    ]);
    const every = { ...fired, state: 'active', repeat: 'every' } as const;
    expect(alertLineSpecs([every], fmt).map((s) => s.key)).toEqual(['a:level', 'a:fired']);
  });
});

describe('alertAt', () => {
  it('is above the last price or below it', () => {
    expect(alertAt(231.4, 229)).toBe('above');
    expect(alertAt(220, 229)).toBe('below');
    expect(alertAt(220, null)).toBe('above');
  });
});

describe('a dragged level line', () => {
  it('is drawn at the dragged price; the other lines and the firing mark stay', () => {
    const b = { ...A, id: 'b', lastFired: { at: 1, price: 229 }, firedCount: 1 };
    const specs = alertLineSpecs([A, b], fmt, { id: 'b', price: 240.5 });
    expect(specs.map((s) => [s.key, s.price])).toEqual([
      ['a:level', 230],
      ['b:level', 240.5],
      ['b:fired', 229],
    ]);
  });

  it('exists only for price levels that still watch', () => {
    expect(levelOf(A)).toBe(230);
    expect(levelOf({ ...A, state: 'paused' })).toBe(230);
    expect(levelOf({ ...A, state: 'fired' })).toBeNull();
    expect(levelOf({ ...A, condition: { kind: 'move', percent: 2, windowMs: 60_000 } })).toBeNull();
  });
});

describe('AlertLines', () => {
  /** A candle series that records its price lines: their options and whether removed. */
  function fakeSeries() {
    const made: { options: Record<string, unknown>; removed: boolean }[] = [];
    const entries = new Map<object, (typeof made)[number]>();
    const series = {
      createPriceLine(options: Record<string, unknown>) {
        const entry = { options: { ...options }, removed: false };
        const line = {
          applyOptions: (o: Record<string, unknown>) => Object.assign(entry.options, o),
        };
        made.push(entry);
        entries.set(line, entry);
        return line;
      },
      removePriceLine(line: object) {
        entries.get(line)!.removed = true;
      },
    };
    return { series, made };
  }
  const colors = { text: '#ccc', overlays: ['#2f7df6', '#f0a020'] } as unknown as ChartColors;

  it('moves a dragged line in place, and removes only the lines that went', () => {
    const { series, made } = fakeSeries();
    const drawn = new AlertLines(series as unknown as ISeriesApi<'Candlestick'>, colors);
    drawn.set(
      alertLineSpecs([A, { ...A, id: 'b', condition: { kind: 'below', price: 220 } }], fmt),
    );
    expect(made.map((m) => m.options['price'])).toEqual([230, 220]);

    drawn.set(
      alertLineSpecs([A, { ...A, id: 'b', condition: { kind: 'below', price: 220 } }], fmt, {
        id: 'a',
        price: 233.5,
      }),
    );
    expect(made).toHaveLength(2);
    expect(made[0]!.options['price']).toBe(233.5);

    drawn.set(alertLineSpecs([A], fmt));
    expect(made.map((m) => [m.options['price'], m.removed])).toEqual([
      [230, false],
      [220, true],
    ]);
  });
});
