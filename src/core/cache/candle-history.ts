/**
 * Cache-first candle history: answers from SQLite at once and refreshes from the
 * source in the background; pages back through the cache, then the source. Used
 * through {@link HistoryService}.
 */
import type { Candle, DataSourceId, SeriesKey, UnixMs } from '../../shared/model';
import { seriesKey } from '../../shared/model';
import { HISTORY_START, addSpan, coveredSince } from './candle-spans';
import {
  markRefreshed,
  readCandlesBefore,
  readFreshness,
  readNewestCandles,
  seriesId,
  upsertCandles,
  type SeriesFreshness,
} from './candles';
import { inTransaction } from './db';
import type { HistoryDeps } from './history-deps';
import { ASKED_WAIT_MS } from './link-state';
import { isUnknownSymbol, type CandleSource } from './sources';
import { CANDLE_STALE_AFTER_MS, isStale } from './staleness';

/** What `loadCandles` asks for. */
export interface CandleQuery {
  /** How many candles (the newest, or the newest before `before`). */
  limit: number;
  /** Page back: candles strictly older than this time. Absent = the newest candles. */
  before?: UnixMs;
  /** Aborts a paging-back fetch (e.g. the chart closed). */
  signal?: AbortSignal;
  /** Asked after what the user waits for (see `CandleFetch.deferred`). */
  deferred?: boolean;
}

/** An answer to `loadCandles`, and the payload of `onCandles`. */
export interface CandleAnswer {
  series: SeriesKey;
  /**
   * The source the request was made against, whose rows these are. A caller that has
   * switched source since (demo → live) must not show them.
   */
  source: DataSourceId;
  /** The source has no such symbol: `candles` is empty, whatever the cache holds. */
  unknown?: boolean;
  /** Ascending by time. */
  candles: Candle[];
  freshness: SeriesFreshness;
  /** Echoes the query's `before` for a page back. */
  before?: UnixMs;
  /** True when the source has nothing older than these candles. */
  atHistoryStart: boolean;
  /** The source could not be reached (or none is configured): this is the cache. */
  offline: boolean;
  /**
   * Why the source could not be reached: the offline failure's message, for the user.
   * Absent when online, and when offline only because no source is configured.
   */
  offlineReason?: string;
  /** The time of the data: when it was last refreshed from the source. */
  asOf: UnixMs | null;
  /** A background refresh started; its result follows as an `onCandles` event. */
  refreshing: boolean;
  /** A source failure other than "offline" (HTTP, schema…), for the UI to show. */
  error?: string;
}

export type CandleHistoryDeps = HistoryDeps<CandleSource, CandleAnswer>;

/** Sorts ascending and drops duplicate times (keeping the last): the spec fixes no order. */
function ascending(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of candles) if (Number.isFinite(c.time)) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

export class CandleHistory {
  readonly #inflight = new Map<string, Promise<CandleAnswer>>();
  /**
   * Per source, the times its time went back (`rewind`): a fetch asked before the last
   * one answers for another time, and is dropped.
   */
  readonly #rewinds = new Map<DataSourceId, number>();

  constructor(private readonly deps: CandleHistoryDeps) {}

  /** See `HistoryService.loadCandles`. */
  async loadCandles(series: SeriesKey, query: CandleQuery): Promise<CandleAnswer> {
    const limit = Math.max(1, Math.floor(query.limit));
    // Captured once: every read, write and answer of this request is about this source.
    const sourceId = this.deps.sourceId();
    if (query.before !== undefined)
      return this.#pageBack(sourceId, series, limit, query.before, query.signal);
    const { db, now, source } = this.deps;
    const cached = readNewestCandles(db, sourceId, series, limit);
    const freshness = readFreshness(db, sourceId, series);
    const stale =
      isStale(freshness.refreshedAt, CANDLE_STALE_AFTER_MS[series.kType], now()) ||
      !this.#headComplete(sourceId, series, cached, freshness, limit);
    const refreshing = stale && source !== null;
    // The outcome travels through onCandles; a refresh cut short by dispose() has no one
    // left to tell, and must not surface as an unhandled rejection.
    if (refreshing) {
      this.#refreshFrom(sourceId, series, limit, query.deferred === true).catch(() => undefined);
    }
    return this.#answer(sourceId, series, cached, { refreshing });
  }

  /**
   * Fetches the newest `limit` candles, merges them and emits the result as an
   * `onCandles` event (also returned). Concurrent refreshes of a series share one request.
   */
  refreshCandles(series: SeriesKey, limit: number): Promise<CandleAnswer> {
    return this.#refreshFrom(this.deps.sourceId(), series, limit);
  }

