/**
 * Timers as a dependency of the simulator's stream (its pump, late pongs), so tests
 * drive its time with the same clock as its `now` instead of waiting on the wall
 * clock. Structurally the core's `Timers`: one manual clock can drive both sides.
 */

/** `setTimeout` / `clearTimeout`. */
export interface SimulatorTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers. */
export const globalTimers: SimulatorTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
