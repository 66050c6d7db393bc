/**
 * Timers as a dependency, so everything that waits (the feed hub's clocks, the health
 * service's probes, the stream client's heartbeat, the simulator's stream pump) can be
 * driven by a manual clock in tests; one manual clock can drive both ends of a stream.
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
