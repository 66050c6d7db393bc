import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../shared/api/operations';
import { planOf } from '../shared/model';
import { SimulatorError } from './errors';
import { MAX_KLINE_LIMIT, parseQuery, type ParseContext } from './params';

const ctx: ParseContext = { plan: planOf('base'), isCursor: (c) => c === 'good' };
const parse = (op: keyof typeof OPERATIONS, query: string) =>
  parseQuery(OPERATIONS[op], new URLSearchParams(query), ctx);

describe('parseQuery', () => {
  it('dedupes and trims codes, keeping request order', () => {
    expect(parse('stockQuotes', 'region=US&codes=B,%20A%20,B,C').codes).toEqual(['B', 'A', 'C']);
  });

  it('reads kline parameters and clamps a huge limit', () => {
    const q = parse('stockKlines', 'region=US&codes=A&kType=8&limit=5000000&et=1700000000000');
    expect(q).toMatchObject({ kType: 8, limit: MAX_KLINE_LIMIT, et: 1_700_000_000_000 });
  });

  it('passes exchange on stock only', () => {
    expect(parse('stockDepth', 'region=HK&code=700&exchange=HKEX').exchange).toBe('HKEX');
    expect(parse('cryptoDepth', 'region=BA&code=BTCUSDT&exchange=X').exchange).toBe('');
  });

  it('reads news with its defaults and the cursor', () => {
    expect(parse('news', 'market=stock&lang=hk')).toMatchObject({ limit: 20, cursor: undefined });
    expect(parse('news', 'market=stock&lang=hk&limit=500&cursor=good')).toMatchObject({
      limit: 100,
      cursor: 'good',
    });
    expect(() => parse('news', 'market=stock&lang=hk&cursor=bad')).toThrow(/cursor/);
  });

  it('throws a 400 SimulatorError naming the parameter', () => {
    let caught: unknown;
    try {
      parse('stockQuotes', 'region=U1&codes=A');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SimulatorError);
    expect((caught as SimulatorError).status).toBe(400);
    expect((caught as SimulatorError).message).toMatch(/^E400 bad parameter region/);
  });

  it('checks the plan maximum on distinct codes', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `C${i}`).join(',');
    expect(() => parse('stockDepths', `region=US&codes=${eleven}`)).toThrow(/^E003/);
    expect(parse('cryptoTicks', `region=BA&codes=${eleven}`).codes).toHaveLength(11);
  });
});
