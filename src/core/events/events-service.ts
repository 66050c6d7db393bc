/**
 * A region's calendar and corporate events, and what a chart marks on its bars. The
 * lists (splits, upcoming and recent IPOs, holidays) change a few times a day at most,
 * so each (source, list, region) is asked of the service at most once a day and
 * answered from the cache otherwise (offline too, with its age). A chart's news
 * markers are the cached news items its instrument matches (news-match.ts): the feed's
 * newest page is refreshed now and then for it, never a request per bar. A chart asks
 * twice: from the cache (its splits adjust the candles at once), then with the news
 * refreshed, an answer that may wait out the plan's rate limit.
 */
import type {
  ChartEventsAnswer,
  EventList,
  EventListKind,
  EventRows,
  RegionEventsAnswer,
} from '../../shared/bridge';
import { errorMessage } from '../../shared/errors';
import {
  instrumentKey,
  type DataSourceId,
  type Instrument,
  type NewsItem,
  type UnixMs,
} from '../../shared/model';
import {
  isOfflineError,
  readEventList,
  readNewsBetween,
  readNewsDetails,
  readNewsPageRecord,
  saveEventList,
  type CacheDb,
} from '../cache';
import { newsMatcher } from './news-match';

/** How long a fetched list is the answer: once a day per region at most (the plan is the budget). */
export const EVENT_LIST_MAX_AGE_MS = 24 * 3_600_000;
/** After a failed fetch, the cache answers for this long before the service is asked again. */
export const EVENT_RETRY_AFTER_MS = 5 * 60_000;
/** How old the news feed's newest page may be before a chart's markers refresh it. */
export const CHART_NEWS_REFRESH_MS = 10 * 60_000;
/** Most cached news items one chart's range is matched over. */
const MAX_NEWS_SCANNED = 5_000;

/** What the service needs from the network (the API client, through the link). */
export interface EventsReader {
  /** Where a fetch started now is answered from (see `CandleSource.sourceId`). */
  readonly sourceId: DataSourceId;
  /**
   * A region's list; rejects with an `ApiError`-shaped failure. `deferred`: it only
   * decorates what the user waits for (a chart's split and IPO marks), so it takes a
   * slot of the plan's minute after what is more urgent (`MarketClient.deferred`).
   */
  fetchList<K extends EventListKind>(
    kind: K,
    region: string,
    options?: { deferred?: boolean },
  ): Promise<EventRows[K][]>;
}

/** A news item's detail as cached (see `saveNewsDetail`). */
export interface CachedNewsDetail {
  tags: string[];
  /** `REGION:CODE` keys of the instruments it names. */
  instruments: string[];
}

export interface EventsServiceOptions {
  db: CacheDb;
  /** The current reader; null while there is none (no service at all). */
  reader: () => EventsReader | null;
  /** An instrument's names (the directory's), for matching headlines. */
  namesOf: (instrument: Instrument) => Promise<string[]>;
  /** Refreshes a news feed's newest page into the cache (the history service). */
  refreshNews: (feed: { market: string; lang: string; limit: number }) => Promise<unknown>;
  now: () => UnixMs;
}

/** The classes that have splits and IPOs. */
const LISTED: ReadonlySet<string> = new Set(['stock']);

export class EventsService {
  readonly #o: EventsServiceOptions;
  /** Fetches under way, by source|kind|region: two panes asking at once share one. */
  readonly #inflight = new Map<string, Promise<void>>();
  /** When a fetch last failed, and why, by source|kind|region. */
  readonly #failed = new Map<
    string,
    { at: UnixMs; problem: NonNullable<EventList<unknown>['problem']>; offline: boolean }
  >();
  /** When the chart last refreshed each news market, by source|market. */
  readonly #newsAskedAt = new Map<string, UnixMs>();
  /** The names each charted instrument goes by, by source|instrument (see `#namesOf`). */
  readonly #names = new Map<string, { names: string[] | null; asking: Promise<string[]> }>();

  constructor(options: EventsServiceOptions) {
    this.#o = options;
  }

