/**
 * The days the euro-area exchanges here (Xetra, BME, Euronext Amsterdam and Milan) all
 * close, in the text of ./closed-days.ts: the TARGET2 closing days but 26 December, which
 * each of them names its own way (its own file says it, with its other closed days).
 */
export const EURO_AREA_DAYS = `
  01-01     New Year's Day
  Easter-2  Good Friday
  Easter+1  Easter Monday
  05-01     Labour Day
  12-25     Christmas Day
`;
