/**
 * What a command runs with: the parsed global options, the output, the source of the
 * data, and the two services it may need — the API client and the cache — each built
 * on first use, so `cache stats` never needs a token and `--no-cache` never opens the
 * database.
 *
 * Like the app, the command line has a demo mode: with neither a token nor a base URL it
 * starts the built-in simulator on a loopback port, answers from it, and says so on
 * stderr. Everything it reads from or writes to the cache is filed under its source
 * (`demo`, or `live:<origin>`), so demo data never answers a live command.
 */
import { homedir } from 'node:os';
import {
  DEFAULT_BASE_URL,
  MarketClient,
  systemClock,
  type Clock,
  type RetryOptions,
  type SettingWords,
} from '../core/api';
import { SnapshotService, cacheFilePath, closeCache, openCache, type CacheDb } from '../core/cache';
import { resolveDataFolder } from '../core/data-folder';
import { SettingsStore } from '../core/settings';
import { RedactingMarketClient } from '../core/redacting-client';
import { baseUrlProblem, liveSourceId, type DataSourceId, type Settings } from '../shared/model';
import {
  DEMO_TOKEN,
  demoSimulatorOptions,
  startSimulator,
  type SimulatorHandle,
} from '../simulator';
import type { GlobalOptions } from './args';
import { UsageError } from './args';
import type { Output } from './output';
import { errorMessage } from '../shared/errors';

/** A failure to report as one line with exit status 1 (API, network, cache). */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * The settings the API client's advice names, as the command line's options and
 * environment variables (the app names its Settings dialog).
 */
export const OPTION_WORDS: SettingWords = {
  baseUrl: 'the base URL (--base-url or MARKETDESK_BASE_URL)',
  token: 'the token (--token or MARKETDESK_TOKEN)',
  plan: 'the plan (--plan or MARKETDESK_PLAN)',
  timeout: 'the timeout (--timeout or MARKETDESK_TIMEOUT)',
  fewerRequests:
    'make fewer requests a minute (they are paced by the plan: --plan or MARKETDESK_PLAN)',
};

/** The environment the command line reads (MARKETDESK_*, HOME folders). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Shown once on stderr when the data comes from the built-in simulator. */
export const DEMO_NOTE =
  'demo data from the built-in simulator, not market prices (no token or base URL given; ' +
  'pass --token or set MARKETDESK_TOKEN for live data)';

export class CliContext {
  #client: MarketClient | undefined;
  #db: CacheDb | undefined;
  #snapshots: SnapshotService | undefined;
  #simulator: SimulatorHandle | undefined;
  #settings: Settings | undefined;
  #demoNoted = false;

  constructor(
    readonly io: Output,
    readonly env: Env,
    readonly global: GlobalOptions,
    readonly now: () => number = Date.now,
    /** The API client's clock: its rate-limit and retry waits. */
    readonly clock: Clock = systemClock,
  ) {}

  /**
   * Where this run's data comes from: `demo` with neither a token nor a base URL, else
   * the service at the base URL (default the real one), by origin. Every cache read and
   * write of the run is scoped to it.
   */
  source(): DataSourceId {
    const { token, baseUrl } = this.global;
    if (!token && baseUrl === undefined) return 'demo';
    // The app's rule and words (Settings, MARKETDESK_BASE_URL): https, or plain http to
    // this machine only, so a token never crosses the network in clear.
    const problem = baseUrl === undefined ? null : baseUrlProblem(baseUrl);
    if (problem !== null) throw new UsageError(problem);
    if (!token && baseUrl === DEFAULT_BASE_URL) {
      throw new UsageError(
        'the market data service needs a token: pass --token or set MARKETDESK_TOKEN ' +
          '(with neither a token nor --base-url, the built-in demo simulator answers)',
      );
    }
    return liveSourceId(baseUrl ?? DEFAULT_BASE_URL);
  }

