import { describe, expect, it } from 'vitest';
import { BridgeCallError, createBridgeClient, type BridgeEventMessage } from './bridge';

/** A transport whose events the test pushes and whose commands answer as told. */
function transport() {
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  return {
    push: (message: BridgeEventMessage) => listeners.forEach((l) => l(message)),
    transport: {
      request: async (name: string) =>
        name === 'getStatus'
          ? { ok: false as const, error: { code: 'internal' as const, message: 'down' } }
          : { ok: true as const, value: 'answered' },
      listen: (listener: (message: BridgeEventMessage) => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
  };
}

describe('createBridgeClient', () => {
  it('hands each listener its event until its Disposable is given up', () => {
    const t = transport();
    const bridge = createBridgeClient(t.transport);
    const heard: string[] = [];
    const quotes = bridge.on('quotes', (p) => heard.push(`quotes ${p.subscriptionId}`));
    bridge.on('alerts', () => heard.push('alerts'));
    t.push({ event: 'quotes', payload: { subscriptionId: 's1', quotes: {} } });
    quotes.dispose();
    quotes.dispose();
    t.push({ event: 'quotes', payload: { subscriptionId: 's2', quotes: {} } });
    t.push({ event: 'alerts', payload: { alerts: [] } });
    expect(heard).toEqual(['quotes s1', 'alerts']);
  });

  it('answers a command, and throws a refusal as BridgeCallError', async () => {
    const bridge = createBridgeClient(transport().transport);
    await expect(bridge.invoke('listAlerts', {})).resolves.toBe('answered');
    await expect(bridge.invoke('getStatus', {})).rejects.toEqual(
      new BridgeCallError('internal', 'down'),
    );
  });
});
