/**
 * Snapshots, API first: the last quote, depth book, tick or stock info of an instrument
 * comes from the service when it answers, and is saved then as that source's snapshot;
 * when the service fails, that source's saved snapshot answers, said as such with the
 * time it was received. A code the service does not know is never answered from the
 * cache. The app's stock info (`AppBackend.getInfo`) and the command line's quotes,
 * depth, ticks and info all ask through it; they only word the answer.
 */
import type { DataSourceId, Instrument, UnixMs } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import type { BatchResult, Result } from '../api';
import type { HealthService } from '../health';
import type { CacheDb } from './db';
import { SourceHeldError } from './link-state';
import { loadSnapshots, saveSnapshots, type SnapshotKind, type SnapshotRecords } from './snapshots';
import { isUnknownSymbol } from './sources';

export interface SnapshotServiceOptions {
  /** Where snapshots are saved and read; null for none (`--no-cache`): no fallback then. */
  db: CacheDb | null;
  /**
   * The source the client asks. Read as a request starts: its answer is filed under,
   * and its fallback read from, that source, whatever happens meanwhile.
   */
  sourceId: () => DataSourceId;
  now?: () => UnixMs;
  /**
   * The one health service: a request waits for its clearance (a refused token or a
   * long rate limit sends nothing: the snapshot answers) and records its outcome there.
   * Absent (the command line): nothing is held back or recorded.
   */
  health?: HealthService;
}

export interface SnapshotFetchOptions {
  /**
   * Which failures a saved snapshot answers for; default every one. (An unknown symbol
   * never: a snapshot from before would be invented data.)
   */
  fallback?: (error: unknown) => boolean;
  /** Ends the wait for the health service's clearance. */
  signal?: AbortSignal;
  /** The longest wait for a rate limit in force to end; past it the snapshot answers at once. */
  maxWaitMs?: number;
  /** The health channel the outcome is recorded on. */
  channel?: string;
}

/** One instrument's answer, with where it came from and when it was received. */
export type SnapshotAnswer<T> =
  /** The service answered; saved as the source's snapshot at `at`. */
  | { from: 'service'; record: T; at: UnixMs }
  /** The service failed with `error`; the source's snapshot received at `at` answers. */
  | { from: 'cache'; record: T; at: UnixMs; error: unknown }
  /**
   * No record: the service has no such product (`unknown`; `error` null when a batch
   * left the code out), or it failed with `error` and no snapshot answers for it.
   */
  | { from: null; unknown: boolean; error: unknown };

export interface SnapshotResult<T> {
  /** The source asked: the answers come from, and are filed under, it. */
  source: DataSourceId;
  /** Why the whole request failed or was not sent; null when the service answered. */
  error: unknown;
  /** One answer per instrument, in the order asked. */
  answers: SnapshotAnswer<T>[];
}

/** The source switched while a request waited for its clearance: it was not sent. */
export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
  constructor() {
    super('The data source changed while this request waited; load again.');
  }
}

/** API first, the source's last snapshot on failure (see the file comment). */
export class SnapshotService {
  readonly #db: CacheDb | null;
  readonly #sourceId: () => DataSourceId;
  readonly #now: () => UnixMs;
  readonly #health: HealthService | undefined;

  constructor(options: SnapshotServiceOptions) {
    this.#db = options.db;
    this.#sourceId = options.sourceId;
    this.#now = options.now ?? Date.now;
    this.#health = options.health;
  }

