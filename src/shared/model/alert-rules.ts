/**
 * The bounds of an alert, beside the settings rules: what the main side's schemas
 * (core/alerts) refuse, and what the alert editor and the palette's `alert …` command
 * check first, with words for people. One table, so the three cannot drift apart.
 */

/** Most alerts kept (every source together). */
export const MAX_ALERTS = 2000;

/** The longest window of a percent-move alert: a day. */
export const MAX_MOVE_WINDOW_MS = 86_400_000;

/**
 * The bounds of a condition's numbers. A price is above 0 (no market trades at 0 or
 * below) and at most a trillion (past any quote, and still exact as a double); a move is
 * above 0 % and at most 100 %; its window from a second to a day.
 */
export const ALERT_LIMITS = {
  /** Above 0 (exclusive), at most `max`. */
  price: { max: 1e12 },
  /** Above 0 (exclusive), at most `max`. */
  percent: { max: 100 },
  /** Inclusive, in ms. */
  windowMs: { min: 1_000, max: MAX_MOVE_WINDOW_MS },
} as const;

/** True when `price` may be an alert's level. */
export function isAlertPrice(price: number): boolean {
  return Number.isFinite(price) && price > 0 && price <= ALERT_LIMITS.price.max;
}

/** True when `percent` may be a move alert's size. */
export function isMovePercent(percent: number): boolean {
  return Number.isFinite(percent) && percent > 0 && percent <= ALERT_LIMITS.percent.max;
}

/** True when `windowMs` may be a move alert's window. */
export function isMoveWindow(windowMs: number): boolean {
  const { min, max } = ALERT_LIMITS.windowMs;
  return Number.isInteger(windowMs) && windowMs >= min && windowMs <= max;
}

/**
 * "1,000,000,000,000": the highest price, as the messages say it. Grouped by hand:
 * `toLocaleString` at module load loaded ICU's number data, 30–45 ms of every start.
 */
export const ALERT_PRICE_MAX_TEXT = String(ALERT_LIMITS.price.max).replace(/\B(?=(\d{3})+$)/g, ',');
