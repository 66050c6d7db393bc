import { describe, expect, it } from 'vitest';
import { parseRequest, replies } from './protocol';

describe('stream requests', () => {
  const AAPL = { code: 'AAPL', region: 'US' };
  it.each([
    // The contract's four requests.
    ['{"ac":"auth","params":"t0k"}', { ac: 'auth', token: 't0k' }],
    ['{"ac":"ping","params":"1731945600000"}', { ac: 'ping', value: '1731945600000' }],
    ['{"ac":"ping","params":1731945600000}', { ac: 'ping', value: 1731945600000 }],
    [
      '{"ac":"subscribe","params":"AAPL$US,TSLA$US","types":"quote,depth,tick"}',
      {
        ac: 'subscribe',
        symbols: [AAPL, { code: 'TSLA', region: 'US' }],
        types: ['quote', 'depth', 'tick'],
      },
    ],
    // Entries trimmed, repeated types collapsed, unsubscribe with or without types.
    [
      '{"ac":"subscribe","params":" 700$HK , BTCUSDT$BA","types":"quote, quote"}',
      {
        ac: 'subscribe',
        symbols: [
          { code: '700', region: 'HK' },
          { code: 'BTCUSDT', region: 'BA' },
        ],
        types: ['quote'],
      },
    ],
    [
      '{"ac":"unsubscribe","params":"AAPL$US"}',
      { ac: 'unsubscribe', symbols: [AAPL], types: null },
    ],
    [
      '{"ac":"unsubscribe","params":"AAPL$US","types":"depth"}',
      { ac: 'unsubscribe', symbols: [AAPL], types: ['depth'] },
    ],
  ])('reads %s', (text, request) => {
    expect(parseRequest(text)).toEqual(request);
  });

  it.each([
    ['not JSON', 'hello', null],
    ['a JSON array', '[1,2]', null],
    ['JSON null', 'null', null],
    ['no ac', '{"params":"AAPL$US"}', null],
    ['an unknown ac', '{"ac":"history","params":"AAPL$US"}', 'history'],
    ['auth without a token', '{"ac":"auth"}', 'auth'],
    ['a ping without a value', '{"ac":"ping"}', 'ping'],
    ['subscribe without types', '{"ac":"subscribe","params":"AAPL$US"}', 'subscribe'],
    ['an unknown type', '{"ac":"subscribe","params":"AAPL$US","types":"kline@1"}', 'subscribe'],
    ['empty types', '{"ac":"subscribe","params":"AAPL$US","types":""}', 'subscribe'],
    ['no region', '{"ac":"subscribe","params":"AAPL","types":"quote"}', 'subscribe'],
    ['a lower-case region', '{"ac":"subscribe","params":"AAPL$us","types":"quote"}', 'subscribe'],
    ['an empty entry', '{"ac":"subscribe","params":"AAPL$US,,","types":"quote"}', 'subscribe'],
    ['a bad code', '{"ac":"subscribe","params":"AA PL$US","types":"quote"}', 'subscribe'],
    ['params not text', '{"ac":"subscribe","params":["AAPL$US"],"types":"quote"}', 'subscribe'],
  ])('%s is "cannot be resolved action"', (_name, text, resAc) => {
    expect(parseRequest(text)).toEqual({ ac: 'malformed', resAc });
  });
});

describe('stream answers', () => {
  it('are the contract’s words', () => {
    expect(JSON.parse(replies.connected)).toEqual({ code: 1, msg: 'Connected Successfully' });
    expect(JSON.parse(replies.authenticated())).toEqual({
      code: 1,
      resAc: 'auth',
      msg: 'authenticated',
    });
    expect(JSON.parse(replies.authenticated('t0k'))).toEqual({
      code: 1,
      resAc: 'auth',
      msg: 'authenticated',
      data: { params: 't0k' },
    });
    expect(JSON.parse(replies.authFailed)).toEqual({ code: 0, resAc: 'auth', msg: 'auth failed' });
    expect(JSON.parse(replies.subscribed)).toEqual({
      code: 1,
      resAc: 'subscribe',
      msg: 'subscribe Successfully',
    });
    expect(JSON.parse(replies.overLimit)).toEqual({
      code: 0,
      resAc: 'subscribe',
      msg: 'exceeding the maximum subscription limit',
    });
    expect(JSON.parse(replies.malformed('subscribe'))).toEqual({
      code: 0,
      resAc: 'subscribe',
      msg: 'cannot be resolved action',
    });
    expect(JSON.parse(replies.malformed(null))).toEqual({
      code: 0,
      msg: 'cannot be resolved action',
    });
    expect(JSON.parse(replies.pong('17'))).toEqual({ resAc: 'pong', data: { params: '17' } });
  });

  it('a push is the record with the stream’s s and its type', () => {
    const push = JSON.parse(replies.push({ s: 'AAPL', ld: 1, t: 2 }, 'AAPL.US', 'quote'));
    expect(push).toEqual({ code: 1, data: { s: 'AAPL.US', ld: 1, t: 2, type: 'quote' } });
  });
});
