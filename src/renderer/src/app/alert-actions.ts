/**
 * What the shell does with alerts beyond listing and making them (../alerts/make-alert):
 * showing a fired alert's chart, and opening the alerts pane from the status bar's count.
 */
import type { AlertDraft } from '../../../shared/model';
import type { AppModel } from './app-model.svelte';
import { allPanes } from '../workspace/layout-tree';

/** Shows a chart of the instrument (the chart pane the palette's "Go to" would use). */
export function showChartOf(app: AppModel, instrument: AlertDraft['instrument']): void {
  const symbol = { ...instrument };
  app.showPane(app.workspace.goTo({ symbol, kind: 'chart', kType: null, regionGuessed: false }));
}

/** Opens the alerts pane (added when the layout has none); the fired count starts again. */
export function openAlertsPane(app: AppModel): void {
  const ws = app.workspace;
  const pane = allPanes(ws.root).find((p) => p.kind === 'alerts');
  app.showPane(pane ? pane.id : ws.addPane('alerts'));
  app.fired.seen();
}
