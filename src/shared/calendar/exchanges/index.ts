/** Every exchange table, one per exchange (./table.ts for the shape). */
import { HKEX } from './hkex';
import { JPX } from './jpx';
import { LSE } from './lse';
import { NYSE } from './nyse';
import { SSE } from './sse';
import type { ExchangeTable } from './table';
import { XETRA } from './xetra';

export type { ExchangeTable, HolidayRow } from './table';

export const EXCHANGE_TABLES: readonly ExchangeTable[] = [NYSE, HKEX, SSE, JPX, LSE, XETRA];
