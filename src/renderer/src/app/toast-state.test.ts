import { describe, expect, it } from 'vitest';
import { ACTION_TOAST_MS, TOAST_MS, ToastState } from './toast-state.svelte';

/** Timers that fire only when told. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => (pending.set(next, { fn, ms }), next++),
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const t of due) t.fn();
    },
  };
}

describe('ToastState', () => {
  it('leaves by itself, later when it has an action', () => {
    const timers = manualTimers();
    const toasts = new ToastState(timers);
    toasts.show({ text: 'Nothing to undo' });
    expect([...timers.pending.values()][0]?.ms).toBe(TOAST_MS);
    toasts.show({ text: 'Chart closed', action: { label: 'Undo', run: () => {} } });
    expect(timers.pending.size).toBe(1);
    expect([...timers.pending.values()][0]?.ms).toBe(ACTION_TOAST_MS);
    timers.fire();
    expect(toasts.current).toBeNull();
  });

  it('stays while held, and runs its action once', () => {
    const timers = manualTimers();
    const toasts = new ToastState(timers);
    let runs = 0;
    toasts.show({ text: 'Chart closed', action: { label: 'Undo', run: () => runs++ } });
    toasts.hold();
    expect(timers.pending.size).toBe(0);
    toasts.resume();
    expect(timers.pending.size).toBe(1);
    toasts.act();
    toasts.act();
    expect(runs).toBe(1);
    expect(toasts.current).toBeNull();
    expect(timers.pending.size).toBe(0);
  });
});
