/**
 * Making an alert the way every place that makes one does (the palette, a chart's
 * menu, the quote board's row menu): asking first when its condition holds already,
 * so it would fire at once.
 */
import type { MarketdeskBridge } from '../../../shared/bridge';
import type { Alert, AlertDraft } from '../../../shared/model';
import { conditionMet, describeAlert } from '../../../shared/model';
import type { AlertList } from './alert-list.svelte';
import { alertPrice } from './alert-rows';
import { lastPrice } from './last-price';

/** What making an alert needs of the window (the app model has it all). */
export interface AlertMaker {
  readonly bridge: MarketdeskBridge;
  readonly alerts: AlertList;
  /** Asks the user; true when they confirm. */
  readonly confirm: {
    ask(question: { title: string; message: string; confirm: string }): Promise<boolean>;
  };
}

/**
 * Makes an alert. When the price now (`price`, else asked of the feed) already meets
 * its condition, the user is asked first. Answers the alert, null when it failed
 * (`app.alerts.problem` says why), or 'kept' when the user chose not to make it.
 */
export async function makeAlert(
  app: AlertMaker,
  draft: AlertDraft,
  price: number | null = null,
): Promise<Alert | null | 'kept'> {
  const now =
    draft.condition.kind === 'above' || draft.condition.kind === 'below'
      ? (price ?? (await lastPrice(app.bridge, draft.instrument)))
      : null;
  if (now !== null && conditionMet(draft.condition, now)) {
    const { code, region } = draft.instrument;
    const yes = await app.confirm.ask({
      title: 'Make an alert that fires at once?',
      message: `${code} ${region} is at ${alertPrice(draft, now)} now: “${describeAlert(draft, (p) => alertPrice(draft, p))}” holds already, so the alert fires as soon as it is made.`,
      confirm: 'Make the alert',
    });
    if (!yes) return 'kept';
  }
  return app.alerts.create(draft);
}
