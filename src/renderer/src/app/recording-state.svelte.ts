/**
 * The recording's status for the status bar's REC indicator, its popover and Settings:
 * asked of the main side now and every few seconds, and answered at once by a switch.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Instrument, RecordingStatus } from '../../../shared/model';
import type { Disposable } from '../../../shared/emitter';
import { errorMessage } from '../../../shared/errors';
import { repeat, systemTimers, type Timers } from '../../../shared/timers';

/** How often the status is asked again (the indicator's state, the size). */
export const RECORDING_REFRESH_MS = 5_000;

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

  /** Starts asking (the status bar, for as long as it is shown). */
  start(): void {
    this.refresh();
    this.#refresh ??= repeat(this.timers, () => this.refresh(), RECORDING_REFRESH_MS);
  }

  stop(): void {
    this.#refresh?.dispose();
    this.#refresh = null;
  }

  toggle(): void {
    this.open = !this.open;
    if (this.open) this.refresh();
  }

  refresh(): void {
    this.bridge.invoke('getRecording', {}).then(
      (status) => {
        this.status = status;
        this.error = null;
      },
      (error: unknown) => (this.error = errorMessage(error)),
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
