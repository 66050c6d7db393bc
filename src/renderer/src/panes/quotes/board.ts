/**
 * The quote board's pure logic: grouping a watchlist into one subscription per
 * (class, region, exchange), sorting, reordering, validating a typed symbol and
 * the trading states.
 */
import type { MarketSelection } from '../../../../shared/bridge';
import {
  EXCHANGE_PATTERN,
  EXCHANGE_RULE,
  REGION_TEXT_RULE,
  SYMBOL_CODE_RULE,
  canonicalInstrument,
  isAssetClass,
  isRegion,
  isSymbolCode,
  type AssetClass,
  type Quote,
} from '../../../../shared/model';
import { shownChange, type RowBasis, type ShownChange } from '../../../../shared/model/day-change';
import type { SymbolRef } from '../../workspace/pane-contract';

/** Key of one subscription group: `stock:US:` / `crypto:BA:`. */
export function groupKeyOf(s: SymbolRef): string {
  return `${s.class}:${s.region}:${s.class === 'stock' ? s.exchange : ''}`;
}

/** Stable key of a symbol (rows, duplicates). */
export function symbolKey(s: SymbolRef): string {
  return `${groupKeyOf(s)}:${s.code}`;
}

/** One market selection per group, codes in watchlist order and without duplicates. */
export function groupSymbols(symbols: readonly SymbolRef[]): Map<string, MarketSelection> {
  const groups = new Map<string, MarketSelection>();
  for (const s of symbols) {
    const key = groupKeyOf(s);
    let group = groups.get(key);
    if (!group) {
      group = {
        class: s.class,
        region: s.region,
        exchange: s.class === 'stock' ? s.exchange : '',
        codes: [],
      };
      groups.set(key, group);
    }
    if (!group.codes.includes(s.code)) group.codes.push(s.code);
  }
  return groups;
}

/**
 * The sortable columns, in display order. `drop` is the order in which a narrowing
 * board hides them (1 first; 0 never): the symbol, its price, its change and the
 * time of the quote always stay in view, and no column is ever cut in half
 * (QuoteBoard maps each level to a board width).
 */
export const COLUMNS = [
  { id: 'symbol', label: 'Symbol', numeric: false, drop: 0 },
  { id: 'last', label: 'Last', numeric: true, drop: 0 },
  { id: 'change', label: 'Chg', numeric: true, drop: 0 },
  { id: 'changePercent', label: 'Chg %', numeric: true, drop: 0 },
  { id: 'open', label: 'Open', numeric: true, drop: 2 },
  { id: 'high', label: 'High', numeric: true, drop: 3 },
  { id: 'low', label: 'Low', numeric: true, drop: 3 },
  { id: 'prevClose', label: 'Prev', numeric: true, drop: 2 },
  { id: 'volume', label: 'Volume', numeric: true, drop: 2 },
  { id: 'turnover', label: 'Turnover', numeric: true, drop: 1 },
  { id: 'time', label: 'Time', numeric: true, drop: 0 },
] as const;

/** The class that hides a column's cells when the board is too narrow for it. */
export function dropClass(id: ColumnId): string {
  const drop = COLUMNS.find((c) => c.id === id)?.drop ?? 0;
  return drop === 0 ? '' : `drop-${drop}`;
}

export type ColumnId = (typeof COLUMNS)[number]['id'];

export function isColumnId(value: unknown): value is ColumnId {
  return COLUMNS.some((c) => c.id === value);
}

/** What sorting needs of a row. */
export interface SortableRow {
  symbol: SymbolRef;
  quote: Quote | null;
}

/** The columns whose figures depend on the row's basis (all but the symbol, last and time). */
type BasisColumn = Exclude<ColumnId, 'symbol' | 'last' | 'time'>;
const isBasisColumn = (c: ColumnId): c is BasisColumn =>
  c !== 'symbol' && c !== 'last' && c !== 'time';

/** Sorting order of the bases: a board's session rows, then its 24 h rows, then the UTC day's. */
const BASIS_RANK: Record<RowBasis, number> = { session: 0, '24h': 1, 'utc-day': 2 };

/**
 * Rows sorted by a column (a new array; the input keeps watchlist order), on the figures
 * the rows show (`figuresOf`: a crypto row's 24 h change, not its quote's null). A change,
 * an open or a volume is compared only with one over the same window: rows group by
 * basis (session, 24 h, UTC day), each group sorted. Missing values sort last in either
 * direction; ties keep watchlist order.
 */
