/**
 * The deterministic synthetic market behind the simulator: one seeded price path per
 * instrument drives quotes, order books, candles of every interval, crypto ticks and
 * stock information; a seeded feed drives news. Closed history is a pure function of
 * (seed, instrument, time); the wall clock (`now`) only decides how much is revealed.
 *
 * Only catalog instruments (./catalog) exist: every method answers null for a code the
 * catalog does not list in that class and region, and the server turns that into the
 * real service's "not found" answer. Codes match in their canonical form ("aapl" is
 * AAPL, HK "00700" is 700); records echo the code as requested.
 *
 * Limits: klines return at most `MAX_KLINE_LIMIT` (5,000) candles, news pages at most
 * `NEWS_MAX_LIMIT` (100) items; history starts 2015-01-05 (crypto 2019-01-01), news
 * reaches back 30 days.
 */
import type {
  WireNewsDetail,
  WireCryptoQuote,
  WireDepth,
  WireKline,
  WireNewsResult,
  WireQuote,
  WireStockInfo,
  WireTick,
} from '../../shared/api/wire';
import type { AssetClass, KType } from '../../shared/model';
import { buildDepth } from './depth';
import { mix } from './hash';
import { buildInfo } from './info';
import { NewsStream } from './news';
import { lastTradeUnits, partialMinute } from './price-path';
import type { RawCandle } from './price-path';
import { aggregate, minuteStart, reveal, SeriesEngine } from './series';
import { findInstrument } from './catalog';
import { localDay } from '../../shared/calendar/time-zone';
import { NEWS_MARKETS, NEWS_LANGS } from '../../shared/model';
import {
  createSymbolModel,
  dayAtOrBefore,
  listingDayOf,
  sessionsOf,
  splitFactor,
} from './symbol-model';
import type { SymbolModel } from './symbol-model';

export {
  CATALOG,
  STATUS_SYMBOLS,
  REGION_CURRENCY,
  REGION_EXCHANGE,
  catalogOf,
  findInstrument,
} from './catalog';
export type { CatalogEntry, StatusSymbol } from './catalog';
export { MAX_KLINE_LIMIT } from './series';
export { isNewsCursor, NEWS_DEFAULT_LIMIT, NEWS_MAX_LIMIT, NEWS_HISTORY_SECONDS } from './news';

export interface SyntheticMarketOptions {
  seed: number;
  /** wall clock, Unix ms; defaults to Date.now */
  now?: () => number;
}

/** What the session so far looks like at an instant. */
interface Snapshot {
  /** Today's candle so far (or the last session's, outside sessions). */
  day: RawCandle;
  prevClose: number;
  /** Time of the latest trade, ms. */
  time: number;
  /** Volume units of the latest trade. */
  lastTrade: number;
}

/**
 * The simulator's market model. Every method reads the clock once; calls are cheap
 * once the days involved are memoised (see README.md in this folder).
 */
export class SyntheticMarket {
  readonly #seed: number;
  readonly #now: () => number;
  /** Models of the instruments asked for so far; bounded by the catalog's size. */
  readonly #symbols = new Map<string, SymbolModel>();
  readonly #news = new Map<string, NewsStream>();
  readonly #series = new SeriesEngine();
  #nextId = 1;

  constructor(options: SyntheticMarketOptions) {
    this.#seed = mix(options.seed >>> 0, Math.floor(options.seed / 4294967296));
    this.#now = options.now ?? Date.now;
  }

