/**
 * The app's link to market data: which `MarketClient` is in use and against what.
 * With a token: the configured base URL (live). Without one: the simulator, started
 * in-process on a loopback port (demo). Token and connection settings changes
 * rebuild the client; listeners (the feed hub) get the new one, and the history
 * service's sources switch over without being rebuilt. A new token, address or mode is
 * a new link: the health service starts over (a refused token is tried again only then).
 */
import type {
  Candle,
  DataSourceId,
  NewsPage,
  SeriesKey,
  TokenStorage,
  UnixMs,
} from '../../shared/model';
import { liveSourceId, planOf } from '../../shared/model';
import {
  DEMO_TOKEN,
  demoSimulatorOptions,
  startSimulator,
  type SimulatorHandle,
  type SimulatorOptions,
} from '../../simulator';
import { DEFAULT_REQUESTS_PER_MINUTE, MarketClient } from '../api';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from '../cache';
import type { HealthService } from '../health';
import { MarketSources } from '../market-sources';
import { validateToken, type SecretError, type SecretStore } from '../secrets';
import type { SettingsStore } from '../settings';
import { BridgeFailure } from './errors';

/**
 * The cache's sources, delegating to whichever client is current. `sourceId` switches
 * with `current`, in the same step as the feed hub's client (see `#build`), so a request
 * that captures it as it starts files its answer under the source that served it.
 */
class SwitchingSources implements CandleSource, NewsSource {
  current: MarketSources | null = null;
  /** The source of the client in use (not the settings, which move before a rebuild). */
  get sourceId(): DataSourceId {
    if (!this.current) throw new Error('market data is not connected yet');
    return this.current.sourceId;
  }
  fetchCandles(series: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    if (!this.current) return Promise.reject(new Error('market data is not connected yet'));
    return this.current.fetchCandles(series, opts);
  }
  fetchNews(query: NewsFetch): Promise<NewsPage> {
    if (!this.current) return Promise.reject(new Error('market data is not connected yet'));
    return this.current.fetchNews(query);
  }
}

export interface MarketLinkOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  now: () => UnixMs;
  /** The demo simulator's seed. */
  seed: number;
  /** Injected for tests; default the real simulator. */
  startSimulator?: (options: SimulatorOptions) => Promise<SimulatorHandle>;
  /**
   * The status notices (shared with the backend, which shows them): the link adds
   * {@link TOKEN_REMOVED_NOTICE} here. Default a private list.
   */
  notices?: string[];
  /**
   * The one health service: reset when a client is built for a new token, base URL or
   * mode — after the listeners switched to it, so nothing held back (a refused token) is
   * asked again with the old client. A plan or budget change keeps its verdict.
   */
  health?: HealthService;
}

/**
 * A 429 reaches the health service at once, which holds every request until its
 * `Retry-After` (the hub pauses, history waits, a company card answers from the cache),
 * instead of each call waiting inside the client for up to a minute per attempt.
 */
const CLIENT_RETRY = { maxRetryAfterMs: 0 };

/** Shown when the base URL moved to another origin and the token was dropped for it. */
export const TOKEN_REMOVED_NOTICE =
  'The service address changed, so the token was removed; enter it again in Settings.';

/**
 * Request budget of demo mode unless the user set one. The built-in simulator has no
 * rate limit, so the demo polls at the wanted intervals instead of stretching them to
 * a guessed budget of the live service.
 */
export const DEMO_REQUESTS_PER_MINUTE = 6_000;

function failureOf(error: SecretError): BridgeFailure {
  const code =
    error.kind === 'invalid' ? 'bad-argument' : error.kind === 'failed' ? 'storage' : 'forbidden';
  return new BridgeFailure(code, error.message);
}

