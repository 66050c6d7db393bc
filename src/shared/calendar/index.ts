/** The shared market calendar: trading hours, exchange tables, market state at an instant. */
export * from './trading-hours';
export * from './region-calendar';
export {
  calendarFor,
  stockCalendar,
  stockCalendarRegions,
  tradingAt,
  type Calendar,
} from './calendars';
