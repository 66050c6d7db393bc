import { describe, expect, it } from 'vitest';
import { decidePushFate, validateStreamFaults } from './stream-faults';
import { pushed, streamSetup, type StreamSetup } from './testing/stream-setup';
import { WsProbe } from './testing/ws-probe';
import { closeAfterEach } from '../../shared/testing/close-after-each';

const setup = closeAfterEach(streamSetup);

/** A probe on /crypto subscribed to BTCUSDT quotes (a push every simulated second). */
async function subscribed(s: StreamSetup): Promise<WsProbe> {
  const probe = await s.connect('/crypto');
  probe.send({ ac: 'subscribe', params: 'BTCUSDT$BA', types: 'quote' });
  await probe.next();
  return probe;
}

describe('stream fault draws', () => {
  it('are a pure function of seed and push number', () => {
    const faults = { dropRate: 0.2, stallRate: 0.2, malformedRate: 0.3 };
    const a = Array.from({ length: 50 }, (_, i) => decidePushFate(faults, 3, i));
    expect(Array.from({ length: 50 }, (_, i) => decidePushFate(faults, 3, i))).toEqual(a);
    expect(Array.from({ length: 50 }, (_, i) => decidePushFate(faults, 4, i))).not.toEqual(a);
    expect(a.filter((f) => f.drop).length).toBeGreaterThan(3);
    expect(a.filter((f) => f.malform).length).toBeGreaterThan(5);
    expect(decidePushFate({}, 3, 0)).toMatchObject({ drop: false, stall: false, malform: null });
  });

  it('refuse out-of-range settings', () => {
    expect(() => validateStreamFaults({ dropRate: 1.5 })).toThrow(RangeError);
    expect(() => validateStreamFaults({ stallMs: -1 })).toThrow(/stallMs/);
    expect(() => validateStreamFaults({ pongDelayMs: Number.NaN })).toThrow(/pongDelayMs/);
    expect(validateStreamFaults({ down: true, malformedRate: 1 })).toEqual({
      down: true,
      malformedRate: 1,
    });
  });
});

describe('stream faults on a live simulator', () => {
  it('down refuses upgrades (503) and cuts open connections; up again accepts them', async () => {
    const s = await setup();
    const open = await subscribed(s);
    s.sim.setStreamFaults({ down: true });
    expect((await open.closed).code).toBe(1006);
    await expect(WsProbe.open(s.url('/crypto'))).rejects.toThrow(/503/);
    // REST keeps answering while the stream is down.
    expect((await fetch(`${s.sim.url}/crypto/quotes?region=BA&codes=BTCUSDT`)).status).toBe(200);
    expect(s.sim.streamStats()).toMatchObject({ connections: 0, refusedUpgrades: 1 });
    s.sim.setStreamFaults({});
    const again = await subscribed(s);
    expect((await s.nextPush(again)).s).toBe('BTCUSDT.BA');
  });

  it('starts down when told so at start', async () => {
    const s = await setup({ streamFaults: { down: true } });
    await expect(WsProbe.open(s.url('/stock'))).rejects.toThrow(/503/);
    expect(s.sim.streamFaults()).toEqual({ down: true });
  });

  it('a drop cuts the connection without a close frame', async () => {
    const s = await setup();
    const probe = await subscribed(s);
    s.sim.setStreamFaults({ dropRate: 1 });
    s.clock.step(2_000);
    expect((await probe.closed).code).toBe(1006);
    expect(probe.frames.filter((f) => pushed(f))).toEqual([]);
  });

  it('malformed frames reach the client and the connection stays', async () => {
    const s = await setup({ streamFaults: { malformedRate: 1 } });
    const probe = await subscribed(s);
    s.clock.step(5_000);
    const frames = await probe.barrier();
    expect(frames.length).toBeGreaterThanOrEqual(4);
    for (const frame of frames) {
      const record = pushed(frame);
      // Each is either not JSON at all, or a push whose record lost or garbled a field.
      if (record === null) continue;
      const wellFormed =
        typeof record.s === 'string' &&
        ['ld', 'o', 'h', 'l', 't', 'v', 'tu', 'ts'].every((k) => typeof record[k] === 'number') &&
        record.type === 'quote';
      expect(wellFormed, JSON.stringify(frame)).toBe(false);
    }
    expect(probe.isOpen).toBe(true);
  });

  it('a stall silences the connection, pongs included, for stallMs; then it speaks again', async () => {
    const s = await setup({ streamFaults: { stallRate: 1, stallMs: 30_000 } });
    const probe = await subscribed(s);
    s.clock.step(1_500); // the first push starts the stall
    s.sim.setStreamFaults({ stallMs: 30_000 });
    const received = () => s.sim.streamStats().received;
    probe.send({ ac: 'ping', params: 'during' });
    await expect.poll(received).toBe(2);
    s.clock.step(28_000);
    probe.send({ ac: 'ping', params: 'still' });
    await expect.poll(received).toBe(3);
    s.clock.step(2_000); // the stall is over
    const after = await probe.barrier();
    expect(after.filter((f) => typeof f !== 'string' && f.resAc === 'pong')).toEqual([]);
    expect(after.filter((f) => pushed(f))).toEqual([]);
    expect(probe.isOpen).toBe(true);
    expect((await s.nextPush(probe)).s).toBe('BTCUSDT.BA');
  });

  it('late pongs come pongDelayMs after the ping', async () => {
    const s = await setup({ streamFaults: { pongDelayMs: 12_000 } });
    const probe = await s.connect('/stock');
    probe.send({ ac: 'ping', params: 'p1' });
    probe.send({ ac: 'subscribe', params: 'AAPL$US', types: 'quote' });
    expect(await probe.next()).toMatchObject({ resAc: 'subscribe' });
    s.clock.step(11_999);
    s.sim.setStreamFaults({});
    // With the delay healed, the barrier's own pong is immediate and the late one not sent yet.
    expect((await probe.barrier()).filter((f) => pushed(f) === null)).toEqual([]);
    s.clock.step(1);
    expect(await probe.next((f) => typeof f !== 'string' && f.resAc === 'pong')).toEqual({
      resAc: 'pong',
      data: { params: 'p1' },
    });
  });
});
