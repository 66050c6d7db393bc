import { closedDays } from './closed-days';
import { EURO_AREA_DAYS } from './euro-area';

/** Euronext Amsterdam: pre-opening from 07:15, 09:00–17:30, closing auction to 17:40; 24 and 31 December close at 14:05. */
export const EURONEXT_AMSTERDAM_DAYS = closedDays(`${EURO_AREA_DAYS}
  12-24 14:05  Christmas Eve (early close)
  12-26        Boxing Day
  12-31 14:05  New Year's Eve (early close)
`);
