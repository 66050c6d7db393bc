import { closedDays } from './closed-days';
import { EURO_AREA_DAYS } from './euro-area';

/** Euronext Milan (Borsa Italiana): pre-auction from 08:00, 09:00–17:30, closing auction to 17:35; closed on Ferragosto, 24 and 31 December. */
export const EURONEXT_MILAN_DAYS = closedDays(`${EURO_AREA_DAYS}
  08-15     Ferragosto
  12-24     Christmas Eve
  12-26     St Stephen's Day
  12-31     New Year's Eve
`);
