/**
 * What each half of the history service (candles, news) is built with: the same
 * database, health view, clock, budget check and lifetime, its own source and listeners.
 */
import type { Emitter } from '../../shared/emitter';
import type { DataSourceId, UnixMs } from '../../shared/model';
import type { CacheDb } from './db';
import type { LinkState } from './link-state';

export interface HistoryDeps<Source, Answer> {
  db: CacheDb;
  /** The network side; null = cache only (every answer offline). */
  source: Source | null;
  /** The source whose rows are read and written now (the source's, or a cache-only one). */
  sourceId: () => DataSourceId;
  link: LinkState;
  /** Told of refreshed answers of the current source. */
  listeners: Emitter<Answer>;
  now: () => UnixMs;
  /** Runs after every write from the source (the budget check). */
  afterWrite: () => void;
  /** Aborted on dispose. */
  lifetime: AbortSignal;
}
