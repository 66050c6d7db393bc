/**
 * Tables for people, one per record type. `--json` bypasses all of this and prints
 * the domain records themselves.
 */
import type {
  Candle,
  DepthBook,
  DepthLevel,
  NewsPage,
  Quote,
  StockInfo,
  Tick,
} from '../shared/model';
import { TRADING_STATUS, type TradingStatusCode } from '../shared/model';
import {
  formatAmount,
  formatNumber,
  formatTime,
  renderTable,
  signColor,
  type Column,
} from './output';

type Keyed<T> = Record<string, T>;

const statusText = (status: number): string =>
  TRADING_STATUS[status as TradingStatusCode] ?? String(status);

const signed = (n: number | null, suffix = ''): string =>
  n === null ? '-' : `${n > 0 ? '+' : ''}${formatNumber(n, 4)}${suffix}`;

/** The code and the last trade's price: the first columns of quotes and ticks. */
const CODE_LAST: Column<[string, Quote | Tick]>[] = [
  { header: 'CODE', value: ([c]) => c },
  { header: 'LAST', align: 'right', value: ([, t]) => formatNumber(t.last) },
];
const VOLUME: Column<[string, Quote | Tick]> = {
  header: 'VOLUME',
  align: 'right',
  value: ([, t]) => formatAmount(t.volume),
};
const TIME: Column<[string, Quote | Tick]> = {
  header: 'TIME',
  value: ([, t]) => formatTime(t.time),
};

/** One row per code. */
export function quotesTable(quotes: Keyed<Quote>, tty: boolean): string {
  const columns: Column<[string, Quote]>[] = [
    ...CODE_LAST,
    {
      header: 'CHANGE',
      align: 'right',
      value: ([, q]) => signed(q.change),
      color: ([, q]) => signColor(q.change),
    },
    {
      header: 'CHG%',
      align: 'right',
      value: ([, q]) => signed(q.changePercent, '%'),
      color: ([, q]) => signColor(q.changePercent),
    },
    { header: 'OPEN', align: 'right', value: ([, q]) => formatNumber(q.open) },
    { header: 'HIGH', align: 'right', value: ([, q]) => formatNumber(q.high) },
    { header: 'LOW', align: 'right', value: ([, q]) => formatNumber(q.low) },
    { header: 'PREV', align: 'right', value: ([, q]) => formatNumber(q.prevClose) },
    VOLUME,
    TIME,
    { header: 'STATUS', value: ([, q]) => statusText(q.status) },
  ];
  return renderTable(Object.entries(quotes), columns, tty);
}

/** One row per code. */
export function ticksTable(ticks: Keyed<Tick>, tty: boolean): string {
  const columns: Column<[string, Tick]>[] = [
    ...CODE_LAST,
    VOLUME,
    { header: 'TURNOVER', align: 'right', value: ([, t]) => formatAmount(t.turnover) },
    TIME,
    { header: 'STATUS', value: ([, t]) => String(t.status) },
  ];
  return renderTable(Object.entries(ticks), columns, tty);
}

/** A ladder per code: bids on the left, asks on the right, level by level. */
export function depthTables(books: Keyed<DepthBook>, tty: boolean): string {
  type Row = { level: number; bid: DepthLevel | undefined; ask: DepthLevel | undefined };
  const columns: Column<Row>[] = [
    { header: 'LVL', align: 'right', value: (r) => String(r.level) },
    { header: 'BID ORD', align: 'right', value: (r) => formatNumber(r.bid?.orders ?? null, 4) },
    { header: 'BID VOL', align: 'right', value: (r) => formatAmount(r.bid?.volume ?? null) },
    {
      header: 'BID',
      align: 'right',
      value: (r) => formatNumber(r.bid?.price ?? null),
      color: () => 'green',
    },
    { header: 'ASK', value: (r) => formatNumber(r.ask?.price ?? null), color: () => 'red' },
    { header: 'ASK VOL', align: 'right', value: (r) => formatAmount(r.ask?.volume ?? null) },
    { header: 'ASK ORD', align: 'right', value: (r) => formatNumber(r.ask?.orders ?? null, 4) },
  ];
  return Object.entries(books)
    .map(([code, book]) => {
      const n = Math.max(book.bids.length, book.asks.length);
      const rows = Array.from({ length: n }, (_, i) => ({
        level: i + 1,
        bid: book.bids[i],
        ask: book.asks[i],
      }));
      return `${code}\n${renderTable(rows, columns, tty)}`;
    })
    .join('\n');
}

/** A table of candles per code, oldest first. */
export function candleTables(series: Keyed<Candle[]>, tty: boolean): string {
  const columns: Column<Candle>[] = [
    { header: 'TIME', value: (c) => formatTime(c.time) },
    { header: 'OPEN', align: 'right', value: (c) => formatNumber(c.open) },
    { header: 'HIGH', align: 'right', value: (c) => formatNumber(c.high) },
    { header: 'LOW', align: 'right', value: (c) => formatNumber(c.low) },
    {
      header: 'CLOSE',
      align: 'right',
      value: (c) => formatNumber(c.close),
      color: (c) => signColor(c.close - c.open),
    },
    { header: 'VOLUME', align: 'right', value: (c) => formatAmount(c.volume) },
    { header: 'TURNOVER', align: 'right', value: (c) => formatAmount(c.turnover) },
  ];
  return Object.entries(series)
    .map(([code, candles]) => `${code}\n${renderTable(candles, columns, tty)}`)
    .join('\n');
}

/** Label/value pairs, e.g. a company card or cache statistics. */
export function fieldsTable(fields: readonly [string, string][], tty: boolean): string {
  const columns: Column<[string, string]>[] = [
    { header: 'FIELD', value: ([k]) => k },
    { header: 'VALUE', value: ([, v]) => v },
  ];
  return renderTable(fields, columns, tty);
}

/** A company card. */
export function infoTable(info: StockInfo, tty: boolean): string {
  const text = (s: string) => s || '-';
  return fieldsTable(
    [
      ['code', text(info.code)],
      ['name', text(info.name)],
      ['type', text(info.type)],
      ['exchange', text(info.exchange)],
      ['sector', text(info.sector)],
      ['industry', text(info.industry)],
      ['country', text(info.country)],
      ['currency', text(info.currency)],
      ['market cap', formatAmount(info.marketCap)],
      ['shares outstanding', formatAmount(info.sharesOutstanding)],
      ['P/E', formatNumber(info.peRatio, 2)],
      ['website', text(info.website)],
      // One line: a table cell cannot hold a paragraph's line breaks.
      ['description', text(info.description.replace(/\s+/g, ' ').trim())],
    ],
    tty,
  );
}

/** Headlines, newest first, then how to ask for the next page. */
export function newsTable(page: NewsPage, tty: boolean): string {
  const columns: Column<NewsPage['items'][number]>[] = [
    { header: 'TIME', value: (n) => formatTime(n.publishedAt) },
    { header: 'PROVIDER', value: (n) => n.provider || '-' },
    { header: 'TITLE', value: (n) => n.title.replace(/\s+/g, ' ') },
    { header: 'LINK', value: (n) => n.link || '-' },
  ];
  const more = page.hasMore && page.nextCursor ? `\nnext page: --cursor ${page.nextCursor}\n` : '';
  return renderTable(page.items, columns, tty) + more;
}
