import { describe, expect, it, vi } from 'vitest';
import { COMMAND_SCHEMAS } from '../core/bridge';
import type { Services } from '../core/services';
import { SAMPLE_ARGS, warmUp } from './warm-up';

/** Just the part of Services warmUp touches. */
function fakeServices(mode: 'demo' | 'live', quotes = vi.fn(async () => ({ ok: true }))) {
  return { services: { link: { mode, client: { quotes } } } as unknown as Services, quotes };
}

describe('warmUp', () => {
  it('warms with arguments the schemas accept (the paths real requests take)', () => {
    for (const [name, samples] of Object.entries(SAMPLE_ARGS)) {
      const schema = COMMAND_SCHEMAS[name as keyof typeof COMMAND_SCHEMAS];
      for (const sample of samples ?? []) {
        expect(schema.safeParse(sample).success, `${name} ${JSON.stringify(sample)}`).toBe(true);
      }
    }
  });

  it('covers every kind of subscription', () => {
    const kinds = (SAMPLE_ARGS.subscribe ?? []).map(
      (a) => (a as { spec: { kind: string } }).spec.kind,
    );
    expect(kinds.sort()).toEqual(['candles', 'depth', 'news', 'quotes', 'ticks']);
  });

  it('asks the demo simulator once', async () => {
    const { services, quotes } = fakeServices('demo');
    await warmUp(services);
    expect(quotes).toHaveBeenCalledTimes(1);
  });

  it('never spends a request of the live service', async () => {
    const { services, quotes } = fakeServices('live');
    await warmUp(services);
    expect(quotes).not.toHaveBeenCalled();
  });

  it('resolves when the request fails', async () => {
    const { services } = fakeServices(
      'demo',
      vi.fn(async () => {
        throw new Error('refused');
      }),
    );
    await expect(warmUp(services)).resolves.toBeUndefined();
  });
});
