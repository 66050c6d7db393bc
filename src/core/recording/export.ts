/**
 * Exporting a recording's frames: JSON lines (one frame a line, the records as the app
 * has them) or CSV (one frame a row: a quote's or tick's figures, a book's levels as
 * `price@volume/orders` joined by `;`, an empty level's price written `-`), quoted as
 * every export of the app is (src/shared/csv.ts). Every row (CSV) and every line (JSON)
 * says the recording's source, as the board's CSV does (`source`: `demo`, or
 * `live:<origin>`): out of its file, a demo recording would read as a live one.
 */
import { csvLine } from '../../shared/csv';
import type { DataSourceId, DepthLevel, Instrument } from '../../shared/model';
import type { RecordingDb } from './open-recording';
import { read, type RecordedFrame, type Span } from './reader';

export type RecordingExportFormat = 'csv' | 'jsonl';

export const RECORDING_CSV_HEADER =
  'arrival_ms,exchange_ms,channel,class,region,exchange,code,symbol,last,volume,turnover,status,asks,bids,source';

const levels = (side: readonly DepthLevel[]) =>
  side.map((l) => `${l.price ?? '-'}@${l.volume}/${l.orders}`).join(';');

export function frameCsv(f: RecordedFrame, source: DataSourceId): string {
  const i = f.instrument;
  const head = [
    f.t,
    f.exchangeTime,
    f.channel,
    i.class,
    i.region,
    i.exchange,
    i.code,
    f.record.symbol,
  ];
  const tail =
    f.channel === 'depth'
      ? [null, null, null, null, levels(f.record.asks), levels(f.record.bids)]
      : [f.record.last, f.record.volume, f.record.turnover, f.record.status, null, null];
  return csvLine([...head, ...tail, source]).replace(/\n$/, '');
}

export function frameJson(f: RecordedFrame, source: DataSourceId): string {
  return JSON.stringify({
    source,
    t: f.t,
    exchangeTime: f.exchangeTime,
    channel: f.channel,
    instrument: f.instrument,
    record: f.record,
  });
}

/**
 * Writes the frames of `span` (of `instruments`, or all) to `write`, a line at a time, each
 * with the recording's source (`db.source`, the one its file says it holds); returns how many.
 */
export function exportFrames(
  db: RecordingDb,
  span: Span,
  instruments: readonly Instrument[] | null,
  format: RecordingExportFormat,
  write: (line: string) => void,
): number {
  if (format === 'csv') write(`${RECORDING_CSV_HEADER}\n`);
  let n = 0;
  for (const frame of read(db, span, instruments)) {
    write(`${format === 'csv' ? frameCsv(frame, db.source) : frameJson(frame, db.source)}\n`);
    n++;
  }
  return n;
}
