/**
 * MarketClient: the typed client of the market data API. One generic `call` driven by
 * the OPERATIONS table builds, sends, validates and normalises every operation; the
 * per-kind methods (`quotes`, `klines`…) only pick the table entry. All calls resolve
 * to a Result and never reject. Batch calls are split by the plan's maximum codes, run
 * with bounded concurrency, and report missing or failed codes one by one.
 */
import { OPERATIONS, findOperation, servedClasses } from '../../shared/api/operations';
import type { OperationName, OperationSpec, ServedClass } from '../../shared/api/operations';
import type {
  AssetClass,
  Candle,
  DepthBook,
  NewsPage,
  Plan,
  Quote,
  StockInfo,
  Tick,
} from '../../shared/model';
import { planOf } from '../../shared/model';
import { callBatch, callSingle, type RecordReader } from './calls';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { invalid, type AnyParams } from './request';
import { readCandles, readDepth, readQuote, readTick } from './normalise-market';
import { readNewsPage, readStockInfo } from './normalise-reference';
import type { SettingWords } from './http-errors';
import {
  DEFAULT_REQUESTS_PER_MINUTE,
  RateLimiter,
  DeferredLimiter,
  ShareLimiter,
  backgroundLimit,
} from './rate-limiter';
import type { BatchResult, Result } from './result';
import { err } from './result';
import type { RetryOptions } from './retry';
import { DEFAULT_RETRY } from './retry';
import type {
  BatchParams,
  InfoParams,
  KlineParams,
  NewsParams,
  ParamsOf,
  ResultOf,
  SymbolParams,
} from './shapes';
import { shapeOf } from './shapes';
import { Transport } from './transport';
import { SYMBOL_LIST_PATH } from '../../shared/api/symbol-list';
import type { DirectoryEntry } from '../../shared/model';
import { toSchemaError } from './batch';
import { ok } from './result';
import { readSymbolList, type SymbolListParams } from './symbol-list';
import {
  HOLIDAYS_PATH,
  IPO_KINDS,
  IPOS_PATH,
  MARKET_STATUS_PATH,
  newsDetailPath,
  SPLITS_PATH,
} from '../../shared/api/market-time';
import type { Ipo, IpoKind, MarketStatus, NewsDetail, Split } from '../../shared/model';
import { isRegion } from '../../shared/model';
import type { RegionCalendar } from '../../shared/calendar/region-calendar';
import {
  readHolidays,
  readIpos,
  readMarketStatus,
  readNewsDetail,
  readSplits,
} from './normalise-market-time';

/** The real service's address (docs/api-gaps.md). */
export const DEFAULT_BASE_URL = 'https://api.itick.org';
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

export interface MarketClientOptions {
  /** The API key, sent as the `token` header. Never logged, never in a message. */
  token: string;
  /** Default DEFAULT_BASE_URL. A trailing slash is ignored; a path prefix is kept. */
  baseUrl?: string;
  /** Sets the codes per batch request (`maxCodes`) and the default rate; default Base. */
  plan?: Plan;
  /**
   * Requests in any minute for this client, shared by all its callers; default by plan
   * (DEFAULT_REQUESTS_PER_MINUTE). `Infinity` disables. Its background share (the
   * feed's polls, through `background()`) is `backgroundLimit` of it.
   */
  requestsPerMinute?: number;
  /** Chunks of one batch call in flight at once; default 4. */
  concurrency?: number;
  /** Per attempt, including reading the body; default 10 s. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Injected for tests: the limiter's and the retries' time. */
  clock?: Clock;
  /** Injected for tests: jitter source in [0, 1). */
  random?: () => number;
  /** How error messages name the settings to check; default the app's Settings dialog. */
  settingWords?: SettingWords;
  /**
   * Told when the service answers 429, with the requests sent in the last minute: the
   * client keeps to `requestsPerMinute`, so a 429 says the service allows fewer.
   */
  onRateLimited?: (sentInLastMinute: number) => void;
  /**
   * The client this one replaces for the same service and token (a new plan or
   * budget): the requests it sent in the last minute still count against the service's
   * minute, so they count against this client's too.
   */
  replaces?: MarketClient;
}

export interface CallOptions {
  /** Aborts in-flight requests and pending waits; reported as an `aborted` ApiError. */
  signal?: AbortSignal;
}

/** Classes with a quotes operation. */
export type QuoteClass = ServedClass<'quotes', true>;
/** Classes with a batch depth operation. */
export type DepthsClass = ServedClass<'depth', true>;
/** Classes with a single-symbol depth operation. */
export type DepthClass = ServedClass<'depth', false>;
/** Classes with a klines operation. */
export type KlineClass = ServedClass<'klines', true>;

