/**
 * A scriptable `FeedClient` for the hub's timing tests: it records every call, answers
 * made-up records whose values change only when a test says so, and can fail, hold its
 * answers or leave codes out. Optionally waits on a real `RateLimiter` first, as the
 * `MarketClient` does.
 */
import type { Candle, DepthBook, NewsPage, Quote, Tick } from '../../../shared/model';
import {
  ApiError,
  type BatchParams,
  type BatchResult,
  type CallOptions,
  type KlineParams,
  type NewsParams,
  type RateLimiter,
  type Result,
} from '../../api';
import type { FeedClient } from '../types';

export interface FakeCall {
  method: 'quotes' | 'depths' | 'klines' | 'ticks' | 'news';
  cls: string | null;
  region: string | null;
  codes: string[];
  /** klines only. */
  limit?: number;
  /** The hub's clock when the call was made. */
  at: number;
  /** HTTP requests the call stands for: chunks of `maxCodes`, as `MarketClient` sends. */
  requests: number;
}

export interface FakeClientOptions {
  /** Waited on once per request, as `MarketClient` does. */
  limiter?: RateLimiter;
  /** Codes per request (the plan maximum); default no limit. */
  maxCodes?: number;
}

const BASE_TIME = 1_790_000_000_000;

export class FakeFeedClient implements FeedClient {
  readonly calls: FakeCall[] = [];
  /** Every call fails with this while set. */
  error: ApiError | null = null;
  /** Codes left out of answers (reported `missing`). */
  readonly missing = new Set<string>();
  /** Codes answered as known with no record yet (reported `pending`: a replay before their first frame). */
  readonly pending = new Set<string>();
  /** While true, answers wait until `release()`. */
  hold = false;
  #held: (() => void)[] = [];
  /** Version of every record; a code's own bump adds to it. */
  version = 0;
  readonly #bumps = new Map<string, number>();

  readonly #limiter: RateLimiter | undefined;
  readonly #maxCodes: number;

  constructor(
    private readonly now: () => number,
    options: FakeClientOptions = {},
  ) {
    this.#limiter = options.limiter;
    this.#maxCodes = options.maxCodes ?? Infinity;
  }

  /** HTTP requests all calls so far stand for. */
  get requests(): number {
    return this.calls.reduce((n, c) => n + c.requests, 0);
  }

  /** Changes one code's records (or, with no code, every record). */
  bump(code?: string): void {
    if (code === undefined) this.version++;
    else this.#bumps.set(code, (this.#bumps.get(code) ?? 0) + 1);
  }

  /** Answers every held call. */
  release(): void {
    const held = this.#held;
    this.#held = [];
    for (const go of held) go();
  }

  callsOf(method: FakeCall['method']): FakeCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  quotes(cls: string, params: BatchParams, options?: CallOptions) {
    return this.#batch('quotes', cls, params, options, (code, v) => quote(code, v));
  }

  depths(cls: string, params: BatchParams, options?: CallOptions) {
    return this.#batch('depths', cls, params, options, (code, v) => book(code, v));
  }

  ticks(params: BatchParams, options?: CallOptions) {
    return this.#batch('ticks', 'crypto', params, options, (code, v) => tick(code, v));
  }

  klines(cls: string, params: KlineParams, options?: CallOptions) {
    const read = (code: string, v: number) => candles(params.limit, v);
    return this.#batch('klines', cls, params, options, read, params.limit);
  }

  async news(params: NewsParams, options?: CallOptions): Promise<Result<NewsPage>> {
    this.calls.push({
      method: 'news',
      cls: null,
      region: null,
      codes: [],
      at: this.now(),
      requests: 1,
    });
    const failure = await this.#gate(options, 1);
    if (failure) return failure;
    const v = this.version;
    const items = Array.from({ length: 3 }, (_, i) => ({
      id: `${params.market}-${params.lang}-${v}-${i}`,
      title: `Story ${v}.${i}`,
      publishedAt: BASE_TIME + v * 60_000 - i * 1000,
      market: params.market,
      language: params.lang,
      link: `https://news.example/${v}/${i}`,
      provider: 'Fake Wire',
    }));
    return { ok: true, value: { items, nextCursor: `c${v}`, hasMore: true, count: items.length } };
  }

  async #batch<T>(
    method: FakeCall['method'],
    cls: string,
    params: BatchParams,
    options: CallOptions | undefined,
    make: (code: string, version: number) => T,
    limit?: number,
  ): Promise<Result<BatchResult<T>>> {
    const codes = typeof params.codes === 'string' ? params.codes.split(',') : [...params.codes];
    const requests = Math.max(1, Math.ceil(codes.length / this.#maxCodes));
    const call: FakeCall = { method, cls, region: params.region, codes, at: this.now(), requests };
    if (limit !== undefined) call.limit = limit;
    this.calls.push(call);
    const failure = await this.#gate(options, requests);
    if (failure) return failure;
    const out: BatchResult<T> = { data: {}, missing: [], failed: {} };
    for (const code of codes) {
      if (this.missing.has(code)) out.missing.push(code);
      else if (this.pending.has(code)) (out.pending ??= []).push(code);
      else out.data[code] = make(code, this.version + (this.#bumps.get(code) ?? 0));
    }
    return { ok: true, value: out };
  }

  /** Rate limit, hold, abort and the scripted error, in the client's order. */
  async #gate(
    options: CallOptions | undefined,
    requests: number,
  ): Promise<{ ok: false; error: ApiError } | null> {
    const signal = options?.signal;
    const aborted = () => ({
      ok: false as const,
      error: new ApiError({ kind: 'aborted', operation: 'fake', message: 'aborted' }),
    });
    try {
      for (let i = 0; i < requests; i++) await this.#limiter?.acquire(signal);
    } catch {
      return aborted();
    }
    if (this.hold) await new Promise<void>((resolve) => this.#held.push(resolve));
    if (signal?.aborted) return aborted();
    return this.error ? { ok: false, error: this.error } : null;
  }
}

/** An ApiError of `kind`, as the client makes them. */
export function apiError(kind: ApiError['kind'], message = `fake ${kind} error`, status?: number) {
  return new ApiError({
    kind,
    operation: 'fake',
    message,
    ...(status === undefined ? {} : { status }),
  });
}

export function quote(code: string, v: number): Quote {
  const last = 100 + v;
  return {
    symbol: code,
    last,
    open: 100,
    prevClose: 99,
    high: last + 1,
    low: 98,
    time: BASE_TIME + v * 1000,
    volume: 1000 + v,
    turnover: 100_000 + v,
    status: 0,
    change: last - 99,
    changePercent: ((last - 99) / 99) * 100,
  };
}

function tick(code: string, v: number): Tick {
  return {
    symbol: code,
    last: 50 + v,
    time: BASE_TIME + v * 1000,
    volume: v,
    turnover: v,
    status: 0,
  };
}

/** A book of `code` whose prices and sizes follow `v` (a new `v`, a new book). */
export function book(code: string, v: number): DepthBook {
  return {
    symbol: code,
    asks: [{ level: 1, price: 101 + v, volume: 10, orders: 1 }],
    bids: [{ level: 1, price: 100 + v, volume: 12, orders: 2 }],
  };
}

function candles(limit: number, v: number): Candle[] {
  return Array.from({ length: limit }, (_, i) => ({
    time: BASE_TIME - (limit - 1 - i) * 60_000,
    open: 100,
    high: 102 + (i === limit - 1 ? v : 0),
    low: 99,
    close: 101 + (i === limit - 1 ? v : 0),
    volume: 10 + i,
    turnover: 1000,
  }));
}
