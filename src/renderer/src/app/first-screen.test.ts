import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../../shared/bridge';
import { FakeBridge } from '../base/testing/fake-bridge';
import { activeRoot } from '../workspace/workspace-layouts';
import { defaultWorkspace } from '../workspace/default-workspace';
import { split, tabs } from '../workspace/layout-tree';
import type { PaneConfig } from '../workspace/pane-contract';
import { firstDataPainted, rememberKinds, rememberedKinds, shownKinds } from './first-screen';

const pane = (id: string, kind: PaneConfig['kind']) => ({ id, kind }) as PaneConfig;

/** A Storage over a Map, enough for these functions. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
}

describe('first screen', () => {
  it('names the kinds of the active tabs only, once each', () => {
    const root = split(
      's',
      'row',
      0.5,
      tabs('a', [pane('q', 'quotes'), pane('c', 'chart')], 'q'),
      split('t', 'column', 0.5, tabs('b', [pane('n', 'news')]), tabs('c', [pane('q2', 'quotes')])),
    );
    expect(shownKinds(root)).toEqual(['quotes', 'news']);
  });

  it("takes the default workspace's first screen", () => {
    expect(shownKinds(activeRoot(defaultWorkspace())).sort()).toEqual(
      ['chart', 'depth', 'news', 'quotes'].sort(),
    );
  });

  it('remembers the kinds, and reads back only kinds it knows', () => {
    const storage = memoryStorage();
    expect(rememberedKinds(storage)).toBeNull();
    rememberKinds(['quotes', 'chart'], storage);
    expect(rememberedKinds(storage)).toEqual(['quotes', 'chart']);
    storage.setItem('marketdesk.firstScreen', '["quotes","nonsense",3]');
    expect(rememberedKinds(storage)).toEqual(['quotes']);
    storage.setItem('marketdesk.firstScreen', '{broken');
    expect(rememberedKinds(storage)).toBeNull();
    expect(rememberedKinds(null)).toBeNull();
  });
});

/** A bridge whose events the test fires (their payloads do not matter here). */
function eventBridge() {
  const bridge = new FakeBridge();
  return {
    bridge,
    fire: (event: EventName) => bridge.emit(event, {} as never),
    count: () => bridge.listenerCount(),
  };
}

describe('firstDataPainted', () => {
  const win = {
    requestAnimationFrame: (fn: FrameRequestCallback) => setTimeout(() => fn(0), 16),
    setTimeout: (fn: () => void, ms?: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  } as unknown as Window;
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** The promise of `firstDataPainted` over a fresh bridge, and whether it has settled. */
  function painted(waitMs: number, maxMs?: number) {
    const { bridge, fire, count } = eventBridge();
    const seen = { settled: false };
    void firstDataPainted(bridge, win, waitMs, maxMs).then(() => (seen.settled = true));
    return { fire, count, seen };
  }

  it('settles the frame after the first live data, and stops listening', async () => {
    const { fire, count, seen } = painted(1_000);
    fire('candles');
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.settled).toBe(false);
    fire('quotes');
    await vi.advanceTimersByTimeAsync(20);
    expect(seen.settled).toBe(true);
    expect(count()).toBe(0);
  });

  it('settles the wait after the services first speak when no data comes', async () => {
    const { fire, count, seen } = painted(1_000, 5_000);
    // The workspace came early; the services have said nothing yet: no wait counts.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen.settled).toBe(false);
    fire('subscriptionStatus');
    await vi.advanceTimersByTimeAsync(500);
    // A second word does not restart the wait.
    fire('status');
    await vi.advanceTimersByTimeAsync(499);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.settled).toBe(true);
    expect(count()).toBe(0);
  });

  it('settles at the outer bound when the services never speak', async () => {
    const { count, seen } = painted(1_000, 5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.settled).toBe(true);
    expect(count()).toBe(0);
  });
});
