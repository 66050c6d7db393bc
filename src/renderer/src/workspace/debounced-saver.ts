/**
 * Debounces workspace saves: a burst of changes (dragging a splitter, typing a
 * watchlist) becomes one `saveWorkspace` call with the latest value. Saves never
 * overlap: a change made during a save is written after it.
 */

import { systemTimers, type TimerHandle, type Timers } from '../../../shared/timers';

export class DebouncedSaver<T> {
  #pending: { value: T } | null = null;
  #timer: TimerHandle | null = null;
  #saving: Promise<void> | null = null;

  constructor(
    private readonly save: (value: T) => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void,
    /** Injected so tests can drive time. */
    private readonly timers: Timers = systemTimers,
  ) {}

  /** Saves `value` once no newer value arrived for the delay. */
  schedule(value: T): void {
    this.#pending = { value };
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer);
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, this.delayMs);
  }

  /** True while a value waits to be saved. */
  get dirty(): boolean {
    return this.#pending !== null;
  }

  /** Saves the pending value now (after any save under way). */
  async flush(): Promise<void> {
    if (this.#timer !== null) {
      this.timers.clearTimeout(this.#timer);
      this.#timer = null;
    }
    while (this.#saving) await this.#saving;
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    this.#saving = this.save(pending.value)
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.#saving = null;
      });
    await this.#saving;
  }
}
