/**
 * An alert as the alerts pane lists it: the condition in words with the symbol's
 * price decimals, its state — saying plainly when it belongs to the other data source
 * and is not watched now — and its last firing.
 */
import type { Alert, DataSourceId, HealthState } from '../../../shared/model';
import { describeCondition } from '../../../shared/model';
import { classPriceDecimals, formatPrice } from '../../../shared/format/numbers';
import { formatDateTime } from '../base/format/time';

export interface AlertRow {
  id: string;
  symbol: string;
  condition: string;
  repeat: string;
  state: string;
  /** The price it last fired at ("231.40", "231.40 (×3)"); empty until it fires. */
  fired: string;
  /** When it fired by this computer's clock, labelled: "fired 24 Nov 2026, 15:05 local". */
  firedAt: string;
  /** The quote's own time, labelled with its zone: "quote of 24 Nov 2026, 14:05 UTC". */
  quoteTime: string;
  /** The pause button's words: Pause, Resume, or Re-arm for a fired alert. */
  toggle: 'Pause' | 'Resume' | 'Re-arm';
  /** It belongs to the current data source (else it is not evaluated). */
  current: boolean;
}

/** The alert's price as its class shows prices. */
export function alertPrice(alert: Pick<Alert, 'instrument'>, price: number): string {
  return formatPrice(price, classPriceDecimals(alert.instrument.class, price));
}

const SOURCE_WORDS = (source: DataSourceId) => (source === 'demo' ? 'demo' : 'live');

/**
 * `zone`: the zone quote times are shown in (the settings' choice; undefined: local).
 * When it fired is always local: it is the user's own clock's time.
 */
export function alertRow(alert: Alert, source: DataSourceId | null, zone?: string): AlertRow {
  const current = source === null || alert.source === source;
  const last = alert.lastFired;
  const state = current
    ? alert.state
    : `made on ${SOURCE_WORDS(alert.source)} data · not watched on ${SOURCE_WORDS(source)}`;
  return {
    id: alert.id,
    symbol: `${alert.instrument.code} ${alert.instrument.region}`,
    condition: describeCondition(alert.condition, (p) => alertPrice(alert, p)),
    repeat: alert.repeat === 'once' ? 'once' : 'every time',
    state,
    fired: last
      ? `${alertPrice(alert, last.price)}${alert.firedCount > 1 ? ` (×${alert.firedCount})` : ''}`
      : '',
    firedAt: last?.firedAt === undefined ? '' : `fired ${formatDateTime(last.firedAt)} local`,
    quoteTime: last ? `quote of ${formatDateTime(last.at, zone)} ${zone ?? 'local'}` : '',
    toggle: alert.state === 'active' ? 'Pause' : alert.state === 'paused' ? 'Resume' : 'Re-arm',
    current,
  };
}

/**
 * What the alerts pane says above its list when no price can come in: alerts are
 * evaluated on the feed's live prices, so while the service is unreachable or refuses
 * the token an "active" alert cannot fire, and the pane must not read as if it watched.
 * Null when prices come, or when no alert is active.
 */
export function alertsHeldNote(health: HealthState | null, active: number): string | null {
  if (active === 0) return null;
  const alerts =
    active === 1 ? 'the active alert cannot fire' : `the ${active} active alerts cannot fire`;
  if (health === 'offline') {
    return `No prices while the data service cannot be reached: ${alerts} until it is back.`;
  }
  if (health === 'token-rejected') {
    return `No prices while the service refuses the token: ${alerts} until a new one is set in Settings.`;
  }
  return null;
}
