/**
 * Listeners, the one way (after VS Code's `Emitter` and `DisposableStore`): a service
 * owns an `Emitter<T>`, exposes its `event`, and fires; a listener gets a `Disposable`
 * back and gives it up when done, usually through a `DisposableStore`. A listener that
 * throws is reported and never keeps the others from hearing the value.
 */

/** Something to give up: a listener, a timer, a subscription. Safe to dispose twice. */
export interface Disposable {
  dispose(): void;
}

/** Subscribes a listener; the result removes it. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/** Where a throwing listener's error goes; the default writes it to the console. */
export type ListenerErrorHandler = (error: unknown) => void;

const reportToConsole: ListenerErrorHandler = (error) =>
  console.error('marketdesk: a listener threw', error);

/** A disposable that runs `fn` once, the first time it is disposed. */
export function toDisposable(fn: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** A typed listener set. */
export class Emitter<T> {
  readonly #listeners = new Set<(value: T) => void>();
  readonly #onListenerError: ListenerErrorHandler;
  #disposed = false;

  constructor(options: { onListenerError?: ListenerErrorHandler } = {}) {
    this.#onListenerError = options.onListenerError ?? reportToConsole;
  }

  /** Subscribes; after `dispose()` of the emitter, subscribing does nothing. */
  readonly event: Event<T> = (listener) => {
    if (this.#disposed) return toDisposable(() => undefined);
    // A wrapper, so the same function subscribed twice is two subscriptions.
    const entry = (value: T) => listener(value);
    this.#listeners.add(entry);
    return toDisposable(() => this.#listeners.delete(entry));
  };

  /** Tells every listener subscribed now, in subscription order. */
  fire(value: T): void {
    for (const listener of [...this.#listeners]) {
      if (!this.#listeners.has(listener)) continue; // removed by an earlier listener
      try {
        listener(value);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  get hasListeners(): boolean {
    return this.#listeners.size > 0;
  }

  /** How many listeners are subscribed (a test's check that all were given up). */
  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Drops every listener; later `fire` calls reach no one. */
  dispose(): void {
    this.#disposed = true;
    this.#listeners.clear();
  }
}

/** Holds disposables and gives them all up at once (in reverse order of adding). */
export class DisposableStore implements Disposable {
  readonly #items: Disposable[] = [];
  #disposed = false;

  /** Adds `item` (a function counts as its own dispose); after `dispose()`, disposes it at once. */
  add<D extends Disposable>(item: D): D;
  add(item: () => void): Disposable;
  add(item: Disposable | (() => void)): Disposable {
    const disposable = typeof item === 'function' ? toDisposable(item) : item;
    if (this.#disposed) disposable.dispose();
    else this.#items.push(disposable);
    return disposable;
  }

  get isDisposed(): boolean {
    return this.#disposed;
  }

  /** Disposes everything added; one that throws does not keep the rest. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const errors: unknown[] = [];
    for (const item of this.#items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'several disposables threw');
  }
}
