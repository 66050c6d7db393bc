/**
 * What the app does with alerts beyond listing them: making one (asking first when its
 * condition holds already, so it would fire at once), showing a fired alert's chart,
 * and opening the alerts pane from the status bar's count.
 */
import type { AlertDraft, Alert } from '../../../shared/model';
import { conditionMet, describeAlert } from '../../../shared/model';
import type { AppModel } from './app-model.svelte';
import { focusPane } from './palette-actions';
import { allPanes } from '../workspace/layout-tree';
import { alertPrice } from '../alerts/alert-rows';
import { lastPrice } from '../alerts/last-price';

/**
 * Makes an alert. When the price now (`price`, else asked of the feed) already meets
 * its condition, the user is asked first. Answers the alert, null when it failed
 * (`app.alerts.problem` says why), or 'kept' when the user chose not to make it.
 */
export async function makeAlert(
  app: AppModel,
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

/** Shows a chart of the instrument (the chart pane the palette's "Go to" would use). */
export function showChartOf(app: AppModel, instrument: AlertDraft['instrument']): void {
  const symbol = { ...instrument };
  focusPane(app, app.workspace.goTo({ symbol, kind: 'chart', kType: null, regionGuessed: false }));
}

/** Opens the alerts pane (added when the layout has none); the fired count starts again. */
export function openAlertsPane(app: AppModel): void {
  const ws = app.workspace;
  const pane = allPanes(ws.root).find((p) => p.kind === 'alerts');
  focusPane(app, pane ? pane.id : ws.addPane('alerts'));
  app.fired.seen();
}
