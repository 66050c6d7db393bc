import { describe, expect, it } from 'vitest';
import type { AppStatus, HealthState } from '../../../../shared/model';
import { Emitter } from '../../../../shared/emitter';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { RetryWhenBack, reconnectsOf, type ConnectionSource } from './retry-when-back';

/** A status event with only the field the helper reads set meaningfully. */
const statusWith = (state: HealthState): AppStatus =>
  ({
    mode: 'live',
    health: { state, since: 0, lastSuccessAt: null, resumesAt: null, lastError: null },
  }) as AppStatus;

/** A hand-driven reconnect signal. */
function signal() {
  const emitter = new Emitter<void>();
  return {
    reconnects: (l: () => void) => {
      const subscription = emitter.event(l);
      return () => subscription.dispose();
    },
    fire: () => emitter.fire(),
    count: () => emitter.listenerCount,
  };
}

/** A RetryWhenBack over a fake bridge and a hand-driven reconnect signal, counting retries. */
function rig() {
  const bridge = new FakeBridge();
  const s = signal();
  let count = 0;
  const r = new RetryWhenBack(bridge, s.reconnects, () => count++);
  return {
    bridge,
    s,
    r,
    retries: () => count,
    status: (state: HealthState) => bridge.emit('status', statusWith(state)),
  };
}

describe('RetryWhenBack', () => {
  it('retries once per failure when the bridge reconnects', () => {
    const { s, r, retries } = rig();
    s.fire();
    expect(retries()).toBe(0); // nothing failed
    r.failed();
    expect(r.pending).toBe(true);
    s.fire();
    s.fire();
    expect(retries()).toBe(1);
    expect(r.pending).toBe(false);
  });

  it('retries when a status event says the service answers again, not on every status', () => {
    const { r, retries, status } = rig();
    r.failed();
    status('live');
    status('live');
    status('degraded');
    status('live');
    expect(retries()).toBe(0); // answering all along: no sign of a comeback
    status('offline');
    expect(retries()).toBe(0);
    status('live');
    expect(retries()).toBe(1);
  });

  it('retries when an offline service comes back degraded: its own failure is what keeps it so', () => {
    const { r, retries, status } = rig();
    status('offline');
    r.failed();
    status('degraded');
    expect(retries()).toBe(1);
  });

  it('retries when the service answers after a refused token, a rate limit or connecting', () => {
    for (const before of ['token-rejected', 'rate-limited', 'connecting'] as const) {
      const { r, retries, status } = rig();
      status(before);
      r.failed();
      status('rate-limited');
      expect(retries(), `${before} → rate-limited`).toBe(0);
      status('live');
      expect(retries(), before).toBe(1);
    }
  });

  it('forgets a failure that was cleared, and stops listening on dispose', () => {
    const { bridge, s, r, retries } = rig();
    r.failed();
    r.clear();
    s.fire();
    expect(retries()).toBe(0);
    r.failed();
    r.dispose();
    s.fire();
    expect(retries()).toBe(0);
    expect(s.count()).toBe(0);
    expect(bridge.listenerCount()).toBe(0);
  });
});

describe('reconnectsOf', () => {
  it('fires when the connection opens after being closed, not while it stays open', () => {
    let state: ConnectionSource['state'] = 'open';
    const changes = new Emitter<ConnectionSource['state']>();
    const source: ConnectionSource = {
      get state() {
        return state;
      },
      onConnection: (l) => {
        const subscription = changes.event(l);
        return () => subscription.dispose();
      },
    };
    const set = (next: ConnectionSource['state']) => {
      state = next;
      changes.fire(next);
    };
    let fired = 0;
    const off = reconnectsOf(source)(() => fired++);
    set('open');
    expect(fired).toBe(0);
    set('closed');
    set('connecting');
    expect(fired).toBe(0);
    set('open');
    expect(fired).toBe(1);
    off();
    set('closed');
    set('open');
    expect(fired).toBe(1);
  });
});
