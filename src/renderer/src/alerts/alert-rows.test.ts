import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/model';
import { testAlert } from '../../../shared/testing/alerts';
import { alertRow, alertsHeldNote } from './alert-rows';
import { formatDateTime } from '../base/format/time';

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
      firedAt: '',
      quoteTime: '',
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
      fired: '90,012.50',
      quoteTime: 'quote of 24 Nov 2026, 14:05 UTC',
      // Fired before the firing's own time was kept: not made up from the quote's.
      firedAt: '',
    });
  });

  it("labels when it fired (this computer's clock) apart from the quote's own time", () => {
    // A Friday close evaluated on the Saturday morning.
    const at = Date.UTC(2026, 10, 27, 21, 0);
    const firedAt = Date.UTC(2026, 10, 28, 7, 40);
    const row = alertRow(
      { ...BASE, state: 'fired', lastFired: { at, price: 90_012.5, firedAt }, firedCount: 3 },
      'demo',
      'UTC',
    );
    expect(row.fired).toBe('90,012.50 (×3)');
    expect(row.quoteTime).toBe('quote of 27 Nov 2026, 21:00 UTC');
    expect(row.firedAt).toBe(`fired ${formatDateTime(firedAt)} local`);
    expect(alertRow({ ...BASE, lastFired: { at, price: 1, firedAt } }, 'demo').quoteTime).toBe(
      `quote of ${formatDateTime(at)} local`,
    );
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

describe('alertsHeldNote', () => {
  it('says active alerts cannot fire while no prices come in', () => {
    expect(alertsHeldNote('offline', 3)).toBe(
      'No prices while the data service cannot be reached: the 3 active alerts cannot fire until it is back.',
    );
    expect(alertsHeldNote('token-rejected', 1)).toBe(
      'No prices while the service refuses the token: the active alert cannot fire until a new one is set in Settings.',
    );
    // Prices come, or nothing is armed: nothing to say.
    for (const health of ['live', 'degraded', 'connecting', null] as const) {
      expect(alertsHeldNote(health, 3)).toBeNull();
    }
    expect(alertsHeldNote('offline', 0)).toBeNull();
  });
});
