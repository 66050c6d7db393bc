import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/model';
import { testAlert } from '../../../shared/testing/alerts';
import { alertRow } from './alert-rows';

const BASE: Alert = testAlert({
  instrument: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
  condition: { kind: 'crosses', price: 90_000 },
});

describe('alertRow', () => {
  it('words an active alert of the current source', () => {
    expect(alertRow(BASE, 'demo')).toEqual({
      id: 'a1',
      symbol: 'BTCUSDT BA',
      condition: 'crosses 90,000.00',
      repeat: 'once',
      state: 'active',
      fired: '',
      toggle: 'Pause',
      current: true,
    });
  });

  it('shows the firing, and re-arms a fired alert', () => {
    const at = Date.UTC(2026, 10, 24, 14, 5);
    const row = alertRow(
      { ...BASE, state: 'fired', lastFired: { at, price: 90_012.5 }, firedCount: 1 },
      'demo',
      'UTC',
    );
    expect(row).toMatchObject({
      state: 'fired',
      toggle: 'Re-arm',
      fired: '90,012.50 · 24 Nov 2026, 14:05',
    });
  });

  it('says a demo alert is not watched on live data', () => {
    expect(alertRow(BASE, 'live:https://api.itick.org')).toMatchObject({
      state: 'made on demo data · not watched on live',
      current: false,
    });
    expect(
      alertRow({ ...BASE, condition: { kind: 'move', percent: 2, windowMs: 300_000 } }, 'demo')
        .condition,
    ).toBe('moves 2% in 5m');
  });
});
