import { describe, expect, it } from 'vitest';
import { FRAME_BUDGET, nestingWithin, readFrame } from './frames';

describe('stream frames', () => {
  it('reads the contract’s messages', () => {
    expect(readFrame('{"code":1,"msg":"Connected Successfully"}')).toEqual({ kind: 'connected' });
    expect(readFrame('{"code":1,"resAc":"auth","msg":"authenticated"}')).toEqual({
      kind: 'auth',
      ok: true,
    });
    expect(
      readFrame('{"code":1,"resAc":"auth","msg":"authenticated","data":{"params":"tok"}}'),
    ).toEqual({ kind: 'auth', ok: true });
    expect(readFrame('{"code":0,"resAc":"auth","msg":"auth failed"}')).toEqual({
      kind: 'auth',
      ok: false,
    });
    expect(readFrame('{"code":1,"resAc":"subscribe","msg":"subscribe Successfully"}')).toEqual({
      kind: 'answer',
      action: 'subscribe',
      ok: true,
      overLimit: false,
      message: 'subscribe Successfully',
    });
    expect(
      readFrame('{"code":0,"resAc":"subscribe","msg":"exceeding the maximum subscription limit"}'),
    ).toMatchObject({ kind: 'answer', action: 'subscribe', ok: false, overLimit: true });
    expect(
      readFrame('{"code":0,"resAc":"subscribe","msg":"cannot be resolved action"}'),
    ).toMatchObject({ kind: 'answer', action: 'subscribe', ok: false, overLimit: false });
    expect(readFrame('{"resAc":"pong","data":{"params":"1731945600000"}}')).toEqual({
      kind: 'pong',
      value: '1731945600000',
    });
  });

  it('takes the variants: codes as text, other cases, no resAc', () => {
    expect(readFrame('{"code":"1","msg":"connected successfully"}')).toEqual({ kind: 'connected' });
    expect(readFrame('{"code":"1","resAc":"AUTH","msg":"Authenticated"}')).toEqual({
      kind: 'auth',
      ok: true,
    });
    expect(readFrame('{"code":0,"msg":"auth failed"}')).toEqual({ kind: 'auth', ok: false });
    expect(readFrame('{"code":1,"msg":"authenticated"}')).toEqual({ kind: 'auth', ok: true });
    expect(readFrame('{"code":0,"msg":"cannot be resolved action"}')).toMatchObject({
      kind: 'answer',
      action: null,
      ok: false,
    });
    expect(readFrame('{"resAc":"pong","params":17}')).toEqual({ kind: 'pong', value: 17 });
  });

  it('reads pushes: type in the record or beside it, one record or several', () => {
    const quote = { s: 'AAPL.US', ld: 1, t: 2, type: 'quote' };
    expect(readFrame(JSON.stringify({ code: 1, data: quote }))).toEqual({
      kind: 'push',
      records: [{ type: 'quote', s: 'AAPL.US', record: quote }],
    });
    const depth = { s: 'BTCUSDT', a: [], b: [] };
    expect(readFrame(JSON.stringify({ code: 1, type: 'Depth', data: depth }))).toEqual({
      kind: 'push',
      records: [{ type: 'depth', s: 'BTCUSDT', record: depth }],
    });
    const ticks = [
      { s: 'ETH_USDT', ld: 1, type: 'tick' },
      { s: 700, ld: 2, type: 'tick' },
    ];
    expect(readFrame(JSON.stringify({ code: 1, data: ticks }))).toMatchObject({
      kind: 'push',
      records: [
        { type: 'tick', s: 'ETH_USDT' },
        { type: 'tick', s: '700' },
      ],
    });
  });

  it('tells malformed frames from ones it merely does not know', () => {
    for (const text of [
      '',
      '{"code":1,"data":{"s":"AAPL.US","type":"quo',
      '<html>502</html>',
      '[1]',
      '{"code":1,"data":{"s":"AAPL.US","type":"kline"}}',
      '{"code":1,"data":{"ld":1,"type":"quote"}}',
      '{"code":1,"data":[{"s":"A","type":"quote"},{"type":"quote"}]}',
    ]) {
      expect(readFrame(text), text).toEqual({ kind: 'malformed' });
    }
    expect(readFrame('{"code":1,"msg":"hello"}')).toEqual({ kind: 'other' });
    expect(readFrame('{"code":1,"data":[]}')).toEqual({ kind: 'other' });
  });

  it('drops a frame past its budget unread: too deep, too many records, too long', () => {
    expect(readFrame('['.repeat(200_000) + ']'.repeat(200_000))).toEqual({
      kind: 'over-budget',
      reason: `nested deeper than ${FRAME_BUDGET.depth} levels`,
    });
    const records = (n: number) =>
      JSON.stringify({
        code: 1,
        data: Array.from({ length: n }, () => ({ s: 'A.US', type: 'quote' })),
      });
    expect(readFrame(records(FRAME_BUDGET.records + 1))).toMatchObject({ kind: 'over-budget' });
    expect(readFrame(records(FRAME_BUDGET.records))).toMatchObject({ kind: 'push' });
    expect(readFrame(' '.repeat(FRAME_BUDGET.chars + 1))).toMatchObject({ kind: 'over-budget' });
  });

  it('counts nesting outside strings only', () => {
    expect(nestingWithin('{"a":"[[[[[[[[[[\\"[[[[","b":[[1]]}', 3)).toBe(true);
    expect(nestingWithin('{"a":[[[1]]]}', 3)).toBe(false);
    expect(nestingWithin('{"a":[[[1]]]}', 4)).toBe(true);
  });
});
