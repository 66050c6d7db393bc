import { closedDays } from './closed-days';
import { EURO_AREA_DAYS } from './euro-area';

/** Bolsa de Madrid (BME): opening auction 08:30–09:00, 09:00–17:30, closing auction to 17:35; closed 24 and 31 December. */
export const BME_DAYS = closedDays(`${EURO_AREA_DAYS}
  12-24     Christmas Eve
  12-26     St Stephen's Day
  12-31     New Year's Eve
`);
