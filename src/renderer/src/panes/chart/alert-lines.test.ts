import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../../shared/model';
import { testAlert } from '../../../../shared/testing/alerts';
import { alertAt, alertLineSpecs } from './alert-lines';

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
