import { describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { CATALOG } from '../market/catalog';
import type { SimulatorOptions } from '../server';
import { pushed, streamSetup } from './testing/stream-setup';
import { WsProbe } from './testing/ws-probe';
import { closeAfterEach } from '../../shared/testing/close-after-each';

const setup = closeAfterEach((options: SimulatorOptions = {}) => streamSetup(options));

const CONNECTED = { code: 1, msg: 'Connected Successfully' };
const AUTHENTICATED = { code: 1, resAc: 'auth', msg: 'authenticated' };
const AUTH_FAILED = { code: 0, resAc: 'auth', msg: 'auth failed' };
const SUBSCRIBED = { code: 1, resAc: 'subscribe', msg: 'subscribe Successfully' };
const OVER_LIMIT = { code: 0, resAc: 'subscribe', msg: 'exceeding the maximum subscription limit' };
const subscribe = (params: string, types = 'quote') => ({ ac: 'subscribe', params, types });

/** Subscribes `probe` (as {@link subscribe} words it) and expects "subscribe Successfully". */
async function subscribed(probe: Pick<WsProbe, 'send' | 'next'>, params: string, types?: string) {
  probe.send(subscribe(params, types));
  expect(await probe.next()).toEqual(SUBSCRIBED);
}

/** The probe's next messages are these, in order. */
async function expectNext(probe: { next(): Promise<unknown> }, ...messages: unknown[]) {
  for (const message of messages) expect(await probe.next()).toEqual(message);
}
describe('stream connection and authentication', () => {
  it('greets every connection with "Connected Successfully"', async () => {
    const s = await setup();
    const probe = await s.open('/stock');
    expect(await probe.next()).toEqual(CONNECTED);
  });

  it('without a configured token, subscribes with no authentication at all', async () => {
    const s = await setup();
    const probe = await s.connect('/stock');
    await subscribed(probe, 'AAPL$US');
  });

  it('accepts the token header: "authenticated" follows the greeting, without the token', async () => {
    const s = await setup({ token: 'sekret' });
    const probe = await s.open('/stock', 'sekret');
    await expectNext(probe, CONNECTED, AUTHENTICATED);
    await subscribed(probe, 'AAPL$US');
  });

  it('accepts the auth message, answering the variant that echoes the token', async () => {
    const s = await setup({ token: 'sekret' });
    const probe = await s.connect('/crypto');
    probe.send({ ac: 'auth', params: 'sekret' });
    expect(await probe.next()).toEqual({ ...AUTHENTICATED, data: { params: 'sekret' } });
    await subscribed(probe, 'BTCUSDT$BA');
  });

  it('a wrong token header: "auth failed", then the server closes', async () => {
    const s = await setup({ token: 'sekret' });
    const probe = await s.open('/stock', 'wrong');
    await expectNext(probe, CONNECTED, AUTH_FAILED);
    expect((await probe.closed).code).toBe(4001);
  });

  it.each([
    ['a wrong auth message', { ac: 'auth', params: 'wrong' }],
    ['an empty auth message', { ac: 'auth', params: '' }],
    ['subscribing before authenticating', subscribe('AAPL$US')],
  ])(
    '%s when a token is required: "auth failed", then the server closes',
    async (_what, message) => {
      const s = await setup({ token: 'sekret' });
      const probe = await s.connect('/stock');
      probe.send(message);
      expect(await probe.next()).toEqual(AUTH_FAILED);
      expect((await probe.closed).code).toBe(4001);
    },
  );

  it('answers ping with pong echoing the value, before or after authenticating', async () => {
    const s = await setup({ token: 'sekret' });
    const probe = await s.connect('/forex');
    probe.send({ ac: 'ping', params: '1731945600000' });
    expect(await probe.next()).toEqual({ resAc: 'pong', data: { params: '1731945600000' } });
    probe.send({ ac: 'auth', params: 'sekret' });
    await probe.next();
    probe.send({ ac: 'ping', params: 1731945600001 });
    expect(await probe.next()).toEqual({ resAc: 'pong', data: { params: 1731945600001 } });
  });

  it('refuses an upgrade at a path that is no endpoint (404), REST paths included', async () => {
    const s = await setup();
    await expect(WsProbe.open(s.url('/bonds'))).rejects.toThrow(/404/);
    await expect(WsProbe.open(s.url('/stock/quotes'))).rejects.toThrow(/404/);
    // Every class has its endpoint; a trailing slash is the same path.
    for (const path of ['/stock', '/crypto', '/forex', '/indices', '/future', '/fund', '/fund/']) {
      const probe = await s.open(path);
      expect(await probe.next()).toEqual(CONNECTED);
    }
  });
});

describe('stream subscriptions', () => {
  it.each([
    ['not JSON', 'hello', {}],
    ['a JSON array', '[]', {}],
    ['an unknown action', '{"ac":"history"}', { resAc: 'history' }],
    [
      'a missing region',
      '{"ac":"subscribe","params":"AAPL","types":"quote"}',
      { resAc: 'subscribe' },
    ],
    [
      'an unknown type',
      '{"ac":"subscribe","params":"AAPL$US","types":"kline@1"}',
      { resAc: 'subscribe' },
    ],
    ['no types', '{"ac":"subscribe","params":"AAPL$US"}', { resAc: 'subscribe' }],
  ])('%s: "cannot be resolved action", and the connection stays', async (_n, text, extra) => {
    const s = await setup();
    const probe = await s.connect('/stock');
    probe.send(text);
    expect(await probe.next()).toEqual({ code: 0, ...extra, msg: 'cannot be resolved action' });
    await subscribed(probe, 'AAPL$US');
  });

  it('a binary frame is "cannot be resolved action"', async () => {
    const s = await setup();
    const probe = await s.connect('/stock');
    probe.sendBinary(new Uint8Array([1, 2, 3]));
    expect(await probe.next()).toEqual({ code: 0, msg: 'cannot be resolved action' });
  });

  it('past the stream limit: "exceeding the maximum subscription limit", nothing of that request added', async () => {
    const s = await setup({ streamLimit: 3 });
    const probe = await s.connect('/stock');
    probe.send(subscribe('AAPL$US,MSFT$US,NVDA$US,AMZN$US'));
    expect(await probe.next()).toEqual(OVER_LIMIT);
    await subscribed(probe, 'AAPL$US,MSFT$US');
    // Symbols already held do not count again; new types on them cost nothing.
    await subscribed(probe, 'AAPL$US,msft$US,NVDA$US', 'quote,depth');
    probe.send(subscribe('AMZN$US'));
    expect(await probe.next()).toEqual(OVER_LIMIT);
    expect(s.sim.streamStats().channels.stock).toBe(3);
  });

  it.each([
    ['free', 3],
    ['base', 200],
  ] as const)('the %s plan allows %i symbols per connection', async (plan, limit) => {
    const s = await setup({ plan: planOf(plan) });
    const codes = CATALOG.filter((e) => e.class === 'stock').map((e) => `${e.code}$${e.region}`);
    const probe = await s.connect('/stock');
    probe.send(subscribe(codes.slice(0, limit + 1).join(',')));
    expect(await probe.next()).toEqual(OVER_LIMIT);
    await subscribed(probe, codes.slice(0, limit).join(','));
  });

  it('unknown symbols are skipped (as REST answers a null entry) and do not count', async () => {
    const s = await setup({ streamLimit: 1, deniedMarkets: ['stock:JP'] });
    const probe = await s.connect('/stock');
    await subscribed(probe, 'ZZZZ$US,AAPL$XX,7203$JP,AAPL$US');
    const record = await s.nextPush(probe);
    expect(record.s).toBe('AAPL.US');
    expect(s.sim.streamStats().channels.stock).toBe(1);
  });

  it('pushes the REST record fields with the type; s in the CODE.REGION form', async () => {
    const s = await setup();
    const probe = await s.connect('/stock');
    probe.send(subscribe('aapl$US', 'quote,depth'));
    await probe.next();
    const quote = await s.nextPush(probe, (r) => r.type === 'quote');
    expect(Object.keys(quote).sort()).toEqual(
      ['s', 'ld', 'o', 'p', 'h', 'l', 't', 'v', 'tu', 'ts', 'ch', 'chp', 'type'].sort(),
    );
    expect(quote.s).toBe('AAPL.US');
    const depth = await s.nextPush(probe, (r) => r.type === 'depth');
    expect(Object.keys(depth).sort()).toEqual(['a', 'b', 's', 'type']);
    expect((depth.a as unknown[]).length).toBe(10);
  });

  it('ticks on the crypto endpoint; a tick type elsewhere is taken and pushes nothing', async () => {
    const s = await setup();
    const crypto = await s.connect('/crypto');
    crypto.send(subscribe('ETHUSDT$BA', 'tick'));
    await crypto.next();
    const tick = await s.nextPush(crypto);
    expect(Object.keys(tick).sort()).toEqual(['ld', 's', 't', 'ts', 'tu', 'type', 'v']);
    expect(tick).toMatchObject({ s: 'ETHUSDT.BA', type: 'tick' });

    const stock = await s.connect('/stock');
    await subscribed(stock, 'AAPL$US', 'tick');
    for (let i = 0; i < 10; i++) s.clock.runNext();
    expect((await stock.barrier()).filter((f) => pushed(f))).toEqual([]);
  });

  it('a closed market pushes nothing', async () => {
    // 15:00 UTC is after Tokyo's close.
    const s = await setup();
    const probe = await s.connect('/stock');
    probe.send(subscribe('7203$JP', 'quote,depth'));
    await probe.next();
    s.clock.step(60_000);
    expect((await probe.barrier()).filter((f) => pushed(f))).toEqual([]);
  });

  it('pushes a quote on each trade, each newer than the last', async () => {
    const s = await setup();
    const probe = await s.connect('/crypto');
    probe.send(subscribe('BTCUSDT$BA'));
    await probe.next();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await s.nextPush(probe)).t as number);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
  });

  it('unsubscribe stops the pushes of those types', async () => {
    const s = await setup();
    const probe = await s.connect('/crypto');
    probe.send(subscribe('BTCUSDT$BA', 'quote,tick'));
    await probe.next();
    await s.nextPush(probe);
    probe.send({ ac: 'unsubscribe', params: 'BTCUSDT$BA', types: 'tick' });
    expect(await probe.next((f) => typeof f !== 'string' && f.resAc === 'unsubscribe')).toEqual({
      code: 1,
      resAc: 'unsubscribe',
      msg: 'unsubscribe Successfully',
    });
    s.clock.step(5_000);
    const types = (await probe.barrier()).map((f) => pushed(f)?.type);
    expect(types).toContain('quote');
    expect(types).not.toContain('tick');
    probe.send({ ac: 'unsubscribe', params: 'BTCUSDT$BA' });
    await probe.next();
    expect(s.sim.streamStats().channels.crypto).toBe(0);
  });

  it('a second connection with the same token disconnects the first', async () => {
    const s = await setup({ token: 'sekret' });
    const first = await s.connect('/stock', 'sekret');
    const other = await s.connect('/crypto', 'sekret');
    const second = await s.connect('/stock');
    second.send({ ac: 'auth', params: 'sekret' });
    await second.next();
    expect(await first.closed).toEqual({ code: 4002, reason: 'replaced by a newer connection' });
    expect(other.isOpen).toBe(true);
    expect(second.isOpen).toBe(true);
    expect(s.sim.streamStats()).toMatchObject({ connections: 2, replaced: 1 });
  });

  it('a connection that closes gives its symbols up', async () => {
    const s = await setup();
    const probe = await s.connect('/stock');
    probe.send(subscribe('AAPL$US,MSFT$US'));
    await probe.next();
    expect(s.sim.streamStats().channels.stock).toBe(2);
    probe.close();
    await probe.closed;
    await expect.poll(() => s.sim.streamStats().connections).toBe(0);
    expect(s.sim.streamStats().channels.stock).toBe(0);
  });
});