/** {@link QuoteClass} as a list, in the table's order (for checks and messages). */
export const QUOTE_CLASSES = servedClasses('quotes', true);
/** {@link DepthsClass} as a list. */
export const DEPTHS_CLASSES = servedClasses('depth', true);
/** {@link DepthClass} as a list. */
export const DEPTH_CLASSES = servedClasses('depth', false);
/** {@link KlineClass} as a list. */
export const KLINE_CLASSES = servedClasses('klines', true);

/** What every call resolves to. */
type Answer<T> = Promise<Result<T>>;
/** What every batch call resolves to. */
type Batch<T> = Answer<BatchResult<T>>;

export class MarketClient {
  /** The plan the client chunks batches for. */
  readonly plan: Plan;
  readonly baseUrl: string;
  /** Requests in any minute, all callers together (the plan's limit, or the setting's). */
  readonly requestsPerMinute: number;
  private readonly transport: Transport;
  private readonly concurrency: number;
  /** The same client, its requests counted against the background share: see `background`. */
  readonly #background: MarketClient;
  /** The same client, its requests served after the rest: see `deferred`. */
  readonly #deferred: MarketClient;
  /** The background view whose requests go ahead of its other ones: see `firstAnswers`. */
  readonly #first: MarketClient;
  /** The plan's minute, shared by this client and its background view. */
  readonly #whole: RateLimiter;

