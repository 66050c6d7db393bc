/**
 * Every exchange table, one row an exchange (./table.ts for what each column means): its
 * name, the regions that trade on it, its time zone, its trading hours in the service's
 * text and the years its closed days are projected for; the closed days themselves are
 * in the exchange's own file, in the text of ./closed-days.ts.
 */
import { BIST_DAYS } from './bist';
import { BME_DAYS } from './bme';
import { BMV_DAYS } from './bmv';
import { BURSA_DAYS } from './bursa';
import { EURONEXT_AMSTERDAM_DAYS } from './euronext-amsterdam';
import { EURONEXT_MILAN_DAYS } from './euronext-milan';
import { HKEX_DAYS } from './hkex';
import { HOSE_DAYS } from './hose';
import { IDX_DAYS } from './idx';
import { JPX_DAYS } from './jpx';
import { LSE_DAYS } from './lse';
import { NSE_DAYS } from './nse';
import { NYSE_DAYS } from './nyse';
import { SET_DAYS } from './set';
import { SGX_DAYS } from './sgx';
import { SSE_DAYS } from './sse';
import { TWSE_DAYS } from './twse';
import { XETRA_DAYS } from './xetra';
import type { ExchangeTable, HolidayRow } from './table';

export type { ExchangeTable, HolidayRow } from './table';

function table(
  exchange: string,
  regions: readonly string[],
  timeZone: string,
  hours: string,
  projected: readonly number[],
  days: readonly HolidayRow[],
): ExchangeTable {
  return { exchange, regions, timeZone, hours, projected, days };
}

// prettier-ignore
export const EXCHANGE_TABLES: readonly ExchangeTable[] = [
  //    exchange              regions             time zone              trading hours                                      projected     closed days
  table('NYSE',               ['US'],             'America/New_York',    '04:00-09:30,09:30-16:00,16:00-20:00',             [],           NYSE_DAYS),
  table('HKEX',               ['HK'],             'Asia/Hong_Kong',      '09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30', [2027],       HKEX_DAYS),
  table('SSE',                ['SH', 'SZ', 'CN'], 'Asia/Shanghai',       '09:15-09:25,09:30-11:30|13:00-15:00',             [2027],       SSE_DAYS),
  table('TSE',                ['JP'],             'Asia/Tokyo',          '09:00-11:30|12:30-15:30',                         [2027],       JPX_DAYS),
  table('LSE',                ['GB'],             'Europe/London',       '07:50-08:00,08:00-16:30,16:30-16:35',             [],           LSE_DAYS),
  table('XETRA',              ['DE'],             'Europe/Berlin',       '09:00-17:30,17:30-17:35',                         [],           XETRA_DAYS),
  table('BME',                ['ES'],             'Europe/Madrid',       '08:30-09:00,09:00-17:30,17:30-17:35',             [],           BME_DAYS),
  table('Euronext Amsterdam', ['NL'],             'Europe/Amsterdam',    '07:15-09:00,09:00-17:30,17:30-17:40',             [],           EURONEXT_AMSTERDAM_DAYS),
  table('Euronext Milan',     ['IT'],             'Europe/Rome',         '08:00-09:00,09:00-17:30,17:30-17:35',             [],           EURONEXT_MILAN_DAYS),
  table('SGX',                ['SG'],             'Asia/Singapore',      '08:30-09:00,09:00-17:00,17:00-17:06',             [2027],       SGX_DAYS),
  table('TWSE',               ['TW'],             'Asia/Taipei',         '08:30-09:00,09:00-13:30,14:00-14:30',             [2026, 2027], TWSE_DAYS),
  table('NSE',                ['IN'],             'Asia/Kolkata',        '09:00-09:15,09:15-15:30,15:40-16:00',             [2026, 2027], NSE_DAYS),
  table('SET',                ['TH'],             'Asia/Bangkok',        '09:55-10:00,10:00-12:30|14:30-16:30,16:30-16:40', [2026, 2027], SET_DAYS),
  table('Bursa Malaysia',     ['MY'],             'Asia/Kuala_Lumpur',   '08:30-09:00,09:00-12:30|14:30-16:45,16:45-17:00', [2026, 2027], BURSA_DAYS),
  table('IDX',                ['ID'],             'Asia/Jakarta',        '08:45-09:00,09:00-12:00|13:30-16:00',             [2026, 2027], IDX_DAYS),
  table('HOSE',               ['VN'],             'Asia/Ho_Chi_Minh',    '09:00-09:15,09:15-11:30|13:00-14:45',             [2026, 2027], HOSE_DAYS),
  table('BMV',                ['MX'],             'America/Mexico_City', '08:00-08:30,08:30-15:00,15:00-15:10',             [2027],       BMV_DAYS),
  table('Borsa Istanbul',     ['TR'],             'Europe/Istanbul',     '09:40-10:00,10:00-18:00,18:00-18:10',             [2026, 2027], BIST_DAYS),
];
