/**
 * The status bar's feed plan popover: asked of the main side when it opens and every
 * two seconds while it stays open (nothing is asked while it is closed).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { FeedPlan } from '../../../shared/model';
import type { Disposable } from '../../../shared/emitter';
import { errorMessage } from '../../../shared/errors';
import { repeat, systemTimers, type Timers } from '../../../shared/timers';

/** How often the open popover asks again. */
export const REFRESH_MS = 2_000;

export class FeedPlanState {
  open = $state(false);
  plan = $state.raw<FeedPlan | null>(null);
  error = $state<string | null>(null);
  #refresh: Disposable | null = null;

  constructor(
    private readonly bridge: MarketdeskBridge,
    private readonly timers: Timers = systemTimers,
  ) {}

  toggle(): void {
    if (this.open) this.close();
    else this.show();
  }

  show(): void {
    // The plan read when it was last open is of then (another source, a replay since
    // ended): not shown as now's under this opening's heading while it is asked again.
    if (!this.open) {
      this.plan = null;
      this.error = null;
    }
    this.open = true;
    this.#ask();
    this.#refresh ??= repeat(this.timers, () => this.#ask(), REFRESH_MS);
  }

  close(): void {
    this.open = false;
    this.#refresh?.dispose();
    this.#refresh = null;
  }

  #ask(): void {
    this.bridge.invoke('getFeedPlan', {}).then(
      (plan) => {
        this.plan = plan;
        this.error = null;
      },
      (error: unknown) => (this.error = errorMessage(error)),
    );
  }
}
