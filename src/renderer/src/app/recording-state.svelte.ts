/**
 * The recording's status for the status bar's REC indicator, its popover and Settings:
 * asked of the main side now and every few seconds, and answered at once by a switch.
 * While it lists no symbol (a window just opened: its panes have not subscribed yet) it
 * is asked again within a second, so the indicator does not say "nothing to record" for
 * a whole refresh after the workspace's first prices.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Instrument, RecordingStatus } from '../../../shared/model';
import type { Disposable } from '../../../shared/emitter';
import { errorMessage } from '../../../shared/errors';
import { timeout, systemTimers, type Timers } from '../../../shared/timers';

/** How often the status is asked again (the indicator's state, the size). */
export const RECORDING_REFRESH_MS = 5_000;
/** How soon it is asked again while it lists no symbol shown. */
export const RECORDING_EMPTY_REFRESH_MS = 1_000;

export class RecordingState {
  status = $state.raw<RecordingStatus | null>(null);
  error = $state<string | null>(null);
  open = $state(false);
  /** A switch being applied (its checkbox waits). */
  busy = $state(false);
  #refresh: Disposable | null = null;

  constructor(
    private readonly bridge: MarketdeskBridge,
    private readonly timers: Timers = systemTimers,
  ) {}

  #started = false;

  /** Starts asking (the status bar, for as long as it is shown). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#ask();
  }

  stop(): void {
    this.#started = false;
    this.#refresh?.dispose();
    this.#refresh = null;
  }

  /** Asks now, then again once answered: sooner while nothing shown is listed. */
  #ask(): void {
    this.#refresh = null;
    void this.refresh().then(() => {
      if (!this.#started || this.#refresh) return;
      const empty = this.status !== null && this.status.symbols.length === 0;
      const ms = empty ? RECORDING_EMPTY_REFRESH_MS : RECORDING_REFRESH_MS;
      this.#refresh = timeout(this.timers, () => this.#ask(), ms);
    });
  }

  toggle(): void {
    this.open = !this.open;
    if (this.open) void this.refresh();
  }

  refresh(): Promise<void> {
    return this.bridge.invoke('getRecording', {}).then(
      (status) => {
        this.status = status;
        this.error = null;
      },
      (error: unknown) => {
        this.error = errorMessage(error);
      },
    );
  }

  /** The per-symbol switch: answered with the status as it stands after it. */
  async setRecorded(instrument: Instrument, on: boolean): Promise<void> {
    this.busy = true;
    try {
      this.status = await this.bridge.invoke('setRecorded', { instrument, on });
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }
}
