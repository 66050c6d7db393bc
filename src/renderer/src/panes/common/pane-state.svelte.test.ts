import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { follow, paneState } from './pane-state.svelte';

interface Symbol {
  code: string;
  note: string;
}

describe('follow', () => {
  it('applies the input now and again only when its key changes, as a plain copy', () => {
    let symbol = $state<Symbol>({ code: 'AAPL', note: 'first' });
    const applied: Symbol[] = [];
    const stop = $effect.root(() => {
      follow(
        () => symbol,
        (s) => s.code,
        (s) => applied.push(s),
      );
    });
    flushSync();
    expect(applied).toEqual([{ code: 'AAPL', note: 'first' }]);

    symbol = { code: 'AAPL', note: 'same instrument, new object' };
    flushSync();
    expect(applied).toHaveLength(1);

    symbol.code = 'MSFT';
    flushSync();
    expect(applied).toEqual([
      { code: 'AAPL', note: 'first' },
      { code: 'MSFT', note: 'same instrument, new object' },
    ]);
    // A copy: changing the props later does not reach into what was applied.
    symbol.note = 'changed';
    expect(applied[1]!.note).toBe('same instrument, new object');
    stop();
  });

  it('does not run again for what the state class reads while applying', () => {
    let code = $state('AAPL');
    const loaded = $state({ count: 0 });
    const stop = $effect.root(() => {
      follow(
        () => code,
        (c) => c,
        () => (loaded.count = loaded.count + 1),
      );
    });
    flushSync();
    flushSync();
    expect(loaded.count).toBe(1);
    code = 'MSFT';
    flushSync();
    expect(loaded.count).toBe(2);
    stop();
  });
});

describe('paneState', () => {
  it('builds the state once and disposes of it with the pane', () => {
    let disposed = 0;
    let built = 0;
    const stop = $effect.root(() => {
      paneState(() => ({ id: ++built, dispose: () => disposed++ }));
    });
    flushSync();
    expect([built, disposed]).toEqual([1, 0]);
    stop();
    expect(disposed).toBe(1);
  });
});
