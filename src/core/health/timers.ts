/**
 * Timers as a dependency, so every service that waits (the feed hub's clocks, the
 * health service's probes and wake-ups) can be driven by `ManualTimers` in tests.
 */

/** A timer handle as returned by `Timers.setTimeout`. */
export type TimerHandle = unknown;

/** `setTimeout` / `clearTimeout`; the default wraps the global ones, tests advance their own. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The global timers (not unref'd: a command line watching quotes must stay alive). */
export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The global timers, unref'd: a probe or a wake-up of the health service is never a
 * reason for a process to stay alive (whoever polls keeps it alive on their own).
 */
export const backgroundTimers: Timers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
