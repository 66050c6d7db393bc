import { describe, expect, it } from 'vitest';
import { malformBody } from './malform';

const body = JSON.stringify({
  code: 0,
  msg: 'ok',
  data: { AAPL: { s: 'AAPL', ld: 1.5, o: 1.4, t: 1700000000000 }, MSFT: { s: 'MSFT', ld: 2 } },
});

describe('malformBody', () => {
  it('truncates to invalid JSON wherever it cuts', () => {
    for (const r of [0, 0.3, 0.6, 0.999]) {
      const out = malformBody(body, 'truncated', r);
      expect(out.length).toBeLessThan(body.length);
      expect(() => JSON.parse(out)).toThrow();
    }
  });

  it('answers something that is not JSON at all', () => {
    expect(() => JSON.parse(malformBody(body, 'not-json', 0.5))).toThrow();
  });

  it('gives a record field the wrong type', () => {
    for (const r of [0, 0.5, 0.9]) {
      const out = JSON.parse(malformBody(body, 'wrong-type', r)) as {
        data: { AAPL: Record<string, unknown> };
      };
      const rec = out.data.AAPL;
      const wrong = Object.entries(rec).filter(([k, v]) =>
        k === 's' ? typeof v !== 'string' : typeof v !== 'number',
      );
      expect(wrong).toHaveLength(1);
    }
  });

  it('drops a field of a record', () => {
    const out = JSON.parse(malformBody(body, 'missing-field', 0.5)) as {
      data: { AAPL: Record<string, unknown> };
    };
    expect(Object.keys(out.data.AAPL)).toHaveLength(3);
  });

  it('reaches records nested in arrays (klines, news)', () => {
    const klines = JSON.stringify({ code: 0, msg: 'ok', data: { X: [{ t: 1, c: 2 }] } });
    const out = JSON.parse(malformBody(klines, 'missing-field', 0)) as {
      data: { X: Record<string, unknown>[] };
    };
    expect(out.data.X[0]).toEqual({ c: 2 });
  });

  it('falls back to truncation when the data holds no record', () => {
    const empty = JSON.stringify({ code: 0, msg: 'ok', data: {} });
    expect(() => JSON.parse(malformBody(empty, 'wrong-type', 0.5))).toThrow();
    const none = JSON.stringify({ code: 0, msg: 'ok', data: null });
    expect(() => JSON.parse(malformBody(none, 'missing-field', 0.5))).toThrow();
  });
});
