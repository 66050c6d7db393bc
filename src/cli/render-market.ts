/**
 * Tables for people, one per record type, with the app's own formatters
 * (shared/format/numbers): a number reads the same on the command line as in the panes
 * (digits per class and magnitude, separators, a true minus, abbreviated volumes).
 * `--json` bypasses all of this and prints the domain records themselves.
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
import {
  TRADING_STATUS,
  depthHasOrders,
  infoCountry,
  type AssetClass,
  type TradingStatusCode,
} from '../shared/model';
import { shownChange, type DayReference, type RowBasis } from '../shared/model/day-change';
import {
  EMPTY,
  classPriceDecimals,
  decimalsOf,
  formatBigNumber,
  formatChange,
  formatPercent,
  formatPrice,
  formatRatio,
  formatSize,
  formatVolume,
} from '../shared/format/numbers';
import { formatTime, renderTable, signColor, type Column } from './output';

type Keyed<T> = Record<string, T>;
/** A table of keyed records, as a command prints it. */
export type KeyedTable<T> = (records: Keyed<T>, tty: boolean) => string;

const statusText = (status: number): string =>
  TRADING_STATUS[status as TradingStatusCode] ?? String(status);

/** The words of a row's basis: what its change and day figures are over. */
export const BASIS_WORDS: Record<RowBasis, string> = {
  session: 'session',
  '24h': '24h',
  'utc-day': 'UTC day',
};

/**
 * One row per code. A quote with a change of its own shows it and the session's
 * figures; a crypto quote, with its 24 h reference (`references`, from 1-hour
 * candles), shows every figure over those 24 hours as the app's board does, and
 * without one the UTC day's figures and no change. BASIS names which.
 */
export function quotesTable(
  cls: AssetClass,
  references: Keyed<DayReference | null> = {},
  /** STATUS words of a trading status; default its name ("normal"). */
  status: (code: number) => string = statusText,
): KeyedTable<Quote> {
  return (quotes, tty) => {
    type Row = { code: string; q: Quote; d: number; shown: ReturnType<typeof shownChange> };
    const rows: Row[] = Object.entries(quotes).map(([code, q]) => ({
      code,
      q,
      d: classPriceDecimals(cls, q.last),
      shown: shownChange(q, references[code] ?? null),
    }));
    const price = (header: string, pick: (r: Row) => number | null): Column<Row> => ({
      header,
      align: 'right',
      value: (r) => formatPrice(pick(r), r.d),
    });
    const columns: Column<Row>[] = [
      { header: 'CODE', value: (r) => r.code },
      price('LAST', (r) => r.q.last),
      {
        header: 'CHANGE',
        align: 'right',
        value: (r) => formatChange(r.shown.change, r.d),
        color: (r) => signColor(r.shown.change),
      },
      {
        header: 'CHG%',
        align: 'right',
        value: (r) => formatPercent(r.shown.changePercent),
        color: (r) => signColor(r.shown.changePercent),
      },
      price('OPEN', (r) => r.shown.open),
      price('HIGH', (r) => r.shown.high),
      price('LOW', (r) => r.shown.low),
      price('PREV', (r) => r.shown.prevClose),
      { header: 'VOLUME', align: 'right', value: (r) => formatVolume(r.shown.volume) },
      { header: 'TURNOVER', align: 'right', value: (r) => formatVolume(r.shown.turnover) },
      { header: 'BASIS', value: (r) => (r.shown.basis ? BASIS_WORDS[r.shown.basis] : EMPTY) },
      { header: 'TIME', value: (r) => formatTime(r.q.time) },
      { header: 'STATUS', value: (r) => status(r.q.status) },
    ];
    return renderTable(rows, columns, tty);
  };
}

/** One row per code, as the tick tape shows a trade. */
export function ticksTable(cls: AssetClass): KeyedTable<Tick> {
  return (ticks, tty) => {
    const columns: Column<[string, Tick]>[] = [
      { header: 'CODE', value: ([c]) => c },
      {
        header: 'LAST',
        align: 'right',
        value: ([, t]) => formatPrice(t.last, classPriceDecimals(cls, t.last)),
      },
      { header: 'VOLUME', align: 'right', value: ([, t]) => formatSize(t.volume) },
      { header: 'TURNOVER', align: 'right', value: ([, t]) => formatVolume(t.turnover) },
      { header: 'TIME', value: ([, t]) => formatTime(t.time) },
      { header: 'STATUS', value: ([, t]) => String(t.status) },
    ];
    return renderTable(Object.entries(ticks), columns, tty);
  };
}

/** Decimals of a book's prices, as the ladder fixes them: the most any level has. */
function bookDecimals(book: DepthBook): number {
  let d = 0;
  for (const l of [...book.bids, ...book.asks]) {
    if (l.price !== null) d = Math.max(d, decimalsOf(l.price));
  }
  return d;
}