export function sortRows<R extends SortableRow>(
  rows: readonly R[],
  column: ColumnId,
  descending: boolean,
  figuresOf: (row: R) => ShownChange = (row) => shownChange(row.quote, null),
): R[] {
  const dir = descending ? -1 : 1;
  if (column === 'symbol') {
    return rows.toSorted((a, b) => dir * a.symbol.code.localeCompare(b.symbol.code));
  }
  const keyed = rows.map((row) => {
    const figures = isBasisColumn(column) ? figuresOf(row) : null;
    const v = isBasisColumn(column) ? figures?.[column] : row.quote?.[column];
    const value = typeof v === 'number' && Number.isFinite(v) ? v : null;
    return { row, value, rank: figures?.basis ? BASIS_RANK[figures.basis] : 0 };
  });
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return a.value === null ? (b.value === null ? 0 : 1) : -1;
    }
    return a.rank - b.rank || dir * (a.value - b.value);
  });
  return keyed.map((k) => k.row);
}

/** Cycles a header click: ascending → descending → none (numbers start descending). */
export function nextSort(
  current: { column: string; descending: boolean } | undefined,
  column: ColumnId,
): { column: ColumnId; descending: boolean } | undefined {
  const numeric = column !== 'symbol';
  if (current?.column !== column) return { column, descending: numeric };
  if (current.descending === numeric) return { column, descending: !numeric };
  return undefined;
}

/** A copy with the item at `from` moved by `delta` places (clamped). */
export function moveItem<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + delta));
  const out = [...items];
  if (from < 0 || from >= items.length || to === from) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** A stock's trading state other than normal: its words and icon. */
export interface TradingState {
  text: string;
  icon: 'halted' | 'delisted' | 'breaker';
  title: string;
}

/** The trading state of a stock's status (1 halted, 2 delisted, 3 circuit breaker); null when normal. */
export function tradingState(
  assetClass: AssetClass,
  status: number | undefined,
): TradingState | null {
  if (assetClass !== 'stock') return null;
  switch (status) {
    case 1:
      return { text: 'halted', icon: 'halted', title: 'Trading halted' };
    case 2:
      return { text: 'delisted', icon: 'delisted', title: 'Delisted' };
    case 3:
      return { text: 'circuit breaker', icon: 'breaker', title: 'Circuit breaker: trading paused' };
    default:
      return null;
  }
}

/** What the add-symbol form holds. */
export interface SymbolInput {
  class: string;
  region: string;
  exchange: string;
  code: string;
}

/**
 * Validates a typed symbol (the same rules the main side applies) and puts it in its
 * canonical form (upper case; HK codes without leading zeros), so "aapl" is AAPL and
 * "00700" is 700, and neither is added twice. Returns the symbol or a message. Whether
 * the source knows the symbol is asked next (workspace/symbol-gate).
 */
export function parseSymbolInput(
  input: SymbolInput,
  existing: readonly SymbolRef[],
): { ok: true; symbol: SymbolRef } | { ok: false; error: string } {
  if (!isAssetClass(input.class)) return { ok: false, error: 'Pick an asset class' };
  const region = input.region.trim().toUpperCase();
  if (!isRegion(region)) return { ok: false, error: `Region ${REGION_TEXT_RULE}` };
  const exchange = input.class === 'stock' ? input.exchange.trim() : '';
  if (!EXCHANGE_PATTERN.test(exchange)) return { ok: false, error: `Exchange ${EXCHANGE_RULE}` };
  const code = input.code.trim();
  if (!isSymbolCode(code)) return { ok: false, error: `Code ${SYMBOL_CODE_RULE}` };
  const symbol: SymbolRef = canonicalInstrument({ class: input.class, region, exchange, code });
  const key = symbolKey(symbol);
  if (existing.some((s) => symbolKey(s) === key)) {
    return { ok: false, error: `${symbol.code} is already on this list` };
  }
  return { ok: true, symbol };
}

/**
 * Rows for `symbols` in their order, reusing an existing row per symbol key (so
 * its quote survives) and dropping duplicates.
 */
export function reuseRows<R extends { key: string }>(
  old: readonly R[],
  symbols: readonly SymbolRef[],
  make: (symbol: SymbolRef) => R,
): R[] {
  const byKey = new Map(old.map((r) => [r.key, r]));
  const seen = new Set<string>();
  const rows: R[] = [];
  for (const s of symbols) {
    const key = symbolKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(byKey.get(key) ?? make(s));
  }
  return rows;
}
