/**
 * The symbol directory: every instrument the terminal can find by code or name, for
 * the current data source, and the search over it (./symbol-search).
 *
 * Demo and live directories never mix (docs/architecture.md, "every number shown is true"):
 * - demo: the simulator's catalog, read through its symbol list (one request per class);
 * - live: the service's symbol list where it answers (read leniently, per class and
 *   region, in the background), plus every instrument the user has seen from that
 *   source (its rows in the cache: snapshots and candle series, names from stock info),
 *   plus the well-known instruments shipped with the app (./well-known). A shipped entry
 *   is a suggestion: the source has the last word when one is chosen (`checkSymbol`).
 *
 * A search never waits for the service in live mode: it answers from what is held,
 * with `loading` while the list is still being read. In demo mode the first search
 * waits for the catalog (a loopback request per class). State is per source and client:
 * a new token, address or mode starts a new directory.
 */
import {
  ASSET_CLASSES,
  canonicalRegion,
  type AssetClass,
  type DataSourceId,
  type DirectoryEntry,
  type DirectoryOrigin,
  type SymbolSearchAnswer,
  type SymbolSearchQuery,
} from '../../shared/model';
import type { ApiError, MarketClient, Result } from '../api';
import type { HealthService } from '../health';
import { buildIndex, searchIndex, type SearchIndex, type SourcedEntry } from './symbol-search';
import { WELL_KNOWN_SYMBOLS } from './well-known';
import { entryKey } from './seen';

/** The part of the client the directory uses. */
export type ListingClient = Pick<MarketClient, 'symbolList'>;

/** A class, and a region or null for all of the class's. */
export interface ListedMarket {
  class: AssetClass;
  region: string | null;
}

export interface SymbolDirectoryOptions {
  /** The current data source. */
  source: () => DataSourceId;
  /** The client in use now: a new instance is a new directory. */
  client: () => ListingClient;
  /** The instruments `source` has rows of in the cache; default none (no cache). */
  seen?: (source: DataSourceId) => readonly DirectoryEntry[];
  /** The shipped list (live only); default {@link WELL_KNOWN_SYMBOLS}. */
  shipped?: readonly DirectoryEntry[];
  /** The one health model: nothing is asked while it holds requests; outcomes count. */
  health?: Pick<HealthService, 'hold' | 'recordResult' | 'epoch'>;
  /** Whether the live list may be read now (a plan with a small request budget says no). */
  liveListing?: () => boolean;
  now?: () => number;
  /** How long the seen set is trusted before the cache is read again; default 30 s. */
  seenTtlMs?: number;
  /** How long the first demo search waits for the catalog; default 5 s. */
  demoWaitMs?: number;
}

/** After a failed live list (offline, rate limited), how long until it is tried again. */
const RETRY_LIST_MS = 5 * 60_000;
/** How long a read list is kept before it is read again. */
const LIST_TTL_MS = 6 * 60 * 60_000;
const ORIGIN_RANK: Record<DirectoryOrigin, number> = { listed: 0, seen: 1, shipped: 2 };

/** Failures that say the service has no such operation (or answers it unreadably): stop asking. */
const NO_LIST_KINDS = new Set([
  'http',
  'schema',
  'envelope',
  'invalid-request',
  'too-large',
  'unknown-symbol',
]);
/** Failures worth recording in the health model (they say something about the service). */
const HEALTH_KINDS = new Set(['network', 'timeout', 'auth', 'rate-limited']);

interface State {
  readonly source: DataSourceId;
  readonly client: ListingClient;
  /** Read lists by market key (`class:region` or `class:*`). */
  readonly listed: Map<string, readonly DirectoryEntry[]>;
  /** Market keys asked and failed for good (not in the plan). */
  readonly skipped: Set<string>;
  listing: Promise<void> | null;
  /** The service answered that it has no list: none is asked again for this state. */
  unsupported: boolean;
  /** Unix ms after which the lists are asked again (set after a pass). */
  listAgainAt: number;
  seen: readonly DirectoryEntry[];
  seenAt: number;
  seenKey: string;
  /** The live markets of the seen set and the shipped list (cleared with a new seen set). */
  markets: ListedMarket[] | null;
  index: SearchIndex | null;
  size: number;
}

