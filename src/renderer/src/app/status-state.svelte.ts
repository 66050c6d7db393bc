/**
 * The app status as the status bar shows it: `getStatus` once, then every `status`
 * event. An event that arrives before the first answer wins (it is newer).
 * `sourceEpoch` counts changes of the data source after the first one heard (demo →
 * live, one service → another): panes are rebuilt on it, so nothing one source showed
 * stays on screen under another.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Disposable } from '../../../shared/emitter';
import type { AppStatus, DataSourceId, UnixMs } from '../../../shared/model';
import { describeStatus } from './status-text';
import type { StatusText } from './status-text';
import { errorMessage } from '../../../shared/errors';

export class StatusState {
  status = $state.raw<AppStatus | null>(null);
  /** Why getStatus failed, if it did. */
  error = $state<string | null>(null);
  /** The markets' words are at the data's clock: the replay clock's time during a replay. */
  readonly text: StatusText | null = $derived.by(() =>
    this.status ? describeStatus(this.status, undefined, undefined, this.clock()) : null,
  );
  /** Bumped each time the data source changes after the first status. */
  sourceEpoch = $state(0);
  #source: DataSourceId | null = null;

  constructor(
    private readonly bridge: MarketdeskBridge,
    /** The data's clock (`ReplayState.now`: the replay clock's time during a replay). */
    private readonly clock: () => UnixMs = Date.now,
  ) {}

  /** Starts following the status; disposing the answer stops it. */
  start(): Disposable {
    let heard = false;
    const off = this.bridge.on('status', (status) => {
      heard = true;
      this.set(status);
    });
    this.bridge.invoke('getStatus', {}).then(
      (status) => {
        if (!heard) this.set(status);
      },
      (error: unknown) => {
        this.error = errorMessage(error);
      },
    );
    return off;
  }

  /** Takes a status a command answered (setToken, clearToken). */
  set(status: AppStatus): void {
    if (this.#source !== null && status.source !== this.#source) this.sourceEpoch++;
    this.#source = status.source;
    this.status = status;
  }
}