  /**
   * The source's time went back (a replay sought, or played again from its start): a
   * fetch from it under way answers for the time before (bars after the sought time),
   * so its answer is dropped, neither stored nor told, whenever it lands, and a load
   * from now on asks the source again rather than wait for it. The caller forgets the
   * source's cache rows (`forgetSource`).
   */
  rewind(sourceId: DataSourceId): void {
    this.#rewinds.set(sourceId, this.#rewound(sourceId) + 1);
  }

  #rewound(sourceId: DataSourceId): number {
    return this.#rewinds.get(sourceId) ?? 0;
  }

  /** True while `sourceId`'s time has not gone back since the call. */
  #sameTime(sourceId: DataSourceId): () => boolean {
    const at = this.#rewound(sourceId);
    return () => this.#rewound(sourceId) === at;
  }

  /** Resolves when no refresh is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight.values()]);
  }

  /**
   * Shared per source and series: a refresh under way for demo is not one for live, nor
   * one asked before the source's time went back (`rewind`) one for after it.
   */
  #refreshFrom(
    sourceId: DataSourceId,
    series: SeriesKey,
    limit: number,
    deferred = false,
  ): Promise<CandleAnswer> {
    const key = `${sourceId}\u0000${this.#rewound(sourceId)}\u0000${seriesKey(series)}`;
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = this.#refresh(sourceId, series, limit, deferred).finally(() =>
        this.#inflight.delete(key),
      );
      this.#inflight.set(key, pending);
    }
    return pending;
  }

  async #refresh(
    sourceId: DataSourceId,
    series: SeriesKey,
    limit: number,
    deferred: boolean,
  ): Promise<CandleAnswer> {
    const { db, source, link, now, listeners, lifetime } = this.deps;
    if (!source) {
      return this.#answer(sourceId, series, readNewestCandles(db, sourceId, series, limit), {});
    }
    let answer: CandleAnswer;
    const sameTime = this.#sameTime(sourceId);
    // Its retry is the health service's probe while offline (recovery without a feed).
    const attempt = link.attempt(() => this.refreshCandles(series, limit));
    try {
      // Waits out a rate limit; nothing goes out with a refused token.
      await attempt.cleared(lifetime);
      const fetched = ascending(
        await source.fetchCandles(series, {
          limit,
          signal: lifetime,
          sourceId,
          ...(deferred ? { deferred } : {}),
        }),
      );
      if (lifetime.aborted) throw lifetime.reason;
      if (!sameTime()) {
        // The source's time went back meanwhile: these bars are of the time before.
        attempt.succeeded();
        return this.#answer(sourceId, series, readNewestCandles(db, sourceId, series, limit), {});
      }
      const at = now();
      // Filed under the source asked, even when the user has switched since: these are
      // that source's candles, and the new source never reads them.
      inTransaction(db, () => {
        upsertCandles(db, sourceId, series, fetched);
        // The answer is complete from its oldest candle to now. A short answer says
        // nothing about what is older (the service documents no maximum `limit`, and may
        // cap or repeat): only an empty page back marks history's start (#pageBack).
        const first = fetched[0];
        if (first) {
          const id = seriesId(db, sourceId, series)!;
          addSpan(db, id, first.time, Math.max(at, fetched.at(-1)!.time));
        }
        markRefreshed(db, sourceId, series, at, fetched);
      });
      attempt.succeeded();
      this.deps.afterWrite();
      answer = this.#answer(sourceId, series, readNewestCandles(db, sourceId, series, limit), {});
    } catch (err) {
      if (lifetime.aborted) throw err;
      const failure = attempt.failed(err);
      const unknown = isUnknownSymbol(err);
      const cached = unknown ? [] : readNewestCandles(db, sourceId, series, limit);
      answer = this.#answer(sourceId, series, cached, {
        error: failure.offline ? undefined : failure.message,
        unknown,
      });
    }
    // Listeners show the current source: a refresh that lands after a switch is not news
    // to them (its rows are stored under the old source; the caller still gets them).
    // Nor is one of the time before the source's went back.
    if (this.deps.sourceId() === sourceId && sameTime()) listeners.fire(answer);
    return answer;
  }

  async #pageBack(
    sourceId: DataSourceId,
    series: SeriesKey,
    limit: number,
    before: UnixMs,
    signal: AbortSignal | undefined,
  ): Promise<CandleAnswer> {
    const { db, source, link, lifetime } = this.deps;
    const cached = readCandlesBefore(db, sourceId, series, before, limit);
    if (!source || this.#pageComplete(sourceId, series, cached, before, limit)) {
      return this.#answer(sourceId, series, cached, { before });
    }
    const combined = signal ? AbortSignal.any([signal, lifetime]) : lifetime;
    const sameTime = this.#sameTime(sourceId);
    const attempt = link.attempt();
    try {
      // The user is waiting: a long rate limit answers from the cache at once.
      await attempt.cleared(combined, ASKED_WAIT_MS);
      const raw = await source.fetchCandles(series, {
        limit,
        endTime: before - 1,
        signal: combined,
        sourceId,
      });
      if (!sameTime()) {
        // Asked before the source's time went back: not stored, the cache's page answers.
        attempt.succeeded();
        const page = readCandlesBefore(db, sourceId, series, before, limit);
        return this.#answer(sourceId, series, page, { before });
      }
      // Lenient about whether the source treats the end time as inclusive.
      const fetched = ascending(raw).filter((c) => c.time < before);
      const first = fetched[0];
      inTransaction(db, () => {
        upsertCandles(db, sourceId, series, fetched);
        // Nothing older than what the caller holds: the source's history starts here. A
        // page that is merely short (capped, or with repeats) is not the start; the next
        // page back asks again and finds out.
        const start = first === undefined ? HISTORY_START : first.time;
        addSpan(db, seriesId(db, sourceId, series)!, start, before - 1);
      });
      attempt.succeeded();
      this.deps.afterWrite();
      const page = readCandlesBefore(db, sourceId, series, before, limit);
      return this.#answer(sourceId, series, page, { before });
    } catch (err) {
      if (combined.aborted) throw err;
      const failure = attempt.failed(err);
      const unknown = isUnknownSymbol(err);
      return this.#answer(sourceId, series, unknown ? [] : cached, {
        before,
        error: failure.offline ? undefined : failure.message,
        unknown,
      });
    }
  }

  /** The newest view is complete when one span covers it (or reaches history's start). */
  #headComplete(
    sourceId: DataSourceId,
    series: SeriesKey,
    cached: Candle[],
    freshness: SeriesFreshness,
    limit: number,
  ): boolean {
    const probe = cached.at(-1)?.time ?? freshness.refreshedAt;
    return probe !== null && this.#spanCovers(sourceId, series, probe, cached, limit);
  }

  /** A page back is complete when the span just before `before` covers all of it. */
  #pageComplete(
    sourceId: DataSourceId,
    series: SeriesKey,
    cached: Candle[],
    before: UnixMs,
    limit: number,
  ): boolean {
    return this.#spanCovers(sourceId, series, before - 1, cached, limit);
  }

  /**
   * The one span holding `probe` reaches back over all `limit` of `cached` (or to the
   * start of the source's history, when fewer are cached).
   */
  #spanCovers(
    sourceId: DataSourceId,
    series: SeriesKey,
    probe: UnixMs,
    cached: Candle[],
    limit: number,
  ): boolean {
    const id = seriesId(this.deps.db, sourceId, series, false);
    if (id === null) return false;
    const since = coveredSince(this.deps.db, id, probe);
    if (since === null) return false;
    if (since === HISTORY_START) return true;
    return cached.length >= limit && since <= cached[0]!.time;
  }

  #answer(
    sourceId: DataSourceId,
    series: SeriesKey,
    candles: Candle[],
    extra: { before?: UnixMs; refreshing?: boolean; error?: string | undefined; unknown?: boolean },
  ): CandleAnswer {
    const { db, link, source } = this.deps;
    const freshness = readFreshness(db, sourceId, series);
    const id = seriesId(db, sourceId, series, false);
    const probe = candles[0]?.time ?? (extra.before !== undefined ? extra.before - 1 : null);
    const atHistoryStart =
      id !== null && probe !== null && coveredSince(db, id, probe) === HISTORY_START;
    const answer: CandleAnswer = {
      series,
      source: sourceId,
      candles,
      freshness,
      atHistoryStart,
      offline: source === null || link.offlineSince !== null,
      asOf: freshness.refreshedAt,
      refreshing: extra.refreshing ?? false,
    };
    if (extra.before !== undefined) answer.before = extra.before;
    if (link.offlineReason !== null) answer.offlineReason = link.offlineReason;
    if (extra.error !== undefined) answer.error = extra.error;
    if (extra.unknown) answer.unknown = true;
    return answer;
  }
}
