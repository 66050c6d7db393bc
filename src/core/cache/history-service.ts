/**
 * The history service: cache-first candles and news over the SQLite cache and the
 * network sources, with one offline state. The feed hub and bridge call `loadCandles`
 * / `loadNews` and forward `onCandles` / `onNews`.
 */
import { Emitter, type Event } from '../../shared/emitter';
import type { DataSourceId, SeriesKey, UnixMs } from '../../shared/model';
import { HealthService } from '../health';
import { CandleHistory, type CandleAnswer, type CandleQuery } from './candle-history';
import type { CacheDb } from './db';
import type { HistoryDeps } from './history-deps';
import { LinkState } from './link-state';
import { DEFAULT_BUDGET_BYTES, enforceBudget, type PruneResult } from './maintenance';
import { NewsHistory, type NewsAnswer, type NewsQuery } from './news-history';
import type { CandleSource, NewsSource, OfflinePredicate } from './sources';

export interface HistoryServiceOptions {
  db: CacheDb;
  /** The network side for candles; null/absent = cache only (always answers offline). */
  candles?: CandleSource | null;
  news?: NewsSource | null;
  /**
   * Whose rows a cache-only half (no `candles` / `news` source) reads. A half with a
   * source reads and writes that source's `sourceId`, read as each request starts.
   */
  sourceId?: DataSourceId;
  /**
   * The one health service every fetch records in: "offline" in an answer is its
   * offline, a refused token sends nothing, a rate limit is waited out. Default a
   * private one (the command line, tests).
   */
  health?: HealthService;
  /** Which source failures mean offline; default `isOfflineError`. */
  isOffline?: OfflinePredicate;
  now?: () => UnixMs;
  /** Size budget enforced after writes; default 1 GiB; changed by `setBudget`. */
  budgetBytes?: number;
  /** Told when the budget check pruned something. */
  onPrune?: (result: PruneResult) => void;
}

export class HistoryService {
  readonly #candleListeners = new Emitter<CandleAnswer>();
  readonly #newsListeners = new Emitter<NewsAnswer>();
  /** Told of refreshed candles. */
  readonly onCandles: Event<CandleAnswer> = this.#candleListeners.event;
  /** Told of refreshed newest news pages. */
  readonly onNews: Event<NewsAnswer> = this.#newsListeners.event;
  readonly #lifetime = new AbortController();
  readonly #link: LinkState;
  readonly #candles: CandleHistory;
  readonly #news: NewsHistory;
  readonly #db: CacheDb;
  readonly #onPrune: ((result: PruneResult) => void) | undefined;
  #budget: number;

  constructor(options: HistoryServiceOptions) {
    const now = options.now ?? Date.now;
    this.#db = options.db;
    this.#onPrune = options.onPrune;
    this.#budget = checkedBudget(options.budgetBytes ?? DEFAULT_BUDGET_BYTES);
    this.#link = new LinkState(options.health ?? new HealthService({ now }), options.isOffline);
    /** One half's dependencies: its own source and listeners, all else shared. */
    const deps = <Source extends { readonly sourceId: DataSourceId }, Answer>(
      source: Source | null | undefined,
      listeners: Emitter<Answer>,
    ): HistoryDeps<Source, Answer> => ({
      db: options.db,
      source: source ?? null,
      sourceId: sourceIdOf(source, options.sourceId),
      link: this.#link,
      listeners,
      now,
      afterWrite: () => void this.#enforceBudget(),
      lifetime: this.#lifetime.signal,
    });
    this.#candles = new CandleHistory(deps(options.candles, this.#candleListeners));
    this.#news = new NewsHistory(deps(options.news, this.#newsListeners));
  }

  /**
   * The cached candles, at once (ascending, with freshness). The newest view starts a
   * background refresh when stale (by kType, see staleness.ts) or incomplete; its result
   * arrives through {@link onCandles}. A page back (`before`) that the cache cannot fill
   * completely waits for the source, falling back to the cache when offline.
   */
  loadCandles(series: SeriesKey, query: CandleQuery): Promise<CandleAnswer> {
    return this.#candles.loadCandles(series, query);
  }

  /** Forces a refresh of the newest candles (also emitted through {@link onCandles}). */
  refreshCandles(series: SeriesKey, limit: number): Promise<CandleAnswer> {
    return this.#candles.refreshCandles(series, limit);
  }

  /**
   * The source's time went back (a replay sought): candles fetched from it before are of
   * the time before, and dropped whenever they land (`CandleHistory.rewind`).
   */
  rewind(sourceId: DataSourceId): void {
    this.#candles.rewind(sourceId);
  }

  /**
   * A news page, cache-first: the newest page at once (refreshing in the background
   * when older than a minute, result through {@link onNews}); an older page from the
   * remembered cursor chain, else the source, else the cached items below it.
   */
  loadNews(query: NewsQuery): Promise<NewsAnswer> {
    return this.#news.loadNews(query);
  }

  /** Forces a refresh of the newest news page (also emitted through {@link onNews}). */
  refreshNews(query: { market: string; lang: string; limit: number }): Promise<NewsAnswer> {
    return this.#news.refreshNews(query);
  }

  /** When the sources became unreachable; null while online. */
  get offlineSince(): UnixMs | null {
    return this.#link.offlineSince;
  }

  /** The message of the latest failure that meant offline; null while online. */
  get offlineReason(): string | null {
    return this.#link.offlineReason;
  }

  /** The size budget in force, in bytes. */
  get budgetBytes(): number {
    return this.#budget;
  }

  /**
   * Changes the size budget (the user changed `cacheBudgetBytes`) and enforces it at
   * once, so a smaller budget frees the space now rather than after the next write.
   * Returns what was pruned (also told to `onPrune`), or null when within budget.
   *
   * @throws RangeError when `bytes` is not a positive, finite number.
   */
  setBudget(bytes: number): PruneResult | null {
    this.#budget = checkedBudget(bytes);
    return this.#enforceBudget();
  }

  /** Resolves when no background refresh is running. */
  async idle(): Promise<void> {
    await Promise.all([this.#candles.idle(), this.#news.idle()]);
  }

  /** Aborts running refreshes; call before closing the database. */
  dispose(): void {
    this.#lifetime.abort();
  }

  #enforceBudget(): PruneResult | null {
    const pruned = enforceBudget(this.#db, this.#budget);
    if (pruned) this.#onPrune?.(pruned);
    return pruned;
  }
}

/** The current source id of a half: its source's, else the cache-only one. */
function sourceIdOf(
  source: { readonly sourceId: DataSourceId } | null | undefined,
  cacheOnly: DataSourceId | undefined,
): () => DataSourceId {
  if (source) return () => source.sourceId;
  return () => {
    // No default: guessing a source is how demo rows would end up in a live view.
    if (cacheOnly === undefined) throw new Error('a cache-only HistoryService needs a sourceId');
    return cacheOnly;
  };
}

function checkedBudget(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes <= 0) {
    throw new RangeError(`The cache budget must be a positive number of bytes, not ${bytes}.`);
  }
  return bytes;
}
