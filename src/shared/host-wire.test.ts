import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from './bridge';
import {
  HOST_PROTOCOL,
  bridgeProtocols,
  encodeFrame,
  hostAddress,
  offeredSecret,
  popOutAddress,
  popOutPaneOf,
  readCommandFrame,
  readHostFrame,
  secretOfFragment,
} from './host-wire';

const SECRET = 'abc_DEF-123';

describe('admission', () => {
  it('finds the secret the page offers, as the handshake header carries it', () => {
    expect(offeredSecret(bridgeProtocols(SECRET).join(', '))).toBe(SECRET);
    expect(offeredSecret(`k.${SECRET},${HOST_PROTOCOL}`)).toBe(SECRET);
  });

  it.each([undefined, '', HOST_PROTOCOL, `k.${SECRET}`, `other.v1, k.${SECRET}`])(
    'finds no secret without our protocol and a carrier: %j',
    (header) => expect(offeredSecret(header)).toBeNull(),
  );
});

describe('frames', () => {
  const event: BridgeEventMessage = {
    event: 'news',
    payload: { subscriptionId: 's1', items: [] },
  };

  it('reads back what either end writes', () => {
    const command = { id: 7, name: 'getStatus', args: {} } as const;
    expect(readCommandFrame(encodeFrame(command))).toEqual(command);
    const reply = { id: 7, response: { ok: false, error: { code: 'api', message: 'm' } } } as const;
    expect(readHostFrame(encodeFrame(reply))).toEqual(reply);
    expect(readHostFrame(encodeFrame({ event }))).toEqual({ event });
  });

  it('leaves a command name to the bridge to refuse, but needs an id to answer', () => {
    expect(readCommandFrame('{"id":1,"name":"nope"}')).toEqual({
      id: 1,
      name: 'nope',
      args: undefined,
    });
    expect(readCommandFrame('{"name":"getStatus"}')).toEqual({ fault: 1008, reason: 'no id' });
    expect(readCommandFrame('{"id":1.5}')).toEqual({ fault: 1008, reason: 'no id' });
    expect(readCommandFrame('null')).toEqual({ fault: 1008, reason: 'no id' });
    expect(readCommandFrame('{oops')).toEqual({ fault: 1007, reason: 'not JSON' });
  });

  it.each([
    '{oops',
    'null',
    '{"event":{"event":"unknown","payload":{}}}',
    '{"event":"news"}',
    '{"id":"1","response":{"ok":true}}',
    '{"id":1,"response":{"value":1}}',
    '{"id":1}',
  ])('ignores %s from the host', (text) => expect(readHostFrame(text)).toBeNull());
});

describe('addresses', () => {
  it('puts the host secret in the fragment, where the page finds it', () => {
    const address = hostAddress('http://127.0.0.1:4000', SECRET);
    expect(address).toBe(`http://127.0.0.1:4000/#k=${SECRET}`);
    expect(secretOfFragment(new URL(address).hash)).toBe(SECRET);
    expect(secretOfFragment('#k=not*base64url')).toBeNull();
    expect(secretOfFragment('')).toBeNull();
  });

  it('names a pop-out pane in the query, with the host secret in the fragment', () => {
    expect(popOutAddress('app://marketdesk/index.html', 'depth 1')).toBe(
      'app://marketdesk/index.html?pane=depth%201',
    );
    const address = popOutAddress('http://127.0.0.1:4000/', 'chart-1', SECRET);
    expect(address).toBe(`http://127.0.0.1:4000/?pane=chart-1#k=${SECRET}`);
    const url = new URL(address);
    expect(popOutPaneOf(url.search)).toBe('chart-1');
    expect(secretOfFragment(url.hash)).toBe(SECRET);
  });

  it.each(['', '?pane=', '?pane=%3Cscript%3E', `?pane=${'x'.repeat(65)}`, '?other=p1'])(
    'finds no pane in %j',
    (search) => expect(popOutPaneOf(search)).toBeNull(),
  );
});
