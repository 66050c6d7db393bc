/**
 * The alert commands and events over the real services (demo mode, the in-process
 * simulator): made in one window, listed in every window; fired with no pane subscribed
 * to the symbol, told to every window; bad ids and drafts refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../shared/model';
import { bridgeEachTest, type TestBridge } from './test-bridge';

let t: TestBridge;
bridgeEachTest((bridge) => (t = bridge));

const BTC = { class: 'crypto', region: 'ba', exchange: '', code: 'btcusdt' };

describe('alert commands', () => {
  it('makes an alert on the current source, canonical, and tells every window', async () => {
    const a = t.client();
    const b = t.client();
    const made = await a.call('createAlert', {
      draft: { instrument: BTC, condition: { kind: 'crosses', price: 90_000 }, repeat: 'once' },
    });
    expect(made).toMatchObject({
      ok: true,
      value: {
        instrument: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
        state: 'active',
        source: 'demo',
        lastFired: null,
      },
    });
    const { alerts } = await b.next('alerts');
    expect(alerts.map((x) => x.id)).toEqual([(made as { value: Alert }).value.id]);
    expect(await b.call('listAlerts', {})).toEqual({ ok: true, value: alerts });
  });

  it('pauses, and refuses an id that names no alert', async () => {
    const a = t.client();
    const made = (await a.call('createAlert', {
      draft: { instrument: BTC, condition: { kind: 'above', price: 1e9 }, repeat: 'every' },
    })) as { value: Alert };
    const paused = await a.call('updateAlert', { id: made.value.id, change: { state: 'paused' } });
    expect(paused).toMatchObject({ ok: true, value: { state: 'paused' } });
    expect(await a.call('deleteAlert', { id: 'nope' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no alert nope (it may have been deleted).' },
    });
    expect(await a.call('deleteAlert', { id: made.value.id })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await a.call('listAlerts', {})).toEqual({ ok: true, value: [] });
  });

  it('fires on the live feed with no pane on the symbol, and every window is told', async () => {
    const a = t.client();
    const b = t.client();
    // Any BTC price is above 1: it fires at the first live quote.
    await a.call('createAlert', {
      draft: { instrument: BTC, condition: { kind: 'above', price: 1 }, repeat: 'once' },
    });
    const [fa, fb] = await Promise.all([a.next('alertFired'), b.next('alertFired')]);
    expect(fa).toEqual(fb);
    expect(fa.alert).toMatchObject({ state: 'fired', firedCount: 1 });
    expect(fa.firing.price).toBeGreaterThan(1);
    expect(fa.title).toBe('Alert: BTCUSDT BA above 1.00');
    expect(fa.body).toMatch(/^BTCUSDT BA at [\d,]+\.\d+ \(\d\d:\d\d:\d\d UTC\)$/);
    // No window subscribed anything, and the fired once-alert's own subscription is gone.
    expect(t.services.hub.counts().subscriptions).toBe(0);
  });
});
