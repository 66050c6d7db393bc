/**
 * What a command runs with: the parsed global options, the output, and the two
 * services it may need — the API client and the cache — each built on first use, so
 * `cache stats` never needs a token and `--no-cache` never opens the database.
 */
import { homedir } from 'node:os';
import { DEFAULT_BASE_URL, MarketClient } from '../core/api';
import { cacheFilePath, closeCache, openCache, type CacheDb } from '../core/cache';
import { resolveDataFolder } from '../core/data-folder';
import type { GlobalOptions } from './args';
import { UsageError } from './args';
import type { Output } from './output';

/** A failure to report as one line with exit status 1 (API, network, cache). */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** The environment the command line reads (MARKETDESK_*, HOME folders). */
export type Env = Readonly<Record<string, string | undefined>>;

export class CliContext {
  #client: MarketClient | undefined;
  #db: CacheDb | undefined;

  constructor(
    readonly io: Output,
    readonly env: Env,
    readonly global: GlobalOptions,
    readonly now: () => number = Date.now,
  ) {}

  /** The API client. Without a token only a non-default base URL (e.g. the simulator) is allowed. */
  client(): MarketClient {
    if (this.#client) return this.#client;
    const { token, baseUrl, plan } = this.global;
    if (!token && (baseUrl === undefined || baseUrl === DEFAULT_BASE_URL)) {
      throw new UsageError(
        'no API token: pass --token or set MARKETDESK_TOKEN (or point --base-url at a simulator)',
      );
    }
    if (baseUrl !== undefined && !/^https?:\/\/[^/]/i.test(baseUrl)) {
      throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
    }
    this.#client = new MarketClient({
      token: token ?? '',
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(plan === undefined ? {} : { plan }),
    });
    return this.#client;
  }

  /** The data folder's cache file path (MARKETDESK_HOME wins). */
  cachePath(): string {
    return cacheFilePath(resolveDataFolder(this.env, process.platform, homedir()));
  }

  /** The cache, or null with `--no-cache`. A cache that cannot be opened is a CliError. */
  cache(): CacheDb | null {
    if (this.global.noCache) return null;
    return this.requireCache(' (--no-cache runs without it)');
  }

  /** The cache for the `cache` commands, which make no sense without it. */
  requireCache(hint = ''): CacheDb {
    if (this.#db) return this.#db;
    const file = this.cachePath();
    let opened;
    try {
      opened = openCache(file);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
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

  /** Closes the cache if it was opened. */
  close(): void {
    if (this.#db) closeCache(this.#db);
    this.#db = undefined;
  }
}

/** The app's "in Settings" advice, as the command line's options. */
const SETTINGS_TO_OPTIONS: readonly [string, string][] = [
  ['the base URL in Settings', 'the base URL (--base-url or MARKETDESK_BASE_URL)'],
  ['the token in Settings', 'the token (--token or MARKETDESK_TOKEN)'],
  ['the plan chosen in Settings', 'the plan (--plan or MARKETDESK_PLAN)'],
];

/**
 * An error's message for the command line. The API client's messages are written for
 * the app ("Check the token in Settings"); here the same advice names the options.
 */
export function userMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return SETTINGS_TO_OPTIONS.reduce((t, [app, cli]) => t.split(app).join(cli), text);
}