/**
 * A ladder per code: bids on the left, asks on the right, level by level. Order counts
 * only for the classes whose books carry them (not crypto, whose `o` repeats the size).
 */
export function depthTables(cls: AssetClass): KeyedTable<DepthBook> {
  return (books, tty) => {
    type Row = { level: number; d: number; bid?: DepthLevel; ask?: DepthLevel };
    const price = (l: DepthLevel | undefined, d: number) =>
      l?.price === null || l === undefined ? EMPTY : formatPrice(l.price, d);
    const orders = depthHasOrders(cls);
    const columns: Column<Row>[] = [
      { header: 'LVL', align: 'right', value: (r) => String(r.level) },
      ...(orders
        ? [
            {
              header: 'BID ORD',
              align: 'right',
              value: (r) => formatSize(r.bid?.orders),
            } as Column<Row>,
          ]
        : []),
      { header: 'BID VOL', align: 'right', value: (r) => formatSize(r.bid?.volume) },
      { header: 'BID', align: 'right', value: (r) => price(r.bid, r.d), color: () => 'green' },
      { header: 'ASK', value: (r) => price(r.ask, r.d), color: () => 'red' },
      { header: 'ASK VOL', align: 'right', value: (r) => formatSize(r.ask?.volume) },
      ...(orders
        ? [
            {
              header: 'ASK ORD',
              align: 'right',
              value: (r) => formatSize(r.ask?.orders),
            } as Column<Row>,
          ]
        : []),
    ];
    return Object.entries(books)
      .map(([code, book]) => {
        const d = bookDecimals(book);
        const n = Math.max(book.bids.length, book.asks.length);
        const rows = Array.from({ length: n }, (_, i) => ({
          level: i + 1,
          d,
          ...(book.bids[i] ? { bid: book.bids[i] } : {}),
          ...(book.asks[i] ? { ask: book.asks[i] } : {}),
        }));
        return `${code}\n${renderTable(rows, columns, tty)}`;
      })
      .join('\n');
  };
}

/** A table of candles per code, oldest first, with the chart's digits. */
export function candleTables(cls: AssetClass): KeyedTable<Candle[]> {
  return (series, tty) =>
    Object.entries(series)
      .map(([code, candles]) => {
        const d = classPriceDecimals(cls, candles.at(-1)?.close);
        const price = (header: string, pick: (c: Candle) => number): Column<Candle> => ({
          header,
          align: 'right',
          value: (c) => formatPrice(pick(c), d),
        });
        const columns: Column<Candle>[] = [
          { header: 'TIME', value: (c) => formatTime(c.time) },
          price('OPEN', (c) => c.open),
          price('HIGH', (c) => c.high),
          price('LOW', (c) => c.low),
          { ...price('CLOSE', (c) => c.close), color: (c) => signColor(c.close - c.open) },
          { header: 'VOLUME', align: 'right', value: (c) => formatVolume(c.volume) },
          { header: 'TURNOVER', align: 'right', value: (c) => formatVolume(c.turnover) },
        ];
        return `${code}\n${renderTable(candles, columns, tty)}`;
      })
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

/** A company card: the fields the app's card shows, in its words and formats. */
export function infoTable(info: StockInfo, region: string, tty: boolean): string {
  const text = (s: string) => s.trim() || EMPTY;
  return fieldsTable(
    [
      ['code', text(info.code)],
      ['name', text(info.name)],
      ['type', text(info.type)],
      ['exchange', text(info.exchange)],
      ['region', text(region)],
      ['country', text(infoCountry(info, region))],
      ['currency', text(info.currency)],
      ['sector', text(info.sector)],
      ['industry', text(info.industry)],
      ['market cap', formatBigNumber(info.marketCap)],
      ['shares outstanding', formatBigNumber(info.sharesOutstanding)],
      ['P/E', formatRatio(info.peRatio)],
      ['website', text(info.website)],
      // One line: a table cell cannot hold a paragraph's line breaks.
      ['description', text(info.description.replace(/\s+/g, ' '))],
    ],
    tty,
  );
}

/** Headlines, newest first, then how to ask for the next page. */
export function newsTable(page: NewsPage, tty: boolean): string {
  const columns: Column<NewsPage['items'][number]>[] = [
    { header: 'TIME', value: (n) => formatTime(n.publishedAt) },
    { header: 'PROVIDER', value: (n) => n.provider || EMPTY },
    { header: 'TITLE', value: (n) => n.title.replace(/\s+/g, ' ') },
    { header: 'LINK', value: (n) => n.link || EMPTY },
  ];
  const more = page.hasMore && page.nextCursor ? `\nnext page: --cursor ${page.nextCursor}\n` : '';
  return renderTable(page.items, columns, tty) + more;
}
