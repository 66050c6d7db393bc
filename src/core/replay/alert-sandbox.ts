/**
 * A replay's alerts: copies of the recorded source's alerts, evaluated on the replayed
 * prices by an alerts service of their own, kept in memory. A firing is the replay's
 * (the bar counts it); it never notifies as a live alert, and alerts.json never changes.
 */
import { Emitter, type Event } from '../../shared/emitter';
import type { Alert, DataSourceId, UnixMs } from '../../shared/model';
import { AlertService, type AlertFeed, type AlertFired } from '../alerts';

export interface AlertSandboxOptions {
  /** The alerts of the recorded source (copied; the originals are not touched). */
  alerts: readonly Alert[];
  /** The replay's source: the copies are filed under it. */
  source: DataSourceId;
  feed: AlertFeed;
  now: () => UnixMs;
}

export class AlertSandbox {
  readonly #service: AlertService;
  readonly #fired = new Emitter<AlertFired>();
  /** Told of each firing in the replay. */
  readonly onFired: Event<AlertFired> = this.#fired.event;
  #count = 0;
  #last: AlertFired | null = null;

  constructor(o: AlertSandboxOptions) {
    // Armed as they are live: a paused one stays paused, a fired one-shot stays fired.
    const copies = o.alerts.map((a) => ({ ...structuredClone(a), source: o.source }));
    this.#service = new AlertService({
      store: { load: () => ({ alerts: copies, notice: null }), save: () => undefined },
      feed: o.feed,
      source: () => o.source,
      now: o.now,
    });
    this.#service.onFired((fired) => {
      this.#count++;
      this.#last = fired;
      this.#fired.fire(fired);
    });
  }

  /** Alerts that fired in the replay so far. */
  get fired(): number {
    return this.#count;
  }

  get last(): AlertFired | null {
    return this.#last;
  }

  get alerts(): Alert[] {
    return this.#service.list();
  }

  dispose(): void {
    this.#service.dispose();
    this.#fired.dispose();
  }
}