const marketKey = (m: ListedMarket) => `${m.class}:${m.region ?? '*'}`;

export class SymbolDirectory {
  readonly #o: SymbolDirectoryOptions;
  readonly #now: () => number;
  #state: State | null = null;

  constructor(options: SymbolDirectoryOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Searches the current source's directory (see the module comment). */
  async search(query: SymbolSearchQuery): Promise<SymbolSearchAnswer> {
    const state = this.#current();
    if (state.source === 'demo') {
      const listing = this.#startListing(state, demoMarkets());
      if (state.listed.size === 0 && listing)
        await withTimeout(listing, this.#o.demoWaitMs ?? 5_000);
    } else {
      this.#refreshSeen(state);
      if (this.#listingDue(state) && (this.#o.liveListing?.() ?? true)) {
        void this.#startListing(state, this.#liveMarkets(state));
      }
    }
    return this.#answer(state, query);
  }

  /**
   * Reads the source's lists of the markets a query could match (its class and region
   * filters), and waits for them: the command line's one-shot search. Never rejects.
   */
  async load(filter: { class?: AssetClass; region?: string } = {}): Promise<void> {
    const state = this.#current();
    let markets: ListedMarket[];
    if (state.source === 'demo') {
      markets = demoMarkets().filter((m) => filter.class === undefined || m.class === filter.class);
    } else {
      this.#refreshSeen(state);
      const region = filter.region === undefined ? undefined : canonicalRegion(filter.region);
      markets = this.#liveMarkets(state).filter(
        (m) =>
          (filter.class === undefined || m.class === filter.class) &&
          (region === undefined || m.region === region),
      );
      if (markets.length === 0 && filter.class !== undefined && region !== undefined) {
        markets = [{ class: filter.class, region }];
      }
    }
    await (this.#startListing(state, markets, true) ?? Promise.resolve());
  }

  #answer(state: State, query: SymbolSearchQuery): SymbolSearchAnswer {
    state.index ??= this.#build(state);
    return {
      source: state.source,
      results: searchIndex(state.index, query),
      size: state.size,
      loading: state.listing !== null,
    };
  }

  /** The state of the current source and client; a new one when either changed. */
  #current(): State {
    const source = this.#o.source();
    const client = this.#o.client();
    const s = this.#state;
    if (s && s.source === source && s.client === client) return s;
    this.#state = {
      source,
      client,
      listed: new Map(),
      skipped: new Set(),
      listing: null,
      unsupported: false,
      listAgainAt: 0,
      seen: [],
      seenAt: -Infinity,
      seenKey: '',
      markets: null,
      index: null,
      size: 0,
    };
    return this.#state;
  }

  #refreshSeen(state: State): void {
    const read = this.#o.seen;
    if (!read || this.#now() - state.seenAt < (this.#o.seenTtlMs ?? 30_000)) return;
    state.seenAt = this.#now();
    const seen = read(state.source);
    const key = `${seen.length}:${seen.map(entryKey).join(',')}`;
    if (key === state.seenKey) return;
    state.seen = seen;
    state.seenKey = key;
    state.markets = null;
    state.index = null;
  }

  /** Whether a pass over the lists may start now (cheap: checked on every keystroke). */
  #listingDue(state: State): boolean {
    return state.listing === null && !state.unsupported && this.#now() >= state.listAgainAt;
  }

  /** The live markets worth listing: those of the shipped list and of the seen set. */
  #liveMarkets(state: State): ListedMarket[] {
    if (state.markets) return state.markets;
    const out = new Map<string, ListedMarket>();
    for (const e of [...state.seen, ...(this.#o.shipped ?? WELL_KNOWN_SYMBOLS)]) {
      const key = `${e.class}:${e.region}`;
      if (!out.has(key)) out.set(key, { class: e.class, region: e.region });
    }
    state.markets = [...out.values()];
    return state.markets;
  }

  /**
   * Starts reading the lists of `markets` not yet held (one pass at a time); the pass's
   * promise, or null when there is nothing to read.
   */
  #startListing(
    state: State,
    markets: readonly ListedMarket[],
    force = false,
  ): Promise<void> | null {
    if (state.listing) return state.listing;
    if (state.unsupported) return null;
    if (!force && this.#now() < state.listAgainAt) return null;
    const stale = this.#now() >= state.listAgainAt && state.listAgainAt > 0;
    const todo = markets.filter(
      (m) => (stale || !state.listed.has(marketKey(m))) && !state.skipped.has(marketKey(m)),
    );
    if (todo.length === 0) return null;
    const pass = this.#list(state, todo).finally(() => {
      state.listing = null;
    });
    state.listing = pass;
    return pass;
  }

  async #list(state: State, markets: readonly ListedMarket[]): Promise<void> {
    // Demo: the loopback simulator, all classes at once. Live: one at a time, so the list
    // never crowds out the prices in the plan's request budget.
    const demo = state.source === 'demo';
    let retryAfter = LIST_TTL_MS;
    const one = async (m: ListedMarket): Promise<boolean> => {
      const hold = this.#o.health?.hold();
      if (!demo && hold) {
        retryAfter = RETRY_LIST_MS;
        return false;
      }
      const epoch = this.#o.health?.epoch;
      let result: Result<DirectoryEntry[]>;
      try {
        result = await state.client.symbolList(
          m.region === null ? { class: m.class } : { class: m.class, region: m.region },
        );
      } catch {
        return true;
      }
      if (result.ok || HEALTH_KINDS.has(result.error.kind)) {
        this.#o.health?.recordResult(result, {
          channel: 'symbol-list',
          ...(epoch === undefined ? {} : { epoch }),
        });
      }
      if (this.#state !== state) return false;
      if (result.ok) {
        state.listed.set(marketKey(m), result.value);
        state.index = null;
        return true;
      }
      return this.#failed(state, m, result.error, (ms) => (retryAfter = ms));
    };
    if (demo) await Promise.all(markets.map(one));
    else for (const m of markets) if (!(await one(m))) break;
    state.listAgainAt = this.#now() + retryAfter;
  }

  /** Whether to go on with the next market after `error`. */
  #failed(state: State, m: ListedMarket, error: ApiError, retry: (ms: number) => void): boolean {
    if (error.kind === 'not-entitled') {
      state.skipped.add(marketKey(m));
      return true;
    }
    if (NO_LIST_KINDS.has(error.kind)) {
      // No list at this service (or not one we can read): the directory does without.
      if (state.source !== 'demo') state.unsupported = true;
      return false;
    }
    retry(RETRY_LIST_MS);
    return false;
  }

  /** The merged, prepared entries of `state`: listed, then seen, then shipped (live). */
  #build(state: State): SearchIndex {
    const merged = new Map<string, SourcedEntry>();
    const add = (entries: readonly DirectoryEntry[], origin: DirectoryOrigin) => {
      for (const e of entries) {
        const key = entryKey(e);
        const held = merged.get(key);
        if (held === undefined) {
          merged.set(key, { ...e, origin });
          continue;
        }
        // The better origin keeps its place; a worse one only fills what it left blank.
        if (ORIGIN_RANK[origin] < ORIGIN_RANK[held.origin]) held.origin = origin;
        if (held.name === '') held.name = e.name;
        if (held.exchange === '') held.exchange = e.exchange;
      }
    };
    for (const list of state.listed.values()) add(list, 'listed');
    if (state.source !== 'demo') {
      add(state.seen, 'seen');
      add(this.#o.shipped ?? WELL_KNOWN_SYMBOLS, 'shipped');
    }
    state.size = merged.size;
    return buildIndex([...merged.values()]);
  }
}

/** One market per class, every region: the demo catalog in six requests. */
function demoMarkets(): ListedMarket[] {
  return ASSET_CLASSES.map((cls) => ({ class: cls, region: null }));
}

/** Resolves when `p` settles or after `ms`, whichever is first. */
function withTimeout(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.then(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
