/**
 * An alert's firing in words, for the OS notification (Electron's, the browser's) and
 * the `alertFired` event: "AAPL US above 230.00" and "AAPL US at 231.40 (14:05:03 UTC)".
 */
import type { Alert, AlertFiring } from '../../shared/model';
import { describeAlert } from '../../shared/model';

// Made on first use: building it loads ICU's number data (~40 ms), which a start
// without a firing alert need not pay.
let price: Intl.NumberFormat | null = null;

/** A price as the notification shows it: thousands separated, at least two decimals. */
export function notificationPrice(value: number): string {
  price ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
  return price.format(value);
}

/** The notification's title and body of one firing. */
export function firingText(alert: Alert, firing: AlertFiring): { title: string; body: string } {
  const { code, region } = alert.instrument;
  const time = new Date(firing.at).toISOString().slice(11, 19);
  return {
    title: `Alert: ${describeAlert(alert, notificationPrice)}`,
    body: `${code} ${region} at ${notificationPrice(firing.price)} (${time} UTC)`,
  };
}