  /**
   * `shared` is internal: the background view's transport, over the same limiters.
   */
  constructor(
    options: MarketClientOptions,
    shared?: { transport: Transport; whole: RateLimiter; first?: MarketClient },
  ) {
    this.plan = options.plan ?? planOf('base');
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.requestsPerMinute =
      options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[this.plan.name];
    if (shared) {
      this.transport = shared.transport;
      this.#background = this;
      this.#deferred = this;
      this.#first = shared.first ?? this;
      this.#whole = shared.whole;
      return;
    }
    const clock = options.clock ?? systemClock;
    const whole = new RateLimiter({
      requestsPerMinute: this.requestsPerMinute,
      clock,
      granted: options.replaces ? options.replaces.#whole.grantTimes() : [],
    });
    this.#whole = whole;
    const config = {
      baseUrl: this.baseUrl,
      token: options.token,
      fetch: options.fetch ?? globalThis.fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      limiter: whole,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      clock,
      random: options.random ?? Math.random,
      ...(options.settingWords ? { settingWords: options.settingWords } : {}),
      onRateLimited: () => options.onRateLimited?.(whole.used),
    };
    this.transport = new Transport(config);
    const share = new RateLimiter({
      requestsPerMinute: backgroundLimit(this.requestsPerMinute),
      clock,
    });
    const transport = new Transport({ ...config, limiter: new ShareLimiter(share, whole) });
    const first = new MarketClient(options, {
      transport: new Transport({ ...config, limiter: new ShareLimiter(share, whole, true) }),
      whole,
    });
    this.#first = this;
    this.#background = new MarketClient(options, { transport, whole, first });
    this.#deferred = new MarketClient(options, {
      transport: new Transport({ ...config, limiter: new DeferredLimiter(whole) }),
      whole,
    });
  }

  /**
   * This client for what a user waits for less than for what they just asked (the news
   * pane's pages): its requests take a slot of the minute only when nothing more urgent
   * waits for one, so on a small plan a chart's history goes first. Same token, address,
   * plan and limiter as this one.
   */
  deferred(): MarketClient {
    return this.#deferred;
  }

  /**
   * This client for work nobody is waiting on (the feed's polls): its requests take a
   * slot of the background share (`backgroundLimit` of the minute) as well as one of the
   * whole, so however much the feed wants, the rest of the minute stays free for what
   * the user asks. Same token, address, plan and limiter as this one.
   */
  background(): MarketClient {
    return this.#background;
  }

  /**
   * The background view for a feed poll that brings an empty pane its first answer:
   * the same share of the minute and the same slots, but served before the share's
   * other callers (the repeat polls of feeds that already show data) —
   * `FIRST_ANSWER_PRIORITY`. Of the background view only; any other view is itself.
   */
  firstAnswers(): MarketClient {
    return this.#first;
  }

  /** About how long a request asked now waits for a slot of the plan's minute (ms). */
  slotDelayMs(): number {
    return this.#whole.delayFor();
  }

  /** Requests sent in the last minute (and its second of slack), every caller together. */
  requestsInLastMinute(): number {
    return this.#whole.used;
  }

  /** Any of the 20 operations by name, typed by the table. */
  async call<Op extends OperationName>(
    op: Op,
    params: ParamsOf<Op>,
    options: CallOptions = {},
  ): Promise<Result<ResultOf<Op>>> {
    const spec: OperationSpec | undefined = Object.hasOwn(OPERATIONS, op)
      ? OPERATIONS[op]
      : undefined;
    if (spec === undefined) return err(invalid(String(op), `unknown operation "${String(op)}"`));
    const p = params as AnyParams;
    const signal = options.signal;
    const shape = shapeOf(spec);
    let result: Result<unknown>;
    switch (shape) {
      case 'quotes': {
        const crypto = spec.class === 'crypto';
        result = await this.batch(
          op,
          spec,
          p,
          (v, code) => readQuote(v, code, crypto),
          false,
          signal,
        );
        break;
      }
      case 'depths':
        result = await this.batch(op, spec, p, readDepth, false, signal);
        break;
      case 'ticks':
        result = await this.batch(op, spec, p, readTick, false, signal);
        break;
      case 'klines': {
        const limit = typeof p.limit === 'number' ? p.limit : undefined;
        result = await this.batch(op, spec, p, (v) => readCandles(v, limit), true, signal);
        break;
      }
      case 'depth':
        result = await callSingle(this.transport, op, spec, p, readDepth, signal);
        break;
      case 'info':
        result = await callSingle(
          this.transport,
          op,
          spec,
          { ...p, type: p.type ?? 'stock' },
          readStockInfo,
          signal,
        );
        break;
      case 'news':
        result = await callSingle(this.transport, op, spec, p, (v) => readNewsPage(v), signal);
        break;
    }
    return result as Result<ResultOf<Op>>;
  }

  /** Real-time quotes of `codes` in one class and region. */
  quotes(cls: QuoteClass, params: BatchParams, options?: CallOptions): Batch<Quote> {
    return this.byKind('quotes', cls, true, params, options);
  }

  /** Order books of `codes`. */
  depths(cls: DepthsClass, params: BatchParams, options?: CallOptions): Batch<DepthBook> {
    return this.byKind('depth', cls, true, params, options);
  }

  /** One order book (stock and crypto have a single-symbol operation). */
  depth(cls: DepthClass, params: SymbolParams, options?: CallOptions): Answer<DepthBook> {
    return this.byKind('depth', cls, false, params, options);
  }

  /** Candle series of `codes`, each ascending by time without duplicates. */
  klines(cls: KlineClass, params: KlineParams, options?: CallOptions): Batch<Candle[]> {
    return this.byKind('klines', cls, true, params, options);
  }

  /** Crypto tick snapshots. */
  ticks(params: BatchParams, options?: CallOptions): Batch<Tick> {
    return this.call('cryptoTicks', params, options);
  }

  /** Stock reference data. */
  info(params: InfoParams, options?: CallOptions): Answer<StockInfo> {
    return this.call('stockInfo', params, options);
  }

  /** One page of news; pass the previous page's `nextCursor` as `cursor` for the next. */
  news(params: NewsParams, options?: CallOptions): Answer<NewsPage> {
    return this.call('news', params, options);
  }

  /**
   * The service's symbol list of a class (and region): an operation outside the spec's
   * 20 (src/shared/api/symbol-list.ts), read leniently. A service without one answers
   * an error (often HTTP 404): the caller treats that as "no list here".
   */
  async symbolList(params: SymbolListParams, options: CallOptions = {}): Answer<DirectoryEntry[]> {
    const operation = 'symbolList';
    const query = [`type=${encodeURIComponent(params.class)}`];
    if (params.region) query.push(`region=${encodeURIComponent(params.region)}`);
    const where = params.region ? ` in ${params.region}` : '';
    const res = await this.transport.get(
      {
        operation,
        path: SYMBOL_LIST_PATH,
        query: query.join('&'),
        what: `${params.class} symbol list${where}`,
      },
      options.signal,
    );
    if (!res.ok) return res;
    try {
      return ok(readSymbolList(res.value, params));
    } catch (e) {
      return err(toSchemaError(operation, undefined, e));
    }
  }

  /**
   * What a stock market is doing now, by the service (`/market/status`, docs/api-gaps.md
   * section 10.1): its state, half day, holiday, hours and time zone.
   */
  marketStatus(region: string, options: CallOptions = {}): Answer<MarketStatus> {
    return this.regional(
      'marketStatus',
      MARKET_STATUS_PATH,
      'code',
      region,
      '',
      `market status of ${region}`,
      readMarketStatus,
      options,
    );
  }

  /**
   * A region's calendar from its holiday list (`/symbol/v2/holidays`, 10.2): time zone,
   * usual sessions, closed days and half days. Null when the service lists no holidays
   * (it then gives no hours either): the caller keeps its own calendar.
   */
  holidays(region: string, options: CallOptions = {}): Answer<RegionCalendar | null> {
    return this.regional(
      'holidays',
      HOLIDAYS_PATH,
      'code',
      region,
      '',
      `holidays of ${region}`,
      readHolidays,
      options,
    );
  }

  /** A region's stock splits (`/stock/split`, 10.3); a ratio that is not `a:b` is refused. */
  splits(region: string, options: CallOptions = {}): Answer<Split[]> {
    return this.regional(
      'splits',
      SPLITS_PATH,
      'region',
      region,
      '',
      `stock splits in ${region}`,
      readSplits,
      options,
    );
  }

  /** A region's upcoming or recent IPOs (`/stock/ipo`, 10.4). */
  ipos(kind: IpoKind, region: string, options: CallOptions = {}): Answer<Ipo[]> {
    if (!IPO_KINDS.includes(kind)) {
      const problem = `type must be upcoming or recent, got "${String(kind)}"`;
      return Promise.resolve(err(invalid('ipos', problem)));
    }
    return this.regional(
      'ipos',
      IPOS_PATH,
      'region',
      region,
      `type=${kind}&`,
      `${kind} IPOs in ${region}`,
      readIpos,
      options,
    );
  }

  /**
   * A market-time request about one region, named by the parameter `param` after the
   * query's `prefix`; a region that is not two capitals is the caller's mistake, not sent.
   */
  private regional<T>(
    op: string,
    path: string,
    param: 'code' | 'region',
    region: string,
    prefix: string,
    what: string,
    read: (value: unknown, region: string) => T,
    options: CallOptions,
  ): Answer<T> {
    if (typeof region !== 'string' || !isRegion(region)) {
      const problem = `region must be two capital letters, got ${JSON.stringify(region)}`;
      return Promise.resolve(err(invalid(op, problem)));
    }
    const query = `${prefix}${param}=${encodeURIComponent(region)}`;
    return this.getRead(op, path, query, what, (v) => read(v, region), options.signal);
  }

  /** One news item with its article, tags, markets and instruments (`/news/<id>`, 10.5). */
  newsDetail(id: string, options: CallOptions = {}): Answer<NewsDetail> {
    if (typeof id !== 'string' || id.trim() === '') {
      return Promise.resolve(err(invalid('newsDetail', 'a news id is required')));
    }
    return this.getRead(
      'newsDetail',
      newsDetailPath(id),
      '',
      `news item ${id}`,
      (v) => readNewsDetail(v, id),
      options.signal,
    );
  }

  /** One request outside the OPERATIONS table, its data read by `read` (a RecordIssue → schema error). */
  private async getRead<T>(
    operation: string,
    path: string,
    query: string,
    what: string,
    read: (value: unknown) => T,
    signal: AbortSignal | undefined,
  ): Answer<T> {
    const res = await this.transport.get({ operation, path, query, what }, signal);
    if (!res.ok) return res;
    try {
      return ok(read(res.value));
    } catch (e) {
      return err(toSchemaError(operation, undefined, e));
    }
  }

  private byKind<T>(
    kind: 'quotes' | 'depth' | 'klines',
    cls: AssetClass,
    batch: boolean,
    params: object,
    options?: CallOptions,
  ): Answer<T> {
    const op = findOperation(kind, cls, batch);
    if (op === null) {
      const what = `${batch ? 'batch ' : ''}${kind} for ${cls}`;
      return Promise.resolve(err(invalid(kind, `the service has no ${what} operation`)));
    }
    return this.call(op, params as never, options) as Answer<T>;
  }

  private batch<T>(
    op: OperationName,
    spec: OperationSpec,
    params: AnyParams,
    read: RecordReader<T>,
    bareArray: boolean,
    signal: AbortSignal | undefined,
  ): Promise<Result<BatchResult<T>>> {
    const limits = { maxCodes: this.plan.maxCodes, concurrency: this.concurrency, bareArray };
    return callBatch(this.transport, op, spec, params, read, limits, signal);
  }
}
