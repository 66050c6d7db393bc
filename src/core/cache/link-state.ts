/**
 * Whether the sources can currently be reached, shared by candle and news history so
 * one failed request marks every answer offline until a request succeeds again.
 */
import type { UnixMs } from '../../shared/model';
import { isOfflineError, type OfflinePredicate } from './sources';

/** What a failed source call meant. */
export interface SourceFailure {
  offline: boolean;
  /** The error's message, for failures that are not "offline". */
  message: string;
}

export class LinkState {
  #offlineSince: UnixMs | null = null;
  #offlineReason: string | null = null;

  constructor(
    private readonly now: () => UnixMs,
    private readonly isOffline: OfflinePredicate = isOfflineError,
  ) {}

  /** When the last failure that meant "offline" happened; null while reachable. */
  get offlineSince(): UnixMs | null {
    return this.#offlineSince;
  }

  /** The message of the latest failure that meant "offline"; null while reachable. */
  get offlineReason(): string | null {
    return this.#offlineReason;
  }

  succeeded(): void {
    this.#offlineSince = null;
    this.#offlineReason = null;
  }

  /** Classifies a source error and records an offline one. */
  failed(err: unknown): SourceFailure {
    const offline = this.isOffline(err);
    const message = err instanceof Error ? err.message : String(err);
    if (offline) {
      this.#offlineSince ??= this.now();
      // The latest words, not the first: "timed out" may have become "refused".
      this.#offlineReason = message;
    }
    return { offline, message };
  }
}

/** A tiny typed listener set (the feed hub and bridge forward these events). */
export class Listeners<T> {
  readonly #set = new Set<(value: T) => void>();

  /** Adds a listener; returns its remover. */
  add(listener: (value: T) => void): () => void {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }

  emit(value: T): void {
    for (const l of this.#set) {
      try {
        l(value);
      } catch (err) {
        // One failing listener must not starve the others, nor crash the process.
        console.error('marketdesk cache: a history listener threw', err);
      }
    }
  }
}
