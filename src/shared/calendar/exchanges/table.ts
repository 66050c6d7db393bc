/**
 * The shape of one exchange's calendar table: its time zone, its trading hours in the
 * service's text (src/shared/calendar/trading-hours.ts) and its closed days and half
 * days. The tables are ./index.ts's rows, their closed days written in the text of
 * ./closed-days.ts in each exchange's file; src/shared/calendar/region-calendar.ts builds
 * calendars from them.
 */

/** The years every exchange table covers, first and last (the simple rule of ../calendars.ts fills the others). */
export const TABLE_YEARS: readonly [first: number, last: number] = [2025, 2027];

/** `[date, name]` is a day closed all day; `[date, name, 'HH:MM']` a half day closing then. */
export type HolidayRow = readonly [date: string, name: string] | readonly [string, string, string];

export interface ExchangeTable {
  /** The exchange's usual short name, e.g. NYSE. */
  exchange: string;
  /** The regions whose stocks trade on this calendar. */
  regions: readonly string[];
  timeZone: string;
  /** Trading hours in the service's text: `,` between sessions, `|` a lunch break. */
  hours: string;
  /** Closed days and half days on weekdays of the TABLE_YEARS, in date order. */
  days: readonly HolidayRow[];
  /**
   * Years whose rows were not yet published by the exchange when the table was written:
   * projected from the holiday rules (lunar and Islamic dates as astronomical tables
   * give them). The project's docs say so (docs/api-gaps.md, "Market calendar").
   */
  projected: readonly number[];
}