  /**
   * Asks `call` (one batch or single-symbol request for `instruments`, as a batch) for
   * the `kind` records of `instruments`; saves what it answers; answers failed codes
   * from the source's snapshots where `fallback` allows. Never rejects but with an
   * error of the cache itself.
   */
  async fetch<K extends SnapshotKind>(
    kind: K,
    instruments: readonly Instrument[],
    call: () => Promise<Result<BatchResult<SnapshotRecords[K]>>>,
    options: SnapshotFetchOptions = {},
  ): Promise<SnapshotResult<SnapshotRecords[K]>> {
    const source = this.#sourceId();
    const health = this.#health;
    // Outcomes of requests sent before a reset (new token, address or mode) are dropped.
    const epoch = health?.epoch;
    const ask = new Ask(this.#db, source, kind, instruments, options.fallback);
    if (health) {
      const hold = await health
        .clearance(options.signal, options.maxWaitMs)
        .catch(() => health.hold());
      // Offline holds nothing back: any request may be the one that finds the service back.
      if (hold && hold.state !== 'offline') return ask.failed(new SourceHeldError(hold));
      if (this.#sourceId() !== source) return ask.failed(new SourceChangedError(), false);
    }
    const r = await call();
    health?.recordResult(r, { ...(options.channel ? { channel: options.channel } : {}), epoch });
    if (!r.ok) return ask.failed(r.error);
    const at = this.#now();
    try {
      ask.save(r.value.data, at);
    } catch {
      // A full disk must not hide the answer we already have.
    }
    return ask.answered(r.value, at);
  }
}

type Answers<K extends SnapshotKind> = SnapshotAnswer<SnapshotRecords[K]>[];

/** One request's instruments and what became of each. */
class Ask<K extends SnapshotKind> {
  constructor(
    private readonly db: CacheDb | null,
    private readonly source: DataSourceId,
    private readonly kind: K,
    private readonly instruments: readonly Instrument[],
    private readonly fallback: (error: unknown) => boolean = () => true,
  ) {}

  /** The whole request failed or was not sent: each code from its snapshot, if allowed. */
  failed(error: unknown, mayFallBack = true): SnapshotResult<SnapshotRecords[K]> {
    const unknown = isUnknownSymbol(error);
    const answers: Answers<K> = this.instruments.map(() => ({ from: null, unknown, error }));
    return { source: this.source, error, answers: mayFallBack ? this.#orCached(answers) : answers };
  }

  /** The service answered: its records; each code it failed for from its snapshot. */
  answered(batch: BatchResult<SnapshotRecords[K]>, at: UnixMs): SnapshotResult<SnapshotRecords[K]> {
    const answers: Answers<K> = this.instruments.map(({ code }) => {
      const record = batch.data[code];
      if (record !== undefined) return { from: 'service', record, at };
      const error = batch.failed[code];
      // No record and no failure: a batch's "no such product" (the client lists it as missing).
      if (error === undefined) return { from: null, unknown: true, error: null };
      return { from: null, unknown: isUnknownSymbol(error), error };
    });
    return { source: this.source, error: null, answers: this.#orCached(answers) };
  }

  save(records: Record<string, SnapshotRecords[K]>, at: UnixMs): void {
    if (this.db === null) return;
    const entries = this.instruments.flatMap((instrument) => {
      const record = records[instrument.code];
      return record === undefined ? [] : [{ instrument, record, at }];
    });
    saveSnapshots(this.db, this.source, this.kind, entries);
  }

  /** Failures (not unknown symbols) the fallback allows, answered from the source's snapshots. */
  #orCached(answers: Answers<K>): Answers<K> {
    const falls = (
      a: SnapshotAnswer<unknown>,
    ): a is { from: null; unknown: false; error: unknown } =>
      a.from === null && !a.unknown && this.fallback(a.error);
    const wanted = this.instruments.filter((_, i) => falls(answers[i]!));
    if (this.db === null || wanted.length === 0) return answers;
    const found = loadSnapshots(this.db, this.source, this.kind, wanted);
    return answers.map((answer, i) => {
      if (!falls(answer)) return answer;
      const snapshot = found.get(instrumentKey(this.instruments[i]!));
      if (snapshot === undefined) return answer;
      return { from: 'cache', record: snapshot.record, at: snapshot.at, error: answer.error };
    });
  }
}
