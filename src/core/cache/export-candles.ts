/**
 * `marketdesk cache export`: streams one series out of the cache as CSV or JSON.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { CANDLE_CSV_HEADER, candleCsvLine } from '../../shared/candle-csv';
import type { DataSourceId, SeriesKey } from '../../shared/model';
import type { CacheDb } from './db';
import { readCandlesAfter } from './candles';

export type ExportFormat = 'csv' | 'json';

/** Candles read per page: big enough to be fast, small enough to keep memory flat. */
const PAGE = 5000;

/**
 * Writes every candle of `series` cached from `source`, ascending, to `out` (a file path, created or
 * replaced; or a stream, left open — e.g. stdout). CSV has a header row and times in
 * Unix ms plus ISO 8601; JSON is an array of `Candle` objects. Returns the candle count.
 */
export async function exportCandles(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  format: ExportFormat,
  out: string | Writable,
): Promise<{ count: number }> {
  const stream = typeof out === 'string' ? createWriteStream(out) : out;
  const write = async (chunk: string) => {
    // Respect backpressure: a large series is never buffered whole in memory.
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  await write(format === 'csv' ? CANDLE_CSV_HEADER : '[');
  let count = 0;
  // Keyset pages rather than one open iterator: an iterator must not stay open across
  // awaits on a connection other code writes to.
  for (let after = Number.MIN_SAFE_INTEGER; ;) {
    const page = readCandlesAfter(db, source, series, after, PAGE);
    if (page.length === 0) break;
    let text = '';
    for (const c of page) {
      text +=
        format === 'csv' ? candleCsvLine(c) : `${count === 0 ? '\n' : ',\n'}${JSON.stringify(c)}`;
      count++;
    }
    await write(text);
    after = page[page.length - 1]!.time;
  }
  if (format === 'json') await write(count === 0 ? ']\n' : '\n]\n');
  if (typeof out === 'string') {
    stream.end();
    await once(stream, 'finish');
  }
  return { count };
}
