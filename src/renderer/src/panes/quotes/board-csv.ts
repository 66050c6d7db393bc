/**
 * A quote board as CSV, as shown: its rows in the board's order (sorted or not), the
 * board's columns (./board's `COLUMNS`; the symbol as code, region, listing exchange
 * and class), prices to the decimals the board shows them with, volumes whole, times
 * as ISO 8601 UTC, and what makes each number true: the row's basis (a session's; for
 * crypto 24 h from candles and the UTC day, or the UTC day alone), the row's state
 * (stale, offline, unknown…), the source (demo, or the live service's origin) and when
 * it was exported.
 */
import { csvDocument, type CsvCell } from '../../../../shared/csv';
import type { DataSourceId, Quote, UnixMs } from '../../../../shared/model';
import { classPriceDecimals, formatPlain } from '../../../../shared/format/numbers';
import type { SymbolRef } from '../../workspace/pane-contract';
import { COLUMNS, type ColumnId } from './board';
import {
  DAY_CHANGE_NAME,
  UTC_DAY_NAME,
  type RowBasis,
  type ShownChange,
} from '../../../../shared/model/day-change';

/** One board row as the export needs it. */
export interface CsvRow {
  symbol: SymbolRef;
  quote: Quote | null;
  /** The figures the row shows, all over one basis (shared/model/day-change). */
  figures: ShownChange;
  /**
   * The listing exchange's name (the symbol directory's); the symbol's own `exchange`
   * when the directory has none (it is '' for the region's primary exchange).
   */
  exchange?: string;
  /** The row's state cell in words ("offline: …"), or null when live and normal. */
  state: string | null;
}

/** The prices the row's basis decides (the last price is the last price on any basis). */
const BASIS_PRICES = new Set<ColumnId>(['open', 'high', 'low', 'prevClose']);

/** The words of each basis in the file. */
export const BASIS_NAMES: Record<RowBasis, string> = {
  session: 'session',
  '24h': DAY_CHANGE_NAME,
  'utc-day': UTC_DAY_NAME,
};

/** Header words per board column. */
const HEADERS: Record<ColumnId, string[]> = {
  symbol: ['symbol', 'region', 'exchange', 'class'],
  last: ['last'],
  change: ['change'],
  changePercent: ['change_percent', 'basis'],
  open: ['open'],
  high: ['high'],
  low: ['low'],
  prevClose: ['prev_close'],
  volume: ['volume'],
  turnover: ['turnover'],
  time: ['quote_time'],
};

/** The file's header row: the board's columns, then the row's state, the source and the time. */
export const BOARD_CSV_HEADER: readonly string[] = [
  ...COLUMNS.flatMap((c) => HEADERS[c.id]),
  'state',
  'source',
  'exported_at',
];

/** The number with the board's digits (its rounding), or an empty cell. */
const fixed = (value: number | null | undefined, decimals: number): CsvCell =>
  typeof value === 'number' && Number.isFinite(value) ? formatPlain(value, decimals) : null;

function cells(row: CsvRow, column: ColumnId): CsvCell[] {
  const q = row.quote;
  const f = row.figures;
  const d = classPriceDecimals(row.symbol.class, q?.last);
  switch (column) {
    case 'symbol':
      return [
        row.symbol.code,
        row.symbol.region,
        row.exchange || row.symbol.exchange,
        row.symbol.class,
      ];
    case 'last':
      return [fixed(q?.last, d)];
    case 'change':
      return [fixed(f.change, d)];
    case 'changePercent':
      return [fixed(f.changePercent, 2), f.basis ? BASIS_NAMES[f.basis] : null];
    case 'volume':
    case 'turnover':
      return [f[column]];
    case 'time':
      return [q ? new Date(q.time).toISOString() : null];
    default:
      return BASIS_PRICES.has(column) ? [fixed(f[column], d)] : [null];
  }
}

/** The CSV text of a board's rows. */
export function boardCsv(
  rows: readonly CsvRow[],
  source: DataSourceId,
  exportedAt: UnixMs,
): string {
  const stamp = new Date(exportedAt).toISOString();
  return csvDocument(
    BOARD_CSV_HEADER,
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
