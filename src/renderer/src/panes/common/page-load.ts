/**
 * A pane's one-time load, guarded by generation: the chart's newest candles, the news
 * feed's newest page, the company card's info. `show(target)` starts over for a new
 * target (or none), and every answer for an earlier one is dropped however late it
 * comes. A load that failed, or whose answer is worth another try, is loaded again
 * when the bridge or the service comes back (`RetryWhenBack`) or on `retry()`. Further
 * requests for the same target (older pages) go through `more`, guarded the same way.
 * Plain TypeScript: the pane's state class is the `LoadView` it writes to.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { errorMessage } from '../../../../shared/errors';
import { RetryWhenBack, type ReconnectSignal } from './retry-when-back';

/** What a load shows besides its answer. */
export interface LoadView {
  loading: boolean;
  error: string | null;
}

/** The pane's part of a load. */
export interface LoadSteps<T> {
  /** Clears what the previous target showed; runs on every `show`, also for none. */
  reset(target: T | null): void;
  /**
   * Loads `target` and shows the answer if it is still `current()` (ask after each
   * await). Resolves true when the answer is worth another try once the service is
   * back (an empty page with an error, a cached copy). A throw becomes the view's
   * error, retried the same way.
   */
  load(target: T, current: () => boolean): Promise<boolean>;
}

/** A further request for the shown target (an older page). */
export interface MoreStep<A> {
  /** Marks the request running (true) and done (false). */
  busy(running: boolean): void;
  request(): Promise<A>;
  apply(answer: A): void;
  /** After the failure is shown as the view's error. */
  failed?(): void;
}

export class PageLoad<T> {
  #generation = 0;
  #target: T | null = null;
  #retry: RetryWhenBack;
  /** The running further request's `busy`: a new target ends it (its answer is dropped). */
  #busy: MoreStep<unknown>['busy'] | null = null;

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(
    bridge: MarketdeskBridge,
    reconnects: ReconnectSignal | undefined,
    private readonly view: LoadView,
    private readonly steps: LoadSteps<T>,
  ) {
    this.#retry = new RetryWhenBack(bridge, reconnects, () => void this.retry());
  }

  /** What is shown (null: nothing). */
  get target(): T | null {
    return this.#target;
  }

  /** Shows `target` (null: nothing): clears the old one, then loads the new one. */
  async show(target: T | null): Promise<void> {
    this.#generation++;
    const current = this.#current();
    this.#target = target;
    this.#retry.clear();
    this.#release();
    this.view.error = null;
    this.steps.reset(target);
    this.view.loading = target !== null;
    if (target === null) return;
    try {
      const retry = await this.steps.load(target, current);
      if (retry && current()) this.#retry.failed();
    } catch (error) {
      if (current()) {
        this.view.error = errorMessage(error);
        this.#retry.failed();
      }
    } finally {
      if (current()) this.view.loading = false;
    }
  }

  /**
   * Loads the target again (the "Retry" button, or the first sign the bridge or the
   * service is back after a failure). Not while a load runs, nor without a target.
   */
  async retry(): Promise<void> {
    if (this.#target === null || this.view.loading) return;
    await this.show(this.#target);
  }

  /** What the target needs besides its load (its subscription) failed: retry when back. */
  failed(current: () => boolean): void {
    if (current()) this.#retry.failed();
  }

  /** A further request for the shown target: its answer and failure count while it stays. */
  async more<A>(step: MoreStep<A>): Promise<void> {
    const current = this.#current();
    this.#busy = step.busy;
    step.busy(true);
    try {
      const answer = await step.request();
      if (current()) step.apply(answer);
    } catch (error) {
      if (current()) {
        this.view.error = errorMessage(error);
        step.failed?.();
      }
    } finally {
      if (current()) this.#release();
    }
  }

  dispose(): void {
    this.#generation++;
    this.#retry.dispose();
  }

  #release(): void {
    this.#busy?.(false);
    this.#busy = null;
  }

  /** True while the target shown at the time of the call stays shown. */
  #current(): () => boolean {
    const generation = this.#generation;
    return () => generation === this.#generation;
  }
}
