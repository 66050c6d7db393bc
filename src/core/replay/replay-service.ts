/**
 * Replays: lists what the current source recorded, starts a replay of a span (one
 * instrument or everything recorded), steers it (speed, pause, step, seek) and stops it.
 *
 * A replay is a source of its own (`replay:<recorded source>`): the recording is served
 * on loopback in the service's own protocol (replay-server.ts) and the link points the
 * app's client there, so the hub and the panes need no replay-only code. Nothing of it
 * reaches the recorded source's data: the recording file is opened read-only, the
 * recorder is not fed while a replay runs (services.ts), the cache rows filed under the
 * replay's source are forgotten when it stops, and alerts follow the source (a live
 * alert is never evaluated on replayed prices).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { Emitter, type Event } from '../../shared/emitter';
import type {
  Alert,
  AssetClass,
  DataSourceId,
  Instrument,
  ReplayControl,
  ReplayRequest,
  ReplaySpans,
  ReplayStatus,
  UnixMs,
} from '../../shared/model';
import { instrumentKey, isReplaySource, replaySourceId } from '../../shared/model';
import type { CacheDb } from '../cache';
import {
  listSessions,
  recordedInstruments,
  recordingFilePath,
  type RecordingDb,
} from '../recording';
import { ReplayPlayer, settledStart } from './player';
import { replayCandles } from './replay-candles';
import { AlertSandbox } from './alert-sandbox';
import { firingText, type AlertFeed } from '../alerts';
import { startReplayServer, type ReplayServer } from './replay-server';

/** Where the link sends the app's requests during a replay; null: back to the recorded source. */
export interface ReplayTarget {
  baseUrl: string;
  token: string;
  source: DataSourceId;
}

export interface ReplayServiceOptions {
  /** The data folder (recordings in its `recordings/`). */
  folder: string;
  /** The source recorded now (the link's, outside a replay). */
  source: () => DataSourceId;
  cache: CacheDb;
  /** Points the app's client at a replay, or back (MarketLink.replay). */
  switchTo: (target: ReplayTarget | null) => Promise<void>;
  /** Forgets what was filed under a replay's source (cache rows). */
  forget: (source: DataSourceId) => void;
  /**
   * The replay's clock was moved (a seek, or playing again from the start): what was
   * taken of the replay until now is of another time (a later one, after a seek back)
   * and must not stand in the way of the records at the new time (the cache rows, the
   * hub's held records and forming bars: `FeedHub.rewind`).
   */
  rewind?: (source: DataSourceId) => void;
  streamPaths?: () => Readonly<Record<AssetClass, string>>;
  /**
   * The live alerts and the feed: a replay evaluates copies of the recorded source's
   * alerts on its prices in a sandbox. Absent: a replay has no alerts.
   */
  alerts?: { list(): Alert[]; feed: AlertFeed };
  /**
   * The markets' states (core/market-hours' MarketHours): during a replay they are judged
   * at the replay clock's time, not now's (a Friday session replayed on a Sunday is
   * open, and its closed-now markets are asked of the replay), and told each move of the
   * clock; back at the wall clock when it stops. Absent: they stay now's.
   */
  markets?: ReplayMarkets;
  now?: () => UnixMs;
  /** How often the replay plays what its clock passed (ms); default 50. */
  tickMs?: number;
  /** How often a playing replay's status is told (ms); default 250. */
  statusMs?: number;
}

/** The markets' states as a replay steers them (`MarketHours.judgeAt`, `clockMoved`). */
export interface ReplayMarkets {
  judgeAt(clock: (() => UnixMs) | null): void;
  clockMoved(): void;
}

/** A replay request or control the service refuses: the bridge's `bad-argument`. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

interface Running {
  recorded: DataSourceId;
  source: DataSourceId;
  request: ReplayRequest;
  db: RecordingDb;
  player: ReplayPlayer;
  server: ReplayServer;
  timer: ReturnType<typeof setInterval>;
  sandbox: AlertSandbox | null;
  /** The times the clock was moved (`ReplayStatus.seeks`). */
  seeks: number;
}

export class ReplayService {
  readonly #o: ReplayServiceOptions;
  readonly #now: () => UnixMs;
  #running: Running | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #lastTold = 0;
  readonly #changed = new Emitter<ReplayStatus | null>();
  /** Told on every start, control and stop, and a few times a second while playing. */
  readonly onChange: Event<ReplayStatus | null> = this.#changed.event;

