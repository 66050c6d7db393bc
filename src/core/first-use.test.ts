import { describe, expect, it } from 'vitest';
import { FIRST_USE_STEPS, warmFirstUse, type FirstUseStep } from './first-use';

const step = (name: string, ran: string[], run?: () => void): FirstUseStep => ({
  name,
  run: run ?? (() => void ran.push(name)),
});

describe('warmFirstUse', () => {
  it('runs each step once, in order, a turn of the event loop apart', async () => {
    const ran: string[] = [];
    const warming = warmFirstUse([step('a', ran), step('b', ran)]);
    // Nothing in the caller's own turn.
    expect(ran).toEqual([]);
    await warming;
    expect(ran).toEqual(['a', 'b']);
  });

  it('leaves the rest to the first use once the process is no longer idle', async () => {
    const ran: string[] = [];
    let idle = true;
    await warmFirstUse(
      [step('a', ran, () => (ran.push('a'), (idle = false))), step('b', ran)],
      () => idle,
    );
    expect(ran).toEqual(['a']);
  });

  it('never rejects: a step that fails leaves its cost to the first use, the next still runs', async () => {
    const ran: string[] = [];
    const failing = step('bad', ran, () => {
      throw new Error('no ICU');
    });
    await expect(warmFirstUse([failing, step('b', ran)])).resolves.toBeUndefined();
    expect(ran).toEqual(['b']);
  });

  it('the runtime’s own steps run in this Node', async () => {
    for (const s of FIRST_USE_STEPS) expect(() => s.run()).not.toThrow();
    expect(typeof Reflect.get(globalThis, 'Headers')).toBe('function');
  });
});
