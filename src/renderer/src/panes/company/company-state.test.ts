import { describe, expect, it } from 'vitest';
import type { InfoAnswer } from '../../../../shared/bridge';
import type { Instrument, StockInfo } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { CompanyState } from './company-state.svelte';

const apple: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const info = (code: string) => ({ code, name: `${code} Inc.` }) as StockInfo;
const found = (code: string): InfoAnswer => ({ info: info(code), offline: false, asOf: 5 });

/** What the card shows, as plain data (the state's fields are rune getters). */
const shown = ({ info, unknown, loading, offline, error }: CompanyState) => ({
  info,
  unknown,
  loading,
  offline,
  error,
});

/** A card over a bridge whose getInfo answers are held, with a reconnect button. */
function rig() {
  const bridge = new FakeBridge();
  const answers = bridge.hold('getInfo');
  let reconnect = () => {};
  const company = new CompanyState(bridge, (listener) => {
    reconnect = listener;
    return () => (reconnect = () => {});
  });
  const asked = () => bridge.calls.filter((c) => c.name === 'getInfo').map((c) => c.args);
  return { bridge, company, answers, asked, reconnect: () => reconnect() };
}

describe('CompanyState', () => {
  it('loads the info of a stock, and nothing for another class', async () => {
    const t = rig();
    const load = t.company.setSymbol(apple);
    expect(t.company.loading).toBe(true);
    t.answers[0]!(found('AAPL'));
    await load;
    expect(t.asked()).toEqual([{ region: 'US', exchange: '', code: 'AAPL' }]);
    expect(shown(t.company)).toMatchObject({ info: info('AAPL'), loading: false, error: null });

    await t.company.setSymbol({ class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' });
    expect(t.asked()).toHaveLength(1);
    expect(shown(t.company)).toMatchObject({ info: null, loading: false });
  });

  it('shows only the last symbol’s info, however late an earlier one answers', async () => {
    const t = rig();
    const first = t.company.setSymbol(apple);
    const second = t.company.setSymbol({ ...apple, code: 'MSFT' });
    t.answers[1]!(found('MSFT'));
    t.answers[0]!(found('AAPL'));
    await Promise.all([first, second]);
    expect(t.company.info).toEqual(info('MSFT'));
  });

  it('shows an unknown symbol as unknown and does not load it again', async () => {
    const t = rig();
    const load = t.company.setSymbol(apple);
    t.answers[0]!({ info: info('AAPL'), unknown: true, offline: true, asOf: 5 });
    await load;
    expect(shown(t.company)).toMatchObject({ info: null, unknown: true });
    t.reconnect();
    expect(t.asked()).toHaveLength(1);
  });

  it('loads a cached copy again once the bridge is back, and a failure on Retry', async () => {
    const t = rig();
    const load = t.company.setSymbol(apple);
    t.answers[0]!({ ...found('AAPL'), offline: true, error: 'API unreachable' });
    await load;
    expect(shown(t.company)).toMatchObject({ info: info('AAPL'), offline: true });
    t.reconnect();
    expect(t.asked()).toHaveLength(2);
    t.answers[1]!(found('AAPL'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown(t.company)).toMatchObject({ info: info('AAPL'), offline: false, loading: false });
    t.bridge.handlers.getInfo = () => Promise.reject(new Error('storage failed'));
    await t.company.retry();
    expect(shown(t.company)).toMatchObject({ info: null, error: 'storage failed', loading: false });
  });

  it('drops an answer after dispose and stops listening', async () => {
    const t = rig();
    const load = t.company.setSymbol(apple);
    t.company.dispose();
    t.answers[0]!(found('AAPL'));
    await load;
    expect(t.company.info).toBeNull();
    expect(t.bridge.listenerCount()).toBe(0);
  });
});
