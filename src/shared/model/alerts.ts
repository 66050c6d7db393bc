/**
 * Price alerts: what a trader asks to be told (a symbol, a condition, once or every
 * time), the state an alert is in, and how it reads in words. Evaluated on the main
 * side (core/alerts) against the live feed; the renderer lists, edits and shows them.
 */
import type { Instrument, UnixMs } from './market';
import type { DataSourceId } from './settings';

/**
 * - `above`: the price is at or above `price`;
 * - `below`: the price is at or below `price`;
 * - `crosses`: the price passed `price` (either way) between two updates;
 * - `move`: the price moved by `percent` % or more (either way) within `windowMs`.
 */
export type AlertCondition =
  | { kind: 'above'; price: number }
  | { kind: 'below'; price: number }
  | { kind: 'crosses'; price: number }
  | { kind: 'move'; percent: number; windowMs: UnixMs };

export type AlertConditionKind = AlertCondition['kind'];

/** `once`: fired alerts stop; `every`: it fires again each time the condition is met anew. */
export type AlertRepeat = 'once' | 'every';

/** `active`: evaluated; `paused`: kept, not evaluated; `fired`: a `once` alert that fired. */
export type AlertState = 'active' | 'paused' | 'fired';

/**
 * One firing: the price that met the condition, the time of that price, and when it
 * fired. The two times differ: a quote stamped at Friday's close is evaluated on
 * Saturday when that is when the feed delivers it.
 */
export interface AlertFiring {
  /** The quote's time (Unix ms), as the source stamped it. */
  at: UnixMs;
  price: number;
  /** When it fired, by this machine's clock; absent in firings saved before it was kept. */
  firedAt?: UnixMs;
}

/**
 * Whether a price meets a level condition now (`above`, `below`): the rule alerts
 * fire by, and the one that asks before making an alert that would fire at once.
 * `crosses` and `move` need a history, so a single price never meets them.
 */
export function conditionMet(condition: AlertCondition, price: number): boolean {
  if (condition.kind === 'above') return price >= condition.price;
  if (condition.kind === 'below') return price <= condition.price;
  return false;
}

/** A price alert. */
export interface Alert {
  id: string;
  /** Canonical (`canonicalInstrument`). */
  instrument: Instrument;
  condition: AlertCondition;
  repeat: AlertRepeat;
  state: AlertState;
  /**
   * The data source it was made on: it is evaluated only on that source's prices (an
   * alert made on demo data never fires on live prices, nor the reverse).
   */
  source: DataSourceId;
  createdAt: UnixMs;
  /** The last firing; null until it fires. */
  lastFired: AlertFiring | null;
  /** How many times it fired. */
  firedCount: number;
  /**
   * Evaluated while its market is closed too (on the session's last price and any price
   * the service moves then). Absent or false: it waits for the market to open — a closed
   * market's last price does not fire it. Absent in alerts saved before it was kept.
   */
  whileClosed?: boolean;
}

/** What a person asks for when making an alert. */
export interface AlertDraft {
  instrument: Instrument;
  condition: AlertCondition;
  repeat: AlertRepeat;
  /** Keep it active while the market is closed (default: it waits for the open). */
  whileClosed?: boolean;
}

/** A change to an alert: a new condition or repeat; `state` active (resume/re-arm) or paused. */
export interface AlertChange {
  condition?: AlertCondition;
  repeat?: AlertRepeat;
  state?: Exclude<AlertState, 'fired'>;
  whileClosed?: boolean;
}

/** `300000` → `5m`, `3600000` → `1h`, `90000` → `90s`. */
export function formatWindow(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.round(ms / 1000)}s`;
}

/**
 * The condition in words, the price as `formatPrice` gives it (the caller's decimals):
 * "above 230.00", "crosses 90,000.00", "moves 2% in 5m".
 */
export function describeCondition(c: AlertCondition, formatPrice: (n: number) => string): string {
  switch (c.kind) {
    case 'above':
    case 'below':
    case 'crosses':
      return `${c.kind} ${formatPrice(c.price)}`;
    case 'move':
      return `moves ${c.percent}% in ${formatWindow(c.windowMs)}`;
  }
}

/** "AAPL US above 230.00": the symbol and the condition, for a notification or a list. */
export function describeAlert(
  alert: Pick<Alert, 'instrument' | 'condition'>,
  formatPrice: (n: number) => string,
): string {
  const { code, region } = alert.instrument;
  return `${code} ${region} ${describeCondition(alert.condition, formatPrice)}`;
}
