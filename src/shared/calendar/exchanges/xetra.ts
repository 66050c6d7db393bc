import { closedDays } from './closed-days';
import { EURO_AREA_DAYS } from './euro-area';

/** Xetra (Deutsche Börse): 09:00–17:30 Frankfurt, closing auction to 17:35. */
export const XETRA_DAYS = closedDays(`${EURO_AREA_DAYS}
  12-24     Christmas Eve
  12-26     Boxing Day
  12-31     New Year's Eve
`);
