/** Every exchange table, one per exchange (./table.ts for the shape). */
import { BIST } from './bist';
import { BME } from './bme';
import { BMV } from './bmv';
import { BURSA } from './bursa';
import { EURONEXT_AMSTERDAM } from './euronext-amsterdam';
import { EURONEXT_MILAN } from './euronext-milan';
import { HKEX } from './hkex';
import { HOSE } from './hose';
import { IDX } from './idx';
import { JPX } from './jpx';
import { LSE } from './lse';
import { NSE } from './nse';
import { NYSE } from './nyse';
import { SET } from './set';
import { SGX } from './sgx';
import { SSE } from './sse';
import type { ExchangeTable } from './table';
import { TWSE } from './twse';
import { XETRA } from './xetra';

export type { ExchangeTable, HolidayRow } from './table';

export const EXCHANGE_TABLES: readonly ExchangeTable[] = [
  NYSE,
  HKEX,
  SSE,
  JPX,
  LSE,
  XETRA,
  BME,
  EURONEXT_AMSTERDAM,
  EURONEXT_MILAN,
  SGX,
  TWSE,
  NSE,
  SET,
  BURSA,
  IDX,
  HOSE,
  BMV,
  BIST,
];
