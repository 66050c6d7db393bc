/**
 * The firings shown in this window whatever the notification permission (./fired-alerts
 * holds the rules): followed from the bridge's `alertFired` event, which every window
 * gets; only the main window shows them (a pop-out has no status bar).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Disposable } from '../../../shared/emitter';
import {
  NO_FIRINGS,
  addFiring,
  dismissFiring,
  seenFirings,
  type FiredNote,
  type FiredState,
} from './fired-alerts';

export class FiredAlerts {
  #state = $state.raw<FiredState>(NO_FIRINGS);
  readonly notes: readonly FiredNote[] = $derived(this.#state.notes);
  readonly unseen: number = $derived(this.#state.unseen);

  /** Follows the firings; disposing the answer stops it. */
  follow(bridge: MarketdeskBridge): Disposable {
    return bridge.on('alertFired', (event) => (this.#state = addFiring(this.#state, event)));
  }

  dismiss(key: string): void {
    this.#state = dismissFiring(this.#state, key);
  }

  seen(): void {
    this.#state = seenFirings(this.#state);
  }
}