  constructor(options: ReplayServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** The recorded source (the one a replay would play), whether or not a replay runs. */
  get recorded(): DataSourceId {
    return this.#running?.recorded ?? this.#o.source();
  }

  /** The sessions recorded for the current source, oldest first, and the instruments in them. */
  spans(): ReplaySpans {
    const recorded = this.recorded;
    const none: ReplaySpans = { recorded, spans: [], instruments: [] };
    if (isReplaySource(recorded)) return none;
    const db = this.#openRecording(recorded);
    if (!db) return none;
    try {
      const spans = listSessions(db)
        .filter((s) => s.frames > 0)
        .map((s) => ({
          session: s.id,
          from: s.startedAt,
          to: s.endedAt,
          frames: s.frames,
          closed: s.closed,
        }));
      return { recorded, spans, instruments: recordedInstruments(db) };
    } finally {
      db.sqlite.close();
    }
  }

  /**
   * Whether the running replay plays `instrument` (true when none runs). A replay of one
   * instrument has nothing of another, not even its recorded past (a heatmap's): a pane on
   * it says "not in this replay" over an empty plot.
   */
  plays(instrument: Instrument): boolean {
    const r = this.#running;
    if (!r) return true;
    const key = instrumentKey(instrument);
    return r.player.instruments.some((i) => instrumentKey(i) === key);
  }

  status(): ReplayStatus | null {
    const r = this.#running;
    if (!r) return null;
    const last = r.sandbox?.last;
    return {
      source: r.source,
      recorded: r.recorded,
      instrument: r.request.instrument,
      ...r.player.clock.state(),
      seeks: r.seeks,
      alertsFired: r.sandbox?.fired ?? 0,
      lastAlert: last ? firingText(last.alert, last.firing).body : null,
    };
  }

  /** Starts a replay (stopping one under way first). */
  start(request: ReplayRequest): Promise<ReplayStatus> {
    return this.#serial(async () => {
      await this.#stop();
      const recorded = this.#o.source();
      if (request.to < request.from) throw new ReplayError('the span ends before it starts');
      const db = this.#openRecording(recorded);
      if (!db) throw new ReplayError(`nothing has been recorded for ${recorded} yet`);
      let player: ReplayPlayer;
      try {
        const instruments = request.instrument ? [request.instrument] : null;
        player = new ReplayPlayer({
          db,
          instruments,
          from: settledStart(db, instruments, request.from, request.to),
          to: request.to,
          now: this.#now,
          ...(request.speed === undefined ? {} : { speed: request.speed }),
        });
      } catch (error) {
        db.sqlite.close();
        throw error instanceof RangeError ? new ReplayError(error.message) : error;
      }
      if (player.instruments.length === 0) {
        player.dispose();
        db.sqlite.close();
        throw new ReplayError(
          request.instrument
            ? `${request.instrument.code} (${request.instrument.region}) is not in the recording`
            : 'the recording holds no instruments',
        );
      }
      const server = await startReplayServer({
        player,
        candles: (instrument, kType, limit, t) =>
          replayCandles(this.#o.cache, db, recorded, instrument, kType, limit, t),
        ...(this.#o.streamPaths ? { streamPaths: this.#o.streamPaths() } : {}),
      });
      const source = replaySourceId(recorded);
      const timer = setInterval(() => this.#tick(), this.#o.tickMs ?? 50);
      timer.unref?.();
      const running: Running = {
        recorded,
        source,
        request,
        db,
        player,
        server,
        timer,
        sandbox: null,
        seeks: 0,
      };
      this.#running = running;
      await this.#o.switchTo({ baseUrl: server.baseUrl, token: server.token, source });
      // After the switch: a market open at the replayed time is asked of the replay, never
      // of the source it replaces.
      this.#o.markets?.judgeAt(() => player.clock.time());
      // After the switch: the sandbox's subscriptions are served the replay's prices.
      const alerts = this.#o.alerts;
      if (alerts) {
        running.sandbox = new AlertSandbox({
          alerts: alerts.list().filter((a) => a.source === recorded),
          source,
          feed: alerts.feed,
          now: this.#now,
        });
        running.sandbox.onFired(() => this.#tell());
      }
      return this.#tell()!;
    });
  }

  /** Changes a running replay: speed and pause together, or a seek, or a step. */
  control(change: ReplayControl): ReplayStatus {
    const r = this.#running;
    if (!r) throw new ReplayError('no replay is running');
    const { clock } = r.player;
    try {
      if (change.speed !== undefined) clock.setSpeed(change.speed);
      if (change.seek !== undefined) this.#seek(r, change.seek);
      if (change.step) r.player.step();
      if (change.paused === true) clock.pause();
      if (change.paused === false) {
        // Playing at the end starts again from the start.
        if (clock.ended) this.#seek(r, clock.from);
        clock.play();
      }
    } catch (error) {
      if (error instanceof RangeError) throw new ReplayError(error.message);
      throw error;
    }
    // A step moves the clock too.
    this.#o.markets?.clockMoved();
    return this.#tell()!;
  }

  /** Moves the clock to `t`: what was taken at the time before is forgotten (`rewind`). */
  #seek(r: Running, t: UnixMs): void {
    r.player.seek(t);
    r.seeks++;
    this.#o.rewind?.(r.source);
    this.#o.markets?.clockMoved();
  }

  /** Stops the replay: the app is back on the recorded source. */
  stop(): Promise<null> {
    return this.#serial(() => this.#stop());
  }

  async dispose(): Promise<void> {
    await this.stop().catch(() => undefined);
    this.#changed.dispose();
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#chain.catch(() => undefined).then(work);
    this.#chain = next;
    return next;
  }

  async #stop(): Promise<null> {
    const r = this.#running;
    if (!r) return null;
    this.#running = null;
    clearInterval(r.timer);
    r.sandbox?.dispose();
    try {
      // Away from the replay first: no request reaches a closed port.
      await this.#o.switchTo(null);
    } finally {
      this.#o.markets?.judgeAt(null);
      await r.server.close();
      r.player.dispose();
      r.db.sqlite.close();
      this.#o.forget(r.source);
      this.#changed.fire(null);
    }
    return null;
  }

  #tick(): void {
    const r = this.#running;
    if (!r) return;
    r.player.advance();
    this.#o.markets?.clockMoved();
    const now = this.#now();
    if (!r.player.clock.paused && now - this.#lastTold >= (this.#o.statusMs ?? 250)) this.#tell();
  }

  #tell(): ReplayStatus | null {
    this.#lastTold = this.#now();
    const status = this.status();
    this.#changed.fire(status);
    return status;
  }

  /**
   * The source's recording, opened for reading only (the recorder writes it meanwhile;
   * WAL lets both): null when there is none.
   */
  #openRecording(source: DataSourceId): RecordingDb | null {
    const file = recordingFilePath(this.#o.folder, source);
    if (!existsSync(file)) return null;
    const sqlite = new Database(file, { fileMustExist: true, timeout: 5000 });
    sqlite.pragma('query_only = ON');
    return { sqlite, file, source };
  }
}