  /** The model of a catalog instrument; null when the catalog has no such product. */
  #symbol(cls: AssetClass, region: string, exchange: string, code: string): SymbolModel | null {
    const entry = findInstrument(cls, region, exchange, code);
    if (entry === undefined) return null;
    const key = `${entry.class}|${entry.region}|${entry.code}`;
    let sym = this.#symbols.get(key);
    if (!sym) {
      sym = createSymbolModel(this.#nextId++, this.#seed, entry);
      this.#symbols.set(key, sym);
    }
    // Before its listing date (./catalog/events.ts) the service knows no such product.
    if (sym.cls === 'stock' && listingDayOf(sym.region, sym.code) !== null) {
      if (localDay(sym.calendar.timeZone, this.#now()) < sym.firstDay) return null;
    }
    return sym;
  }

  #snapshot(sym: SymbolModel, now: number): Snapshot {
    const d = dayAtOrBefore(sym, now);
    const s = d === null ? null : sessionsOf(sym, d);
    if (!s) {
      // Before the symbol's history begins: a flat, untraded quote at its price level.
      const p = sym.basePrice;
      return {
        day: { t: now, o: p, h: p, l: p, c: p, v: 0, tu: 0 },
        prevClose: p,
        time: 0,
        lastTrade: 0,
      };
    }
    const path = this.#series.path(sym, s);
    const r = reveal(s, now);
    const forming = r.seconds >= 0 ? partialMinute(sym, path, r.minutes, r.seconds) : undefined;
    const day = aggregate(path, s.open, 0, r.minutes, forming);
    const prev = this.#series.klines(sym, 8, 1, now, s.open - 1);
    let prevClose = prev.length > 0 ? prev[prev.length - 1]!.c : day.o;
    // On a split's first day the previous close is restated on the new share count, as
    // quotes do; the candles keep the raw close.
    if (prev.length > 0 && sym.splits.length > 0) {
      const ratio =
        splitFactor(sym, localDay(sym.calendar.timeZone, prev[0]!.t)) / splitFactor(sym, d!);
      if (ratio !== 1) prevClose = Math.round((prevClose / ratio) * 1e6) / 1e6;
    }
    const lastMinute = forming ? r.minutes : Math.max(0, r.minutes - 1);
    const time = forming ? Math.floor(now / 1000) * 1000 : minuteStart(s, lastMinute) + 59_000;
    const lastTrade = lastTradeUnits(sym, path, lastMinute, forming ? r.seconds : 59);
    return { day, prevClose, time, lastTrade };
  }

  /**
   * stock/fund/indices/future → WireQuote (with p, ch, chp); crypto → WireCryptoQuote
   * (no p/ch/chp); forex also → WireQuote (the spec shows no forex quote record; keep
   * the 2.3 shape). Null for a code outside the catalog. `at` (Unix ms, never later than
   * now) reads an earlier instant: the stream's pump pushes a trade it ran late for as
   * the market stood at the trade.
   */
  quote(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
    at?: number,
  ): WireQuote | WireCryptoQuote | null {
    const sym = this.#symbol(cls, region, exchange, code);
    if (!sym) return null;
    const { day, prevClose, time } = this.#snapshot(sym, this.#at(at));
    const base = {
      s: code,
      ld: day.c,
      o: day.o,
      h: day.h,
      l: day.l,
      t: time,
      v: day.v / sym.volScale,
      tu: day.tu,
      ts: sym.status,
    };
    if (cls === 'crypto') return base;
    const scale = Math.max(sym.tickRule(day.c).scale, sym.tickRule(prevClose).scale);
    const ch = Math.round((day.c - prevClose) * scale) / scale;
    const chp = Math.round((ch / prevClose) * 100 * 10_000) / 10_000;
    return {
      s: base.s,
      ld: base.ld,
      o: base.o,
      p: prevClose,
      h: base.h,
      l: base.l,
      t: base.t,
      v: base.v,
      tu: base.tu,
      ts: base.ts,
      ch,
      chp,
    };
  }

  /** The order book; null for a code outside the catalog. `at` as for `quote`. */
  depth(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
    at?: number,
  ): WireDepth | null {
    const sym = this.#symbol(cls, region, exchange, code);
    if (!sym) return null;
    const { day, time } = this.#snapshot(sym, this.#at(at));
    const book = buildDepth(sym, day.c, time);
    book.s = code;
    return book;
  }

  /**
   * Ascending by time; at most `limit` candles, the last one the still-forming candle
   * when `endTime` is now/absent; `endTime` (Unix ms, the real service's `et`) pages
   * backward: only candles with open time <= endTime. Null for a code outside the
   * catalog (an empty array means a listed instrument with no candles in range).
   */
  klines(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
    kType: KType,
    limit: number,
    endTime?: number,
  ): WireKline[] | null {
    const sym = this.#symbol(cls, region, exchange, code);
    if (!sym) return null;
    const raw = this.#series.klines(sym, kType, limit, this.#now(), endTime);
    const scale = sym.volScale;
    return raw.map((k) => ({
      t: k.t,
      o: k.o,
      h: k.h,
      l: k.l,
      c: k.c,
      v: scale === 1 ? k.v : k.v / scale,
      tu: k.tu,
    }));
  }

  /** A crypto tick snapshot; null for a code outside the catalog. `at` as for `quote`. */
  tick(region: string, code: string, at?: number): WireTick | null {
    const sym = this.#symbol('crypto', region, '', code);
    if (!sym) return null;
    const { day, time, lastTrade } = this.#snapshot(sym, this.#at(at));
    const v = lastTrade / sym.volScale;
    return { s: code, ld: day.c, t: time, v, tu: Math.round(v * day.c * 100) / 100, ts: 0 };
  }

  /** The instant to read: `at`, but nothing the clock has not reached yet. */
  #at(at: number | undefined): number {
    const now = this.#now();
    return at === undefined ? now : Math.min(at, now);
  }

  /** A stock's information record; null for a code outside the catalog. */
  info(region: string, exchange: string, code: string, type: string): WireStockInfo | null {
    const sym = this.#symbol('stock', region, exchange, code);
    if (!sym) return null;
    const { day } = this.#snapshot(sym, this.#now());
    return buildInfo(sym, code, type, day.c);
  }

  /** The market's clock (Unix ms). */
  time(): number {
    return this.#now();
  }

  /**
   * A news item with its article, tags, markets and instruments, by id; null for an id
   * no stream has published by now (within the feed's history).
   */
  newsDetail(id: string): WireNewsDetail | null {
    const now = this.#now();
    for (const market of NEWS_MARKETS) {
      for (const lang of NEWS_LANGS) {
        const found = this.#stream(market, lang.id).detail(id, now);
        if (found) return found;
      }
    }
    return null;
  }

  #stream(market: string, lang: string): NewsStream {
    const key = `${market}|${lang}`;
    let stream = this.#news.get(key);
    if (!stream) {
      stream = new NewsStream(this.#seed, market, lang);
      if (this.#news.size < 1000) this.#news.set(key, stream);
    }
    return stream;
  }

  /** newest first; cursor is a previous page's nextCursor */
  news(market: string, lang: string, limit: number, cursor?: string): WireNewsResult {
    return this.#stream(market, lang).page(this.#now(), limit, cursor);
  }
}
