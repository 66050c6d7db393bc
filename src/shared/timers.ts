/**
 * Timers as a dependency, so everything that waits (the feed hub's clocks, the health
 * service's probes, the stream client's heartbeat, the simulator's stream pump) can be
 * driven by a manual clock in tests; one manual clock can drive both ends of a stream.
 */
import { toDisposable, type Disposable } from './emitter';

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

/** Runs `fn` once, `ms` from now, on `timers`; disposing first cancels it. */
export function timeout(timers: Timers, fn: () => void, ms: number): Disposable {
  const handle = timers.setTimeout(fn, ms);
  return toDisposable(() => timers.clearTimeout(handle));
}

/**
 * Runs `fn` every `ms` on `timers` until disposed (each run waits for the one before,
 * so a slow run never piles up behind it).
 */
export function repeat(timers: Timers, fn: () => void, ms: number): Disposable {
  let handle: TimerHandle;
  const tick = () => {
    handle = timers.setTimeout(tick, ms);
    fn();
  };
  handle = timers.setTimeout(tick, ms);
  return toDisposable(() => timers.clearTimeout(handle));
}
