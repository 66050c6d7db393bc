/**
 * Time labels of the chart. lightweight-charts works in UTC seconds; the data
 * stays in UTC and only the labels are drawn in the chosen zone (the exchange's
 * or the user's), so paging and live updates never shift times.
 */
import { TickMarkType } from 'lightweight-charts';
import { dateFormat } from '../../base/format/time';

/** The crosshair's time label: date and time for intraday bars, the date otherwise. */
export function crosshairLabel(ms: number, intraday: boolean, zone: string | undefined): string {
  return dateFormat(intraday ? 'dateTime' : 'date', zone).format(ms);
}

/** An axis tick label of the given weight (year, month, day, time). */
export function tickMarkLabel(ms: number, type: TickMarkType, zone: string | undefined): string {
  switch (type) {
    case TickMarkType.Year:
      return dateFormat('year', zone).format(ms);
    case TickMarkType.Month:
      return dateFormat('monthName', zone).format(ms);
    case TickMarkType.DayOfMonth:
      return dateFormat('day', zone).format(ms);
    case TickMarkType.Time:
      return dateFormat('time', zone).format(ms);
    default:
      return dateFormat('seconds', zone).format(ms);
  }
}
