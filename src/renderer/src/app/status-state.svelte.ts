/**
 * The app status as the status bar shows it: `getStatus` once, then every `status`
 * event. An event that arrives before the first answer wins (it is newer).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { AppStatus } from '../../../shared/model';
import { describeStatus } from './status-text';
import type { StatusText } from './status-text';

export class StatusState {
  status = $state.raw<AppStatus | null>(null);
  /** Why getStatus failed, if it did. */
  error = $state<string | null>(null);
  readonly text: StatusText | null = $derived(this.status ? describeStatus(this.status) : null);

  constructor(private readonly bridge: MarketdeskBridge) {}

  /** Starts following the status; returns the unsubscribe function. */
  start(): () => void {
    let heard = false;
    const off = this.bridge.on('status', (status) => {
      heard = true;
      this.status = status;
    });
    this.bridge.invoke('getStatus', {}).then(
      (status) => {
        if (!heard) this.status = status;
      },
      (error: unknown) => {
        this.error = error instanceof Error ? error.message : String(error);
      },
    );
    return off;
  }

  /** Takes a status a command answered (setToken, clearToken). */
  set(status: AppStatus): void {
    this.status = status;
  }
}
