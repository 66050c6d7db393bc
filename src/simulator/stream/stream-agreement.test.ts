/**
 * The stream and REST are one market: a record pushed at an instant is what REST
 * answers at that instant (apart from `s`, which names the symbol in the stream's
 * form, and the push's `type`).
 */
import { describe, expect, it } from 'vitest';
import { call, ok } from '../test-helpers';
import { streamSetup, type StreamSetup } from './testing/stream-setup';
import { closeAfterEach } from '../../shared/testing/close-after-each';

const setup = closeAfterEach(streamSetup);

/** A pushed record without its stream-only parts. */
function restShaped(record: Record<string, unknown>, code: string): Record<string, unknown> {
  const { type: _type, ...rest } = record;
  return { ...rest, s: code };
}

async function restRecord(s: StreamSetup, path: string, code: string): Promise<unknown> {
  const data = ok(await call(s.sim.url, path)) as Record<string, unknown>;
  return data[code];
}

describe('stream and REST agree at the same simulated moment', () => {
  it.each([
    ['stock', '/stock', 'AAPL', 'US', '/stock/quotes', '/stock/depths'],
    ['crypto', '/crypto', 'BTCUSDT', 'BA', '/crypto/quotes', '/crypto/depths'],
    ['fund', '/fund', 'SPY', 'US', '/fund/quotes', '/fund/depths'],
    ['future', '/future', 'ES', 'US', '/future/quotes', '/future/depths'],
    ['indices', '/indices', 'SPX', 'GB', '/indices/quotes', '/indices/depths'],
  ])('%s: quotes and depth', async (_cls, endpoint, code, region, quotes, depths) => {
    const s = await setup({ seed: 4 });
    const probe = await s.connect(endpoint);
    probe.send({ ac: 'subscribe', params: `${code}$${region}`, types: 'quote,depth' });
    await probe.next();
    for (let i = 0; i < 3; i++) {
      const quote = await s.nextPush(probe, (r) => r.type === 'quote');
      expect(restShaped(quote, code)).toEqual(
        await restRecord(s, `${quotes}?region=${region}&codes=${code}`, code),
      );
      const depth = await s.nextPush(probe, (r) => r.type === 'depth');
      expect(restShaped(depth, code)).toEqual(
        await restRecord(s, `${depths}?region=${region}&codes=${code}`, code),
      );
    }
  });

  it('crypto ticks', async () => {
    const s = await setup({ seed: 9 });
    const probe = await s.connect('/crypto');
    probe.send({ ac: 'subscribe', params: 'ETHUSDT$BT,SOLUSDT$BA', types: 'tick' });
    await probe.next();
    for (let i = 0; i < 4; i++) {
      const tick = await s.nextPush(probe);
      const [code, region] = (tick.s as string).split('.') as [string, string];
      expect(restShaped(tick, code)).toEqual(
        await restRecord(s, `/crypto/ticks?region=${region}&codes=${code}`, code),
      );
    }
  });

  it('two simulators of one seed push the same records at the same instants', async () => {
    const run = async () => {
      const s = await setup({ seed: 12 });
      const probe = await s.connect('/stock');
      probe.send({ ac: 'subscribe', params: 'AAPL$US,BP$GB,SAP$DE', types: 'quote' });
      await probe.next();
      const seen: unknown[] = [];
      for (let i = 0; i < 6; i++) seen.push([s.clock.now(), await s.nextPush(probe)]);
      return seen;
    };
    expect(await run()).toEqual(await run());
  });
});
