import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEventMessage } from '../../../../shared/bridge';
import { HOST_PROTOCOL } from '../../../../shared/host-wire';
import { createHostTransport, takeHostSecret } from './host-transport';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: { id: number; name: string; args: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  answer(id: number, response: unknown) {
    this.onmessage?.({ data: JSON.stringify({ id, response }) });
  }
  push(event: BridgeEventMessage) {
    this.onmessage?.({ data: JSON.stringify({ event }) });
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const SPEC = {
  kind: 'quotes',
  class: 'stock',
  region: 'US',
  exchange: '',
  codes: ['AAPL'],
} as const;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function transport() {
  return createHostTransport({
    url: 'ws://127.0.0.1:1/bridge',
    secret: 's3cret',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
}

describe('host transport', () => {
  it('offers the secret as a subprotocol and matches answers to requests', async () => {
    const t = transport();
    expect(latest().protocols).toEqual([HOST_PROTOCOL, 'k.s3cret', 'w.main']);
    const pending = t.request('getStatus', {});
    latest().open();
    const sent = latest().sent[0]!;
    expect(sent).toMatchObject({ name: 'getStatus', args: {} });
    latest().answer(sent.id, { ok: true, value: 'status' });
    expect(await pending).toEqual({ ok: true, value: 'status' });
    t.close();
  });

  it('answers an error for requests lost with the socket, then reconnects', async () => {
    const t = transport();
    latest().open();
    const pending = t.request('getSettings', {});
    latest().drop();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(t.state).toBe('closed');
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    t.close();
  });

  it('re-subscribes after a reconnect and keeps the pane’s subscription id', async () => {
    const t = transport();
    const seen: BridgeEventMessage[] = [];
    t.listen((m) => seen.push(m));
    const first = latest();
    first.open();
    const sub = t.request('subscribe', { spec: SPEC });
    first.answer(first.sent[0]!.id, { ok: true, value: { subscriptionId: 'sub-1' } });
    expect(await sub).toEqual({ ok: true, value: { subscriptionId: 'sub-1' } });
    const hidden = t.request('setVisibility', { visible: false });
    first.answer(first.sent[1]!.id, { ok: true });
    await hidden;
    const instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
    const focused = t.request('setFocus', { instrument });
    first.answer(first.sent[2]!.id, { ok: true });
    await focused;

    first.drop();
    vi.advanceTimersByTime(250);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    const resub = second.sent.find((f) => f.name === 'subscribe')!;
    expect(resub.args).toEqual({ spec: SPEC });
    expect(second.sent.find((f) => f.name === 'setVisibility')?.args).toEqual({ visible: false });
    expect(second.sent.find((f) => f.name === 'setFocus')?.args).toEqual({ instrument });
    second.answer(resub.id, { ok: true, value: { subscriptionId: 'sub-9' } });
    await Promise.resolve();

    second.push({ event: 'quotes', payload: { subscriptionId: 'sub-9', quotes: {} } });
    expect(seen).toEqual([{ event: 'quotes', payload: { subscriptionId: 'sub-1', quotes: {} } }]);

    const unsub = t.request('unsubscribe', { subscriptionId: 'sub-1' });
    const sent = second.sent.at(-1)!;
    expect(sent).toMatchObject({ name: 'unsubscribe', args: { subscriptionId: 'sub-9' } });
    second.answer(sent.id, { ok: true });
    await unsub;
    t.close();
  });

  it('unsubscribes on the host a re-subscription the pane dropped while it was in flight', async () => {
    const t = transport();
    const first = latest();
    first.open();
    const sub = t.request('subscribe', { spec: SPEC });
    first.answer(first.sent[0]!.id, { ok: true, value: { subscriptionId: 'sub-1' } });
    await sub;

    first.drop();
    vi.advanceTimersByTime(250);
    const second = latest();
    second.open();
    const resub = second.sent.find((f) => f.name === 'subscribe')!;
    // The pane leaves before the host answers the re-subscribe.
    expect(await t.request('unsubscribe', { subscriptionId: 'sub-1' })).toEqual({
      ok: true,
      value: undefined,
    });
    second.answer(resub.id, { ok: true, value: { subscriptionId: 'sub-9' } });
    await Promise.resolve();

    const unsubs = second.sent.filter((f) => f.name === 'unsubscribe');
    expect(unsubs.map((f) => f.args)).toEqual([{ subscriptionId: 'sub-9' }]);
    t.close();
  });

  it('reads the secret from the fragment and removes it from the address', () => {
    const replaceState = vi.fn();
    const storage = new Map<string, string>();
    const win = {
      location: { hash: '#k=abc_DEF-1', pathname: '/', search: '?pane=p1' },
      history: { state: null, replaceState },
      sessionStorage: {
        setItem: (k: string, v: string) => storage.set(k, v),
        getItem: (k: string) => storage.get(k) ?? null,
      },
    } as unknown as Window;
    expect(takeHostSecret(win)).toBe('abc_DEF-1');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?pane=p1');
    // A reload has no fragment: the tab's session storage remembers.
    (win.location as { hash: string }).hash = '';
    expect(takeHostSecret(win)).toBe('abc_DEF-1');
  });
});
