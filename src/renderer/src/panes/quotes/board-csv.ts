/**
 * A quote board as CSV, as shown: its rows in the board's order (sorted or not), the
 * board's columns (./board's `COLUMNS`; the symbol as code, region, exchange and
 * class), prices to the decimals the board shows them with, volumes whole, times as
 * ISO 8601 UTC, and what makes each number true: the change's basis (a session's,
 * or 24 h from candles for crypto), the row's state (stale, offline, unknown…), the
 * source (demo, or the live service's origin) and when it was exported.
 */
import { csvDocument, type CsvCell } from '../../../../shared/csv';
import type { DataSourceId, Quote, UnixMs } from '../../../../shared/model';
import { classPriceDecimals, formatPlain } from '../../format/numbers';
import type { SymbolRef } from '../../workspace/pane-contract';
import { COLUMNS, type ColumnId } from './board';
import { DAY_CHANGE_NAME, type ShownChange } from './day-change';

/** One board row as the export needs it. */
export interface CsvRow {
  symbol: SymbolRef;
  quote: Quote | null;
  change: ShownChange;
  /** The row's state cell in words ("offline: …"), or null when live and normal. */
  state: string | null;
}

const PRICE_COLUMNS = new Set<ColumnId>(['last', 'open', 'high', 'low', 'prevClose']);

/** Header words per board column. */
const HEADERS: Record<ColumnId, string[]> = {
  symbol: ['symbol', 'region', 'exchange', 'class'],
  last: ['last'],
  change: ['change'],
  changePercent: ['change_percent', 'change_basis'],
  open: ['open'],
  high: ['high'],
  low: ['low'],
  prevClose: ['prev_close'],
  volume: ['volume'],
  turnover: ['turnover'],
  time: ['quote_time'],
};

/** The number with the board's digits (its rounding), or an empty cell. */
const fixed = (value: number | null | undefined, decimals: number): CsvCell =>
  typeof value === 'number' && Number.isFinite(value) ? formatPlain(value, decimals) : null;

function cells(row: CsvRow, column: ColumnId): CsvCell[] {
  const q = row.quote;
  const d = classPriceDecimals(row.symbol.class, q?.last);
  if (column === 'symbol') {
    return [row.symbol.code, row.symbol.region, row.symbol.exchange, row.symbol.class];
  }
  if (PRICE_COLUMNS.has(column)) return [fixed(q?.[column as 'last'], d)];
  switch (column) {
    case 'change':
      return [fixed(row.change.change, d)];
    case 'changePercent': {
      const basis =
        row.change.basis === '24h'
          ? DAY_CHANGE_NAME
          : row.change.basis === 'session'
            ? 'session'
            : null;
      return [fixed(row.change.changePercent, 2), basis];
    }
    case 'time':
      return [q ? new Date(q.time).toISOString() : null];
    default:
      return [q?.[column] ?? null];
  }
}

/** The CSV text of a board's rows. */
export function boardCsv(
  rows: readonly CsvRow[],
  source: DataSourceId,
  exportedAt: UnixMs,
): string {
  const header = [...COLUMNS.flatMap((c) => HEADERS[c.id]), 'state', 'source', 'exported_at'];
  const stamp = new Date(exportedAt).toISOString();
  return csvDocument(
    header,
    rows.map((row) => [...COLUMNS.flatMap((c) => cells(row, c.id)), row.state, source, stamp]),
  );
}

/** A file name for a list's export: `marketdesk-<list>-<UTC stamp>.csv`, safe anywhere. */
export function boardCsvName(listName: string, exportedAt: UnixMs): string {
  const slug =
    listName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'watchlist';
  const stamp = new Date(exportedAt).toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `marketdesk-${slug}-${stamp}Z.csv`;
}
