/**
 * The hub's status as the composition root sees it (lastUpdate, budget, lastError),
 * and its listeners. Changes of budget or error are told at once; a newer lastUpdate
 * alone at most every `minGapMs`, so a status bar is not repainted on every quote. The
 * health of the data is not here: it is the health service's.
 */
import { Emitter, type Event } from '../../shared/emitter';
import type { BudgetStatus, UnixMs } from '../../shared/model';
import type { FeedStatus } from './types';

export class StatusBoard {
  lastUpdate: UnixMs | null = null;
  budget: BudgetStatus;
  /** The cache could not be written (cleared by the next write that works). */
  storeError: string | null = null;
  readonly #changed: Emitter<FeedStatus>;
  /** Told of each status worth telling (see `tell`). */
  readonly onChange: Event<FeedStatus>;
  #lastTold: UnixMs = -Infinity;
  #told: string | null = null;
  #lastUpdateTold: UnixMs | null = null;

  constructor(
    budget: BudgetStatus,
    private readonly now: () => UnixMs,
    private readonly minGapMs: number,
    onListenerError: (error: unknown) => void,
  ) {
    this.budget = budget;
    this.#changed = new Emitter({ onListenerError });
    this.onChange = this.#changed.event;
  }

  snapshot(): FeedStatus {
    return {
      lastUpdate: this.lastUpdate,
      budget: { ...this.budget },
      lastError: this.storeError,
    };
  }

  /** Tells the listeners when something other than lastUpdate changed, or lastUpdate after the gap. */
  tell(): void {
    if (!this.#changed.hasListeners) return;
    const status = this.snapshot();
    const { lastUpdate, ...rest } = status;
    const key = JSON.stringify(rest);
    const now = this.now();
    if (key === this.#told) {
      if (lastUpdate === this.#lastUpdateTold || now - this.#lastTold < this.minGapMs) return;
    }
    this.#told = key;
    this.#lastTold = now;
    this.#lastUpdateTold = lastUpdate;
    this.#changed.fire(status);
  }

  /** Forgets the listeners; later changes reach no one. */
  clear(): void {
    this.#changed.dispose();
  }
}
