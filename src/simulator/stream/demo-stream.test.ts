import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../market/catalog';
import { DEMO_TOKEN, demoSimulatorOptions } from '../demo';
import { streamSetup, type StreamSetup } from './testing/stream-setup';

let setup: StreamSetup | undefined;
afterEach(async () => {
  await setup?.close();
});

describe('the demo simulator streams', () => {
  it('takes the demo token and every stock of the catalog on one connection, and pushes', async () => {
    // streamSetup's step clock replaces the demo's `now`, so the test drives time.
    setup = await streamSetup(demoSimulatorOptions(Date.now));
    const s = setup;
    const probe = await s.open('/stock', DEMO_TOKEN);
    expect(await probe.next()).toEqual({ code: 1, msg: 'Connected Successfully' });
    expect(await probe.next()).toEqual({ code: 1, resAc: 'auth', msg: 'authenticated' });
    const stocks = CATALOG.filter((e) => e.class === 'stock').map((e) => `${e.code}$${e.region}`);
    expect(stocks.length).toBeGreaterThan(300);
    probe.send({ ac: 'subscribe', params: stocks.join(','), types: 'quote' });
    expect(await probe.next()).toMatchObject({ msg: 'subscribe Successfully' });
    expect((await s.nextPush(probe)).type).toBe('quote');
  });
});
