/**
 * Retries a pane's one-time load (the chart's newest candles, the news page, the
 * company card) after it failed, as soon as there is a sign the other side is back:
 * the browser host's socket reopened (`ReconnectSignal`), or a `status` event says
 * the service answers again after it did not (offline, connecting, rate limited, a
 * refused token replaced → live or degraded; both shells). Degraded counts: it is
 * what health reads while this very load's failure still stands as evidence, and
 * waiting for "live" would wait for the retry that makes it live. Without this, a
 * load answered "connection lost" during a drop stays empty forever.
 * Used through `PageLoad` (./page-load), which owns one per pane.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { DisposableStore } from '../../../../shared/emitter';
import type { HealthState } from '../../../../shared/model';

/** States in which the service answers requests (some may still fail). */
const ANSWERING: ReadonlySet<HealthState> = new Set(['live', 'degraded', 'not-in-plan']);

/**
 * Subscribes to "the bridge connection came back after a drop"; returns the
 * unsubscriber. Never fires in Electron, whose IPC does not drop.
 */
export type ReconnectSignal = (listener: () => void) => () => void;

export class RetryWhenBack {
  #failed = false;
  #health: HealthState | null = null;
  readonly #listening = new DisposableStore();

  /** `retry` is called at most once per failure, on the first sign of life after it. */
  constructor(
    bridge: MarketdeskBridge,
    reconnects: ReconnectSignal | undefined,
    private readonly retry: () => void,
  ) {
    this.#listening.add(
      bridge.on('status', (status) => {
        const was = this.#health;
        const now = status.health.state;
        this.#health = now;
        if (was !== null && !ANSWERING.has(was) && ANSWERING.has(now)) this.#fire();
      }),
    );
    if (reconnects) this.#listening.add(reconnects(() => this.#fire()));
  }

  /** True while a failure waits for a retry. */
  get pending(): boolean {
    return this.#failed;
  }

  /** The load failed: retry on the next sign the bridge or the data service is back. */
  failed(): void {
    this.#failed = true;
  }

  /** The load succeeded or its target changed: nothing to retry. */
  clear(): void {
    this.#failed = false;
  }

  dispose(): void {
    this.#failed = false;
    this.#listening.dispose();
  }

  #fire(): void {
    if (!this.#failed) return;
    this.#failed = false;
    this.retry();
  }
}

/** What `reconnectsOf` needs of a connection (the browser host's transport). */
export interface ConnectionSource {
  readonly state: 'connecting' | 'open' | 'closed';
  onConnection(listener: (state: 'connecting' | 'open' | 'closed') => void): () => void;
}

/** A `ReconnectSignal` over a connection: fires each time it opens after not being open. */
export function reconnectsOf(source: ConnectionSource): ReconnectSignal {
  return (listener) => {
    let last = source.state;
    return source.onConnection((state) => {
      const was = last;
      last = state;
      if (state === 'open' && was !== 'open') listener();
    });
  };
}
