import { describe, expect, it } from 'vitest';
import { connectBridge } from './connect';

/** Just enough of a Window for the secret look-up. */
function fakeWindow(hash: string, extra: Record<string, unknown> = {}): Window {
  const storage = new Map<string, string>();
  return {
    location: { hash, pathname: '/', search: '', host: '127.0.0.1:1' },
    history: { state: null, replaceState: () => {} },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    ...extra,
  } as unknown as Window;
}

describe('connectBridge', () => {
  it('uses the Electron preload bridge when there is one', () => {
    const bridge = { invoke: async () => undefined, on: () => ({ dispose: () => {} }) };
    const connection = connectBridge(fakeWindow('', { marketdesk: bridge }));
    expect(connection).toEqual({ kind: 'ready', bridge, host: null });
  });

  it('does not mistake a partial preload object for a bridge', () => {
    expect(connectBridge(fakeWindow('', { marketdesk: { version: 1 } })).kind).toBe('no-secret');
  });

  it('says so when the page was opened without the session key', () => {
    expect(connectBridge(fakeWindow(''))).toEqual({ kind: 'no-secret' });
  });
});
