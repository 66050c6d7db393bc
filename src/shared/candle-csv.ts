/**
 * Candles as CSV: one header, one line per candle, times in Unix ms and ISO 8601.
 * The command line's `cache export` and the chart's "Export CSV" write this same
 * format, through the one CSV writer (`csv.ts`).
 */
import { csvLine } from './csv';
import type { Candle } from './model';

export const CANDLE_CSV_HEADER = csvLine([
  'time',
  'iso_time',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'turnover',
]);

/** One candle's line, newline included. */
export function candleCsvLine(c: Candle): string {
  const iso = new Date(c.time).toISOString();
  return csvLine([c.time, iso, c.open, c.high, c.low, c.close, c.volume, c.turnover]);
}

/** Candles as a whole CSV text (a chart's loaded series: bounded, kept in memory). */
export function candlesCsv(candles: readonly Candle[]): string {
  let text = CANDLE_CSV_HEADER;
  for (const c of candles) text += candleCsvLine(c);
  return text;
}
