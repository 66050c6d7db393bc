/** The shared `Timers` (src/shared/timers.ts), and the unref'd ones the health service uses. */
import type { Timers } from '../../shared/timers';

export { systemTimers, type TimerHandle, type Timers } from '../../shared/timers';

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
