import { describe, expect, it } from 'vitest';
import type { SymbolCheck } from '../../../shared/model';
import { FakeBridge } from '../base/testing/fake-bridge';
import type { SymbolRef } from './pane-contract';
import { SymbolGate, checkSymbolRef, unknownText, verdictOf, type GateFields } from './symbol-gate';

const TENCENT: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'TENCENT' };
const AAPL: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };

function setup(answer: (symbol: SymbolRef) => Promise<SymbolCheck>) {
  const bridge = new FakeBridge();
  bridge.handlers.checkSymbol = ({ symbol }) => answer(symbol);
  const f: GateFields = { checking: false, problem: null, unverifiedKey: null };
  const gate = new SymbolGate(bridge, f, 'Press Enter again to open it anyway.');
  return { bridge, f, gate };
}

describe('verdictOf', () => {
  it('says why a symbol is unknown or unverified', () => {
    expect(
      verdictOf({ status: 'unknown', instrument: TENCENT, message: 'E001 not found this produce' }),
    ).toEqual({
      kind: 'unknown',
      symbol: TENCENT,
      message:
        'Unknown symbol: the data source has no TENCENT US stock (E001 not found this produce).',
    });
    // The checker's own sentence ends with a full stop: the verdict's ends once.
    expect(
      verdictOf({
        status: 'unknown',
        instrument: TENCENT,
        message: 'TENCENT is not a known stock symbol in US.',
      }),
    ).toMatchObject({
      message:
        'Unknown symbol: the data source has no TENCENT US stock (TENCENT is not a known stock symbol in US).',
    });
    expect(verdictOf({ status: 'unverified', instrument: AAPL, message: 'offline' })).toMatchObject(
      { kind: 'unverified', message: 'AAPL US stock could not be checked (offline).' },
    );
    expect(verdictOf({ status: 'known', instrument: AAPL, name: 'Apple Inc.' })).toEqual({
      kind: 'known',
      symbol: AAPL,
      name: 'Apple Inc.',
    });
  });

  it('says a symbol a replay does not play is not in it, not unknown', () => {
    expect(unknownText(AAPL)).toBe('Unknown symbol: the data source has no AAPL US stock.');
    expect(unknownText(AAPL, true)).toBe(
      'Not in this replay: the recording played has no AAPL US stock.',
    );
  });

  it('calls a failed check unverified, with the reason', async () => {
    const bridge = new FakeBridge();
    expect(await checkSymbolRef(bridge, AAPL)).toMatchObject({
      kind: 'unverified',
      message: 'AAPL US stock could not be checked (no handler for checkSymbol).',
    });
  });
});

describe('SymbolGate', () => {
  it("passes a known symbol in the source's canonical form", async () => {
    const { gate, f, bridge } = setup(async () => ({
      status: 'known',
      instrument: { class: 'stock', region: 'HK', exchange: '', code: '700' },
      name: 'Tencent',
    }));
    const typed: SymbolRef = { class: 'stock', region: 'hk', exchange: '', code: '00700' };
    expect(await gate.pass(typed)).toEqual({
      class: 'stock',
      region: 'HK',
      exchange: '',
      code: '700',
    });
    expect(f).toEqual({ checking: false, problem: null, unverifiedKey: null });
    expect(bridge.calls).toEqual([{ name: 'checkSymbol', args: { symbol: typed } }]);
  });

  it('refuses an unknown symbol, every time, and says why', async () => {
    const { gate, f } = setup(async (s) => ({ status: 'unknown', instrument: s, message: '' }));
    expect(await gate.pass(TENCENT)).toBeNull();
    expect(f.problem).toBe('Unknown symbol: the data source has no TENCENT US stock.');
    expect(await gate.pass(TENCENT)).toBeNull();
    expect(f.unverifiedKey).toBeNull();
  });

  it('refuses an unverified symbol once, then goes ahead when asked again for the same one', async () => {
    const { gate, f } = setup(async (s) => ({
      status: 'unverified',
      instrument: s,
      message: 'the service is offline',
    }));
    expect(await gate.pass(AAPL)).toBeNull();
    expect(f.problem).toBe(
      'AAPL US stock could not be checked (the service is offline). Press Enter again to open it anyway.',
    );
    // Another symbol is warned about afresh.
    expect(await gate.pass(TENCENT)).toBeNull();
    expect(await gate.pass(AAPL)).toBeNull();
    expect(await gate.pass(AAPL)).toEqual(AAPL);
    expect(f.problem).toBeNull();
    expect(f.unverifiedKey).toBeNull();
  });

  it('an unverified symbol found unknown on the second try is still refused', async () => {
    const answers: SymbolCheck['status'][] = ['unverified', 'unknown'];
    const { gate, f } = setup(async (s) => {
      const status = answers.shift()!;
      return status === 'unknown'
        ? { status, instrument: s, message: 'E001' }
        : { status: 'unverified', instrument: s, message: 'offline' };
    });
    expect(await gate.pass(TENCENT)).toBeNull();
    expect(await gate.pass(TENCENT)).toBeNull();
    expect(f.problem).toMatch(/^Unknown symbol/);
  });

  it('drops an answer superseded by a reset (the input changed while checking)', async () => {
    let answer: (c: SymbolCheck) => void = () => {};
    const { gate, f } = setup(() => new Promise((resolve) => (answer = resolve)));
    const pending = gate.pass(AAPL);
    expect(f.checking).toBe(true);
    gate.reset();
    expect(f.checking).toBe(false);
    answer({ status: 'known', instrument: AAPL, name: null });
    expect(await pending).toBeNull();
    expect(f).toEqual({ checking: false, problem: null, unverifiedKey: null });
  });
});
