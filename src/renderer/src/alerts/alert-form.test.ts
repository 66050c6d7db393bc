import { describe, expect, it } from 'vitest';
import { conditionOf, toAlertForm } from './alert-form';

describe('the alert form', () => {
  it('round-trips every kind of condition', () => {
    for (const condition of [
      { kind: 'above', price: 231.4 },
      { kind: 'below', price: 0.5 },
      { kind: 'crosses', price: 90_000 },
      { kind: 'move', percent: 2.5, windowMs: 900_000 },
    ] as const) {
      expect(conditionOf(toAlertForm(condition, 'once'))).toEqual({ condition });
    }
  });

  it('reads prices with thousands separators and refuses what is no price', () => {
    const form = toAlertForm({ kind: 'crosses', price: 1 }, 'every');
    expect(conditionOf({ ...form, price: '90,000.5' })).toEqual({
      condition: { kind: 'crosses', price: 90_000.5 },
    });
    for (const price of ['', '0', '-3', 'abc', '1e3', '2000000000000']) {
      expect(conditionOf({ ...form, price })).toEqual({
        error: 'The price must be a number above 0, at most 1,000,000,000,000.',
      });
    }
  });

  it('bounds the move and its window', () => {
    const form = toAlertForm({ kind: 'move', percent: 2, windowMs: 300_000 }, 'once');
    expect(conditionOf({ ...form, percent: '0' })).toMatchObject({ error: /percentage above 0/ });
    expect(conditionOf({ ...form, percent: '101' })).toMatchObject({ error: /at most 100/ });
    expect(conditionOf({ ...form, minutes: '1441' })).toMatchObject({ error: /window/ });
    expect(conditionOf({ ...form, minutes: '0.5' })).toEqual({
      condition: { kind: 'move', percent: 2, windowMs: 30_000 },
    });
  });
});