  /** A region's lists, cache-first (see the file's comment). */
  async regionEvents(region: string, kinds: readonly EventListKind[]): Promise<RegionEventsAnswer> {
    const lists: RegionEventsAnswer['lists'] = {};
    await Promise.all(
      [...new Set(kinds)].map(async (kind) => {
        (lists as Record<string, EventList<unknown>>)[kind] = await this.list(kind, region);
      }),
    );
    return { region, lists };
  }

  /**
   * One list of a region: the cache when fresh, else the service, else the cache again.
   * `deferred`: asked for a chart's marks, behind what the user waits for (see `EventsReader`).
   */
  async list<K extends EventListKind>(
    kind: K,
    region: string,
    { deferred = false }: { deferred?: boolean } = {},
  ): Promise<EventList<EventRows[K]>> {
    const reader = this.#o.reader();
    const source = reader?.sourceId;
    if (!reader || !source) {
      return {
        rows: [],
        asOf: null,
        offline: true,
        problem: { kind: 'error', message: 'No market data service is set up.' },
      };
    }
    const key = `${source}|${kind}|${region}`;
    const now = this.#o.now();
    const cached = readEventList<EventRows[K]>(this.#o.db, source, kind, region);
    const fresh = cached !== null && now - cached.fetchedAt < EVENT_LIST_MAX_AGE_MS;
    const failed = this.#failed.get(key);
    const resting = failed !== undefined && now - failed.at < EVENT_RETRY_AFTER_MS;
    if (!fresh && !resting) {
      // A chart's deferred look-up waits behind its candles: the user's own list (the
      // events pane) does not wait behind it, it asks at the user's priority.
      const flight = deferred ? `${key}|deferred` : key;
      let running = this.#inflight.get(flight) ?? (deferred ? this.#inflight.get(key) : undefined);
      if (!running) {
        running = this.#fetch(reader, kind, region, key, deferred).finally(() =>
          this.#inflight.delete(flight),
        );
        this.#inflight.set(flight, running);
      }
      await running;
    }
    const stored = readEventList<EventRows[K]>(this.#o.db, source, kind, region);
    const failure = this.#failed.get(key);
    const answer: EventList<EventRows[K]> = {
      rows: stored?.rows ?? [],
      asOf: stored?.fetchedAt ?? null,
      offline: failure?.offline ?? false,
    };
    if (failure) answer.problem = failure.problem;
    return answer;
  }

  async #fetch(
    reader: EventsReader,
    kind: EventListKind,
    region: string,
    key: string,
    deferred: boolean,
  ): Promise<void> {
    try {
      const rows = await reader.fetchList(kind, region, deferred ? { deferred } : undefined);
      saveEventList(this.#o.db, reader.sourceId, kind, region, rows, this.#o.now());
      this.#failed.delete(key);
    } catch (error) {
      this.#failed.set(key, { at: this.#o.now(), ...describeFailure(error, kind, region) });
    }
  }

  /**
   * What a chart of `instrument` marks between `from` and `to` (see the file's comment).
   * `refreshNews` first refreshes the news feed's newest page when it is due, and waits.
   */
  async chartEvents(
    instrument: Instrument,
    from: UnixMs,
    to: UnixMs,
    { refreshNews = false }: { refreshNews?: boolean } = {},
  ): Promise<ChartEventsAnswer> {
    const answer: ChartEventsAnswer = {
      instrument,
      splits: [],
      ipo: null,
      news: [],
      asOf: null,
      offline: false,
    };
    const listed = LISTED.has(instrument.class);
    // The marks decorate the chart: on a small plan (free: 5 a minute) its candles, asked
    // at the same moment, go first; the look-ups once took the minute's slots before them.
    const behind = { deferred: true };
    const [splits, upcoming, recent, news] = await Promise.all([
      listed ? this.list('splits', instrument.region, behind) : null,
      listed ? this.list('ipos-upcoming', instrument.region, behind) : null,
      listed ? this.list('ipos-recent', instrument.region, behind) : null,
      this.#news(instrument, from, to, refreshNews),
    ]);
    const code = instrument.code.toUpperCase();
    if (splits) {
      answer.splits = splits.rows.filter((s) => s.code.toUpperCase() === code);
      answer.asOf = splits.asOf;
      answer.offline = splits.offline;
      if (splits.problem) answer.problem = splits.problem;
    }
    answer.ipo =
      [...(recent?.rows ?? []), ...(upcoming?.rows ?? [])].find(
        (i) => i.code.toUpperCase() === code && i.listingDate !== null,
      ) ?? null;
    answer.news = news;
    return answer;
  }

  /** The cached news items about `instrument` in [from, to], newest first. */
  async #news(
    instrument: Instrument,
    from: UnixMs,
    to: UnixMs,
    refresh: boolean,
  ): Promise<NewsItem[]> {
    const reader = this.#o.reader();
    if (!reader) return [];
    const source = reader.sourceId;
    const market = instrument.class;
    if (refresh) await this.#refreshNewsNow(source, market);
    const items = readNewsBetween(this.#o.db, source, market, from, to, MAX_NEWS_SCANNED);
    if (items.length === 0) return [];
    const names = await this.#namesOf(source, instrument, refresh);
    const matcher = newsMatcher({ ...instrument, names });
    const details = readNewsDetails<CachedNewsDetail>(
      this.#o.db,
      source,
      items.map((i) => i.id),
    );
    return items.filter((item) => {
      const detail = details.get(item.id);
      return matcher.matches(item, detail ? new Set(detail.instruments) : null);
    });
  }

  /**
   * The instrument's names for matching headlines, once found. Without `wait`, the names
   * found so far (none the first time, while they are looked up): the directory's first
   * lookup loads its listing, and a chart's splits must not wait for that.
   */
  async #namesOf(source: DataSourceId, instrument: Instrument, wait: boolean): Promise<string[]> {
    const key = `${source}|${instrumentKey(instrument)}`;
    let entry = this.#names.get(key);
    if (!entry) {
      const asked: { names: string[] | null; asking: Promise<string[]> } = {
        names: null,
        asking: this.#o.namesOf(instrument).then(
          (names) => {
            // None found (or a failure): asked again next time.
            if (names.length > 0) asked.names = names;
            else this.#names.delete(key);
            return names;
          },
          () => {
            this.#names.delete(key);
            return [] as string[];
          },
        ),
      };
      entry = asked;
      this.#names.set(key, entry);
    }
    if (entry.names) return entry.names;
    return wait ? entry.asking : [];
  }

  /** The feed's newest page, when the cache's is older than CHART_NEWS_REFRESH_MS. */
  async #refreshNewsNow(source: DataSourceId, market: string): Promise<void> {
    const now = this.#o.now();
    const key = `${source}|${market}`;
    const asked = this.#newsAskedAt.get(key) ?? -Infinity;
    const page = readNewsPageRecord(this.#o.db, source, { market, lang: 'en' }, null);
    const newest = Math.max(asked, page?.fetchedAt ?? -Infinity);
    if (now - newest < CHART_NEWS_REFRESH_MS) return;
    this.#newsAskedAt.set(key, now);
    await this.#o.refreshNews({ market, lang: 'en', limit: 100 }).catch(() => undefined);
  }
}

/** A failed fetch in the words the pane shows. */
function describeFailure(
  error: unknown,
  kind: EventListKind,
  region: string,
): { problem: NonNullable<EventList<unknown>['problem']>; offline: boolean } {
  const what = LIST_WORDS[kind];
  if ((error as { kind?: unknown } | null)?.kind === 'not-entitled') {
    return {
      problem: {
        kind: 'not-in-plan',
        message: `Your plan does not include ${what} for ${region}.`,
      },
      offline: false,
    };
  }
  if (isOfflineError(error)) {
    return {
      problem: {
        kind: 'error',
        message: `The service could not be reached for ${what} of ${region}.`,
      },
      offline: true,
    };
  }
  return {
    problem: {
      kind: 'error',
      message: `${capitalise(what)} of ${region} could not be loaded: ${errorMessage(error)}`,
    },
    offline: false,
  };
}

const LIST_WORDS: Record<EventListKind, string> = {
  splits: 'stock splits',
  'ipos-upcoming': 'upcoming IPOs',
  'ipos-recent': 'recent IPOs',
  holidays: 'market holidays',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