  /**
   * The API client of {@link source}. In demo mode it starts the built-in simulator
   * (closed by {@link close}) and notes on stderr that the data is demo data.
   */
  async client(): Promise<MarketClient> {
    if (this.#client) return this.#client;
    const { token, baseUrl, plan, timeoutMs } = this.global;
    const planOption = plan === undefined ? {} : { plan };
    const limits = {
      timeoutMs,
      retry: retryWithin(timeoutMs),
      settingWords: OPTION_WORDS,
      clock: this.clock,
    };
    if (this.source() === 'demo') {
      this.#simulator = await startSimulator(demoSimulatorOptions(this.now));
      this.noteDemo();
      // The simulator has no rate limit: the plan's budget would only slow the demo down.
      this.#client = new MarketClient({
        token: DEMO_TOKEN,
        baseUrl: this.#simulator.url,
        requestsPerMinute: Infinity,
        ...planOption,
        ...limits,
      });
    } else {
      // Its errors never carry the token, even one a service repeats (the app's client too).
      this.#client = new RedactingMarketClient({
        token: token ?? '',
        ...(baseUrl === undefined ? {} : { baseUrl }),
        ...planOption,
        ...limits,
      });
    }
    return this.#client;
  }

  /** Says, once, that what is shown is demo data. */
  noteDemo(): void {
    if (this.#demoNoted) return;
    this.#demoNoted = true;
    this.note(DEMO_NOTE);
  }

  /** The data folder (MARKETDESK_HOME wins), the one the app uses. */
  dataFolder(): string {
    return resolveDataFolder(this.env, process.platform, homedir());
  }

  /** The data folder's cache file path. */
  cachePath(): string {
    return cacheFilePath(this.dataFolder());
  }

  /**
   * The app's settings in the data folder (its Settings dialog), read once and only read:
   * the app may be running, so a damaged file is not repaired here (its trouble is one
   * note on stderr, and the defaults or what could be read are used).
   */
  appSettings(): Settings {
    if (this.#settings) return this.#settings;
    const loaded = new SettingsStore({ folder: this.dataFolder(), readOnly: true }).load();
    for (const notice of loaded.notices) this.note(notice);
    this.#settings = loaded.settings;
    return this.#settings;
  }

  /** The cache, or null with `--no-cache`. A cache that cannot be opened is a CliError. */
  cache(): CacheDb | null {
    if (this.global.noCache) return null;
    return this.requireCache(' (--no-cache runs without it)');
  }

  /**
   * The snapshot service of this run's source over {@link cache}: API first, the
   * source's snapshots on failure (with `--no-cache`, API only).
   */
  snapshots(): SnapshotService {
    this.#snapshots ??= new SnapshotService({
      db: this.cache(),
      sourceId: () => this.source(),
      now: this.now,
    });
    return this.#snapshots;
  }

  /** The cache for the `cache` commands, which make no sense without it. */
  requireCache(hint = ''): CacheDb {
    if (this.#db) return this.#db;
    const file = this.cachePath();
    let opened;
    try {
      opened = openCache(file);
    } catch (error) {
      const why = errorMessage(error);
      throw new CliError(`cannot open the cache ${file}: ${why}${hint}`);
    }
    if (opened.recovery) this.note(opened.recovery.message);
    this.#db = opened.db;
    return this.#db;
  }

  /** A one-line note on stderr (`marketdesk: …`). */
  note(message: string): void {
    this.io.err(`marketdesk: ${message}\n`);
  }

  /** Closes the cache and stops the demo simulator, if they were opened. */
  async close(): Promise<void> {
    if (this.#db) closeCache(this.#db);
    this.#db = undefined;
    this.#snapshots = undefined;
    // Until it is closed, its listening socket keeps the process alive.
    await this.#simulator?.close();
    this.#simulator = undefined;
  }
}

/**
 * The client's retry policy for a command: a 429 is waited out only when its
 * Retry-After fits in half the request timeout. With the default three attempts that is
 * two waits at most, so a command answers or fails within about its timeout instead of
 * sitting silent for the client's default minute per attempt; a longer Retry-After
 * fails at once with the service's "try again in N s".
 */
export function retryWithin(timeoutMs: number): RetryOptions {
  return { maxRetryAfterMs: Math.floor(timeoutMs / 2) };
}