export class MarketLink {
  readonly sources = new SwitchingSources();
  #client: MarketClient | null = null;
  #rpm = 0;
  #token: string | null = null;
  // Tokens replaced this session: still scrubbed from anything leaving (a late error).
  readonly #former = new Set<string>();
  #simulator: SimulatorHandle | null = null;
  #lastError: string | null = null;
  /** Bumped on every token change (set, cleared, dropped): part of the link's identity. */
  #tokenEpoch = 0;
  /** Mode, address and token epoch of the client in use: a change is a new link. */
  #identity: string | null = null;
  #chain: Promise<void> = Promise.resolve();
  #disposed = false;
  // Token operations under way (awaiting the store before their rebuild): dispose waits.
  readonly #pending = new Set<Promise<unknown>>();
  readonly #notices: string[];
  readonly #listeners = new Set<(client: MarketClient, requestsPerMinute: number) => void>();
  readonly #stopSettings: () => void;

  constructor(private readonly options: MarketLinkOptions) {
    this.#notices = options.notices ?? [];
    this.#stopSettings = options.settings.onChange((next, previous) => {
      if (this.#token !== null && liveSourceId(next.baseUrl) !== liveSourceId(previous.baseUrl)) {
        // The token was issued for the old service: never send it to a new address
        // (a compromised page could otherwise point it at its own server).
        this.#dropTokenForNewOrigin();
        return;
      }
      const changed =
        next.baseUrl !== previous.baseUrl ||
        next.plan !== previous.plan ||
        next.enterpriseMaxCodes !== previous.enterpriseMaxCodes ||
        next.requestsPerMinute !== previous.requestsPerMinute;
      if (changed) this.#rebuild().catch(() => undefined);
    });
  }

  /** Reads the stored token and builds the first client. */
  async start(): Promise<void> {
    const stored = await this.options.secrets.get();
    if (stored.ok) this.#token = stored.value;
    else this.#lastError = `The stored token could not be read: ${stored.error.message}`;
    await this.#rebuild();
  }

  /** The client in use (built by `start`). */
  get client(): MarketClient {
    if (!this.#client) throw new Error('MarketLink.start() has not run');
    return this.#client;
  }

  get requestsPerMinute(): number {
    return this.#rpm;
  }

  get mode(): 'demo' | 'live' {
    return this.#token === null ? 'demo' : 'live';
  }

  /**
   * Where the data comes from now: the demo simulator, or the live service's origin —
   * the client in use's (settings and token move before its rebuild).
   */
  get source(): DataSourceId {
    if (this.sources.current) return this.sources.sourceId;
    return this.#token === null ? 'demo' : liveSourceId(this.options.settings.get().baseUrl);
  }

  get hasToken(): boolean {
    return this.#token !== null;
  }

  /** Where the token is kept (keychain, session…), never the token. */
  get secretsKind(): TokenStorage {
    return this.options.secrets.kind;
  }

  /** The demo simulator's address while in demo mode. */
  get simulatorUrl(): string | null {
    return this.#simulator?.url ?? null;
  }

  /** A problem with the token store a user should see, or null. */
  get lastError(): string | null {
    return this.#lastError;
  }

  /** Told with every new client (and its request budget); returns the unsubscriber. */
  onClient(listener: (client: MarketClient, requestsPerMinute: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stores the token and switches to live mode. Throws BridgeFailure when refused. */
  setToken(token: string): Promise<void> {
    return this.#track(async () => {
      const valid = validateToken(token);
      if (!valid.ok) throw failureOf(valid.error);
      const stored = await this.options.secrets.set(valid.value);
      if (!stored.ok) throw failureOf(stored.error);
      if (this.#token !== null && this.#token !== valid.value) this.#former.add(this.#token);
      this.#token = valid.value;
      // Even the same token again: the user asks for it to be tried again.
      this.#tokenEpoch++;
      this.#lastError = null;
      this.#removeNotice(TOKEN_REMOVED_NOTICE);
      await this.#rebuild();
    });
  }

  /** Forgets the token and switches to demo mode. */
  clearToken(): Promise<void> {
    return this.#track(async () => {
      const removed = await this.options.secrets.delete();
      if (!removed.ok) throw failureOf(removed.error);
      if (this.#token !== null) this.#former.add(this.#token);
      this.#token = null;
      this.#tokenEpoch++;
      this.#lastError = null;
      await this.#rebuild();
    });
  }

  /** Blanks every token of this session out of `text`. */
  redact(text: string): string {
    let out = text;
    for (const secret of [this.#token, ...this.#former]) {
      if (secret) out = out.split(secret).join('[redacted]');
    }
    return out;
  }

  /**
   * Stops rebuilding and closes the simulator. Waits for token operations and
   * rebuilds under way first, so none finishes later with a simulator still open.
   */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#stopSettings();
    this.#listeners.clear();
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    await this.#chain.catch(() => undefined);
    await this.#simulator?.close();
    this.#simulator = null;
  }

  /** Runs a token operation, remembered until it settles so dispose can wait for it. */
  #track(work: () => Promise<void>): Promise<void> {
    const done = work();
    const settled = done.catch(() => undefined);
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
    return done;
  }

  /** The base URL moved to another origin: forget the token (store and memory), go demo. */
  #dropTokenForNewOrigin(): void {
    const token = this.#token;
    if (token === null) return;
    this.#former.add(token);
    // Now, before any await: the next client is built without it.
    this.#token = null;
    this.#tokenEpoch++;
    if (!this.#notices.includes(TOKEN_REMOVED_NOTICE)) this.#notices.push(TOKEN_REMOVED_NOTICE);
    void this.#track(async () => {
      const removed = await this.options.secrets.delete();
      if (!removed.ok) {
        this.#lastError = `The token could not be removed from storage: ${removed.error.message}`;
      }
      await this.#rebuild();
    }).catch(() => undefined);
  }

  #removeNotice(notice: string): void {
    const at = this.#notices.indexOf(notice);
    if (at >= 0) this.#notices.splice(at, 1);
  }

  /** Rebuilds the client; rebuilds run one after another. */
  #rebuild(): Promise<void> {
    this.#chain = this.#chain.catch(() => undefined).then(() => this.#build());
    return this.#chain;
  }

  async #build(): Promise<void> {
    if (this.#disposed) return;
    const settings = this.options.settings.get();
    const plan = planOf(settings.plan, settings.enterpriseMaxCodes);
    const token = this.#token;
    const rpm =
      settings.requestsPerMinute ??
      (token === null ? DEMO_REQUESTS_PER_MINUTE : DEFAULT_REQUESTS_PER_MINUTE[plan.name]);
    let baseUrl = settings.baseUrl;
    let retired: SimulatorHandle | null = null;
    if (token === null) {
      this.#simulator ??= await (this.options.startSimulator ?? startSimulator)(
        demoSimulatorOptions(this.options.now, this.options.seed),
      );
      baseUrl = this.#simulator.url;
    } else {
      retired = this.#simulator;
      this.#simulator = null;
    }
    const client = new MarketClient({
      token: token ?? DEMO_TOKEN,
      baseUrl,
      plan,
      requestsPerMinute: rpm,
      retry: CLIENT_RETRY,
    });
    const identity = `${token === null ? 'demo' : 'live'}|${baseUrl}|${this.#tokenEpoch}`;
    this.#client = client;
    this.#rpm = rpm;
    this.sources.current = new MarketSources(
      client,
      token === null ? 'demo' : liveSourceId(baseUrl),
    );
    try {
      for (const listener of this.#listeners) listener(client, rpm);
      if (identity !== this.#identity) {
        this.#identity = identity;
        this.options.health?.reset();
      }
    } finally {
      // Closed after the switch, so no poll is sent to a closed port in between; and
      // closed even when a listener throws (a hub disposed during shutdown).
      await retired?.close();
    }
  }
}
