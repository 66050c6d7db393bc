/**
 * The status bar's feed plan popover: asked of the main side when it opens and every
 * two seconds while it stays open (nothing is asked while it is closed).
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { FeedPlan } from '../../../shared/model';
import { errorMessage } from '../../../shared/errors';

const REFRESH_MS = 2_000;

export class FeedPlanState {
  open = $state(false);
  plan = $state.raw<FeedPlan | null>(null);
  error = $state<string | null>(null);
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly bridge: MarketdeskBridge) {}

  toggle(): void {
    if (this.open) this.close();
    else this.show();
  }

  show(): void {
    this.open = true;
    this.#ask();
    this.#timer ??= setInterval(() => this.#ask(), REFRESH_MS);
  }

  close(): void {
    this.open = false;
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
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
