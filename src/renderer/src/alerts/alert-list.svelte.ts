/**
 * The alerts as one window shows them: loaded once, then kept by the `alerts` event
 * (every window is told of every change), with the commands that change them. A
 * command's failure is kept as `problem`, in the main side's words.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Disposable } from '../../../shared/emitter';
import type { Alert, AlertChange, AlertDraft, Instrument } from '../../../shared/model';
import { instrumentKey } from '../../../shared/model';
import { errorMessage } from '../../../shared/errors';
import { askNotificationPermission } from './alert-firing';

export class AlertList {
  /** Every alert, newest first. */
  alerts = $state.raw<Alert[]>([]);
  loaded = $state(false);
  /** Why the last command or the load failed; null when it did not. */
  problem = $state<string | null>(null);
  readonly #bridge: MarketdeskBridge;
  #stop: Disposable | null = null;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
  }

  /** Loads and follows the alerts (until `dispose`); returns this. */
  start(): this {
    this.#stop ??= this.#bridge.on('alerts', ({ alerts }) => {
      this.alerts = alerts;
      this.loaded = true;
    });
    void this.#run(async () => {
      const alerts = await this.#bridge.invoke('listAlerts', {});
      // An event that came meanwhile is as new or newer.
      if (!this.loaded) this.alerts = alerts;
      this.loaded = true;
    });
    return this;
  }

  dispose(): void {
    this.#stop?.dispose();
    this.#stop = null;
  }

  /** The alerts of one instrument (for the chart's lines). */
  of(instrument: Instrument): Alert[] {
    const key = instrumentKey(instrument);
    return this.alerts.filter((a) => instrumentKey(a.instrument) === key);
  }

  /**
   * Makes an alert. The first one made in this browser asks for permission to show
   * notifications (never at startup). Answers the alert, or null (see `problem`).
   */
  create(draft: AlertDraft): Promise<Alert | null> {
    askNotificationPermission(globalThis);
    return this.#run(() => this.#bridge.invoke('createAlert', { draft }));
  }

  update(id: string, change: AlertChange): Promise<Alert | null> {
    return this.#run(() => this.#bridge.invoke('updateAlert', { id, change }));
  }

  remove(id: string): Promise<void | null> {
    return this.#run(() => this.#bridge.invoke('deleteAlert', { id }));
  }

  async #run<T>(command: () => Promise<T>): Promise<T | null> {
    try {
      const value = await command();
      this.problem = null;
      return value;
    } catch (error) {
      this.problem = errorMessage(error);
      return null;
    }
  }
}
