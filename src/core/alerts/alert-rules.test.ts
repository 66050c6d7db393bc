import { describe, expect, it } from 'vitest';
import type { Alert, AlertCondition, AlertRepeat } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { AlertIndex } from './alert-rules';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
const KEY = instrumentKey(BTC);

function alert(id: string, condition: AlertCondition, repeat: AlertRepeat = 'once'): Alert {
  return {
    id,
    instrument: BTC,
    condition,
    repeat,
    state: 'active',
    source: 'demo',
    createdAt: 0,
    lastFired: null,
    firedCount: 0,
  };
}

/** The ids fired by each price in turn (times 1 s apart). */
function run(index: AlertIndex, prices: number[], key = KEY): string[][] {
  return prices.map((p, i) => index.evaluate(key, p, i * 1000).map((f) => f.alert.id));
}

describe('AlertIndex', () => {
  it('fires above and below once, at the price that met them', () => {
    const index = new AlertIndex([
      alert('up', { kind: 'above', price: 100 }),
      alert('down', { kind: 'below', price: 90 }),
    ]);
    expect(run(index, [95, 100, 101, 89, 80])).toEqual([[], ['up'], [], ['down'], []]);
    expect(index.size).toBe(0);
  });

  it('fires a level alert at once when the price already meets it', () => {
    const index = new AlertIndex([alert('up', { kind: 'above', price: 100 })]);
    const fired = index.evaluate(KEY, 120, 5000);
    expect(fired).toEqual([
      { alert: expect.objectContaining({ id: 'up' }), firing: { at: 5000, price: 120 } },
    ]);
  });

  it('fires an "every" level alert again only after the condition was false', () => {
    const index = new AlertIndex([alert('up', { kind: 'above', price: 100 }, 'every')]);
    expect(run(index, [101, 102, 103, 99, 100, 98, 105])).toEqual([
      ['up'],
      [],
      [],
      [],
      ['up'],
      [],
      ['up'],
    ]);
    expect(index.size).toBe(1);
  });

  it('fires crosses either way, never on the first price', () => {
    const index = new AlertIndex([alert('x', { kind: 'crosses', price: 100 }, 'every')]);
    expect(run(index, [105, 101, 99, 99.5, 100, 100, 120])).toEqual([
      [],
      [],
      ['x'],
      [],
      ['x'],
      [],
      [],
    ]);
  });

  it('fires a percent move within the window, counting from the price a window ago', () => {
    // 2% in 5 s, prices 1 s apart.
    const index = new AlertIndex([
      alert('m', { kind: 'move', percent: 2, windowMs: 5000 }, 'every'),
    ]);
    // 100 → 101.9 within 5 s: no; 102 against 100 (4 s ago): yes; from there the next move counts.
    expect(run(index, [100, 100.5, 101, 101.9, 102, 102.5, 103, 104.1])).toEqual([
      [],
      [],
      [],
      [],
      ['m'],
      [],
      [],
      ['m'],
    ]);
  });

  it('does not fire a slow drift that never moves the percent within the window', () => {
    const index = new AlertIndex([alert('m', { kind: 'move', percent: 2, windowMs: 3000 })]);
    // +0.5% a second: 1.5% at most within 3 s.
    const prices = Array.from({ length: 30 }, (_, i) => 100 * 1.005 ** i);
    expect(run(index, prices).flat()).toEqual([]);
  });

  it('evaluates only the alerts of the symbol updated', () => {
    const eth = { ...BTC, code: 'ETHUSDT' };
    const index = new AlertIndex([
      alert('btc', { kind: 'above', price: 1 }),
      { ...alert('eth', { kind: 'above', price: 1 }), instrument: eth },
    ]);
    expect(run(index, [5], instrumentKey(eth))).toEqual([['eth']]);
    expect(index.size).toBe(1);
  });

  it('leaves paused and fired alerts out, and forgets removed ones', () => {
    const index = new AlertIndex([
      { ...alert('p', { kind: 'above', price: 1 }), state: 'paused' },
      { ...alert('f', { kind: 'above', price: 1 }), state: 'fired' },
      alert('r', { kind: 'above', price: 1 }),
    ]);
    index.remove('r');
    expect(index.size).toBe(0);
    expect(run(index, [5])).toEqual([[]]);
  });

  it('lets alerts wait while the market is closed, unless kept active then', () => {
    const waiting = alert('wait', { kind: 'above', price: 100 });
    const kept = { ...alert('kept', { kind: 'above', price: 100 }), whileClosed: true };
    const index = new AlertIndex([waiting, kept]);
    // The closed market's last price is over both lines: only the one kept active fires.
    expect(index.evaluate(KEY, 120, 0, [], true).map((f) => f.alert.id)).toEqual(['kept']);
    // At the open the waiting one is evaluated as new: the price above its line fires it.
    expect(index.evaluate(KEY, 121, 1000).map((f) => f.alert.id)).toEqual(['wait']);
  });
});
