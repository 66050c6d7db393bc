/**
 * The palette's entry for an alert being typed (`alert AAPL US > 230`): "Create alert:
 * AAPL US above 230.00" once it is whole, else what is missing. The symbol is checked
 * with the source first, as the palette's "Go to" is.
 */
import { describeAlert } from '../../../shared/model';
import type { AppModel } from './app-model.svelte';
import type { PaletteItem } from './palette-items';
import { ALERT_EXAMPLE, parseAlertCommand } from '../alerts/alert-parse';
import { alertPrice } from '../alerts/alert-rows';
import { makeAlert } from '../alerts/make-alert';

/** The entry for `query`, or null when it is not an alert command. */
export function alertPaletteItem(app: AppModel, query: string): PaletteItem | null {
  const parsed = parseAlertCommand(query);
  if (!parsed) return null;
  if (!parsed.ok) {
    return {
      id: 'alert',
      label: parsed.problem,
      hint: ALERT_EXAMPLE,
      keepsOpen: true,
      run: () => {},
    };
  }
  const { draft } = parsed;
  const palette = app.palette;
  return {
    id: 'alert',
    label: `Create alert: ${describeAlert(draft, (p) => alertPrice(draft, p))}${draft.repeat === 'every' ? ' (every time)' : ''}`,
    hint: palette.gate.checking
      ? 'checking…'
      : `${draft.instrument.class} · ${app.status.status?.source === 'demo' ? 'on demo data' : 'on live data'}`,
    keepsOpen: true,
    run: async () => {
      // The symbol as the source knows it (unknown ones are refused with the reason).
      const checked = await palette.check({
        symbol: draft.instrument,
        kind: null,
        kType: null,
        regionGuessed: parsed.regionGuessed,
      });
      if (!checked) return;
      // Closed first: the question whether to make an alert that fires at once is a
      // dialog of its own.
      palette.close();
      const made = await makeAlert(app, { ...draft, instrument: checked.symbol });
      if (made === 'kept') return;
      app.message = made
        ? `Alert made: ${describeAlert(made, (p) => alertPrice(made, p))}.`
        : `The alert was not made: ${app.alerts.problem ?? 'unknown problem'}`;
    },
  };
}
