/**
 * Code loaded on first use (a dynamic `import()`, so the bundler makes it a chunk of its
 * own): the first screen parses only what it shows. Once loaded, a module is answered
 * as a plain value, never a promise again, so showing it a second time (a tab switched
 * back, a dialog reopened) renders at once: Svelte's `{#await}` shows a plain value
 * without its pending branch.
 */

/** A module's default export, loaded at most once. */
export class LazyModule<T> {
  #value: T | undefined;
  #loaded = false;
  #loading: Promise<T> | null = null;

  constructor(private readonly importer: () => Promise<{ default: T }>) {}

  /** True once the module is loaded (`get` then answers it at once). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** The export when loaded, else the promise of it (a failed load is tried again next time). */
  get(): T | Promise<T> {
    if (this.#loaded) return this.#value as T;
    this.#loading ??= this.importer().then(
      (module) => {
        this.#value = module.default;
        this.#loaded = true;
        return module.default;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  /** Starts loading without waiting (a chunk fetched while the user does something else). */
  preload(): void {
    const value = this.get();
    if (value instanceof Promise) value.catch(() => {});
  }
}

/** A default export loaded on first use. */
export function lazyModule<T>(importer: () => Promise<{ default: T }>): LazyModule<T> {
  return new LazyModule(importer);
}
