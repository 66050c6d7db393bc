/**
 * A stream client for one asset class: one connection to the class's endpoint, the
 * wanted symbols subscribed within a limit, pushes read into domain records, a
 * heartbeat, and reconnecting with backoff and jitter — after which everything wanted
 * is subscribed again. States and pushes are told through emitters; the token never
 * appears in either (nor in any message: they pass the one redaction).
 */
import {
  STREAM_ACTIONS,
  STREAM_CLOSE,
  STREAM_HEARTBEAT_RANGE_MS,
  STREAM_PATHS,
  streamSymbol,
} from '../../shared/api/stream';
import { Emitter, type Disposable, type Event } from '../../shared/emitter';
import type { AssetClass, Instrument, Quote, UnixMs } from '../../shared/model';
import { DEFAULT_RETRY, backoffDelay, type RetryPolicy } from '../api/retry';
import { systemTimers, type TimerHandle, type Timers } from '../health/timers';
import { redactSecrets } from '../redact';
import { readFrame, type PushedRecord, type ServerFrame } from './frames';
import { PushReader } from './records';
import { wsSockets, type SocketFactory, type StreamSocket } from './socket';
import { streamUrl } from './stream-url';
import { SubscriptionBook } from './subscriptions';
import { SymbolIndex, type HeldSymbol } from './symbol-index';
import { DEFAULT_WASTE_LIMIT, WasteMeter, type WasteLimit } from './waste-meter';
import {
  DEFAULT_STREAM_TUNING,
  type ReconnectReason,
  type StreamClientOptions,
  type StreamClientStats,
  type StreamPush,
  type StreamState,
  type StreamTuning,
  type StreamWant,
} from './types';

/** One socket's life: whether it authenticated, when it started streaming, its timers. */
interface Connection {
  socket: StreamSocket | null;
  authed: boolean;
  streamingSince: UnixMs | null;
  /** The value of the ping waiting for its pong. */
  ping: string | null;
  timers: Set<TimerHandle>;
  /** How much of what it sends cannot be read. */
  waste: WasteMeter;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export class StreamClient implements Disposable {
  readonly #cls: AssetClass;
  readonly #url: () => string;
  readonly #token: string;
  readonly #sockets: SocketFactory;
  readonly #now: () => UnixMs;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #tuning: StreamTuning;
  readonly #backoff: RetryPolicy;
  readonly #book: SubscriptionBook;
  readonly #wasteLimit: WasteLimit;
  readonly #index = new SymbolIndex();
  readonly #reader: PushReader;
  readonly #onState = new Emitter<StreamState>();
  readonly #onPush = new Emitter<StreamPush>();
  readonly #onSnapshotNeeded = new Emitter<Instrument>();
  readonly #stats: StreamClientStats = {
    pushes: 0,
    malformed: 0,
    overBudget: 0,
    unattributed: 0,
    incomplete: 0,
    connections: 0,
    pings: 0,
    pongs: 0,
  };
  #state: StreamState = { kind: 'idle' };
  #conn: Connection | null = null;
  /** Failures in a row. */
  #attempt = 0;
  #retry: TimerHandle | null = null;
  #idle: TimerHandle | null = null;
  /** The service's words when it refused a subscription over its limit, on this connection. */
  #overLimit: string | null = null;

  /** State changes (only changes: the same state is not told twice). */
  readonly onState: Event<StreamState> = this.#onState.event;
  /** Every push, as the record the REST client would yield for it. */
  readonly onPush: Event<StreamPush> = this.#onPush.event;
  /**
   * A symbol whose push could not be completed (a crypto quote without open, high and
   * low, and no whole quote of the same day): take a REST snapshot and `seedQuote` it.
   */
  readonly onSnapshotNeeded: Event<Instrument> = this.#onSnapshotNeeded.event;

  constructor(options: StreamClientOptions) {
    this.#cls = options.cls;
    const path = options.path ?? STREAM_PATHS[options.cls];
    this.#url = () => streamUrl(options.baseUrl, path);
    this.#token = options.token;
    this.#sockets = options.sockets ?? wsSockets;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
    this.#random = options.random ?? Math.random;
    const tuning = { ...DEFAULT_STREAM_TUNING, ...options.tuning };
    const { min, max } = STREAM_HEARTBEAT_RANGE_MS;
    this.#tuning = { ...tuning, heartbeatMs: clamp(tuning.heartbeatMs, min, max) };
    this.#backoff = {
      ...DEFAULT_RETRY,
      baseDelayMs: this.#tuning.backoffInitialMs,
      maxDelayMs: this.#tuning.backoffMaxMs,
    };
    this.#book = new SubscriptionBook(options.limit, this.#tuning.batchSize);
    this.#wasteLimit = options.wasteLimit ?? DEFAULT_WASTE_LIMIT;
    this.#reader = new PushReader(options.cls);
  }

  get state(): StreamState {
    return this.#state;
  }

  /**
   * Replaces the wanted symbols, most important first: the first `limit` are subscribed,
   * the rest are `overflow()` (for the caller to poll). Connects when something is
   * wanted; with nothing wanted the connection closes after `idleCloseMs`.
   */
  setWanted(wants: Iterable<StreamWant>): void {
    if (this.#state.kind === 'disposed') return;
    this.#book.setWanted(wants);
    this.#ensure();
  }

  /** A whole REST quote that a later crypto push without o/h/l can be completed from. */
  seedQuote(region: string, code: string, quote: Quote): void {
    this.#reader.seed(streamSymbol(code, region), quote);
  }

  /** Connects again at once: after a refused token was fixed, or the network came back. */
  restart(): void {
    if (this.#state.kind === 'disposed') return;
    this.#attempt = 0;
    this.#cancel('retry');
    this.#teardown();
    if (this.#state.kind === 'refused') this.#setState({ kind: 'idle' });
    this.#ensure();
  }

  /** Wanted symbols the service acknowledged. */
  subscribed(): Instrument[] {
    return this.#book.subscribed().map((key) => this.#instrument(key));
  }

  /** Wanted symbols left out: past the limit, or refused by the service. */
  overflow(): Instrument[] {
    return this.#book.overflow().map((key) => this.#instrument(key));
  }

  /** How many `overflow()` lists, without listing them (the feed may want 90,000). */
  overflowCount(): number {
    return this.#book.overflowCount();
  }

  stats(): StreamClientStats {
    return { ...this.#stats };
  }

  dispose(): void {
    if (this.#state.kind === 'disposed') return;
    this.#cancel('retry');
    this.#cancel('idle');
    this.#teardown();
    this.#setState({ kind: 'disposed' });
    this.#onState.dispose();
    this.#onPush.dispose();
    this.#onSnapshotNeeded.dispose();
  }

  #instrument(key: string): Instrument {
    const [code, region] = key.split('$') as [string, string];
    return { class: this.#cls, region, exchange: '', code };
  }

  #redact(text: string): string {
    return redactSecrets(text, [this.#token]);
  }

  #setState(state: StreamState): void {
    if (JSON.stringify(state) === JSON.stringify(this.#state)) return;
    this.#state = state;
    this.#onState.fire(state);
  }

  #cancel(which: 'retry' | 'idle'): void {
    const handle = which === 'retry' ? this.#retry : this.#idle;
    if (handle !== null) this.#timers.clearTimeout(handle);
    if (which === 'retry') this.#retry = null;
    else this.#idle = null;
  }

  /** Brings the connection in line with the wanted set. */
  #ensure(): void {
    const kind = this.#state.kind;
    if (kind === 'disposed' || kind === 'refused') return;
    if (this.#conn) this.#sync();
    if (this.#book.wantedCount > 0) {
      this.#cancel('idle');
      if (!this.#conn && this.#retry === null) this.#connect();
    } else if (!this.#conn) {
      this.#cancel('retry');
      this.#setState({ kind: 'idle' });
    } else if (this.#idle === null) {
      // Kept a while: a workspace switching layouts wants symbols again at once.
      this.#idle = this.#timers.setTimeout(() => {
        this.#idle = null;
        this.#teardown();
        this.#setState({ kind: 'idle' });
      }, this.#tuning.idleCloseMs);
    }
  }

  #connect(): void {
    this.#book.reset();
    this.#overLimit = null;
    const conn: Connection = {
      socket: null,
      authed: false,
      streamingSince: null,
      ping: null,
      timers: new Set(),
      waste: new WasteMeter(this.#wasteLimit),
    };
    this.#conn = conn;
    this.#stats.connections++;
    this.#setState({ kind: 'connecting', attempt: this.#attempt + 1 });
    let url: string;
    try {
      url = this.#url();
    } catch (error) {
      return this.#fail('unavailable', `no stream address: ${(error as Error).message}`);
    }
    const live = () => this.#conn === conn;
    this.#after(conn, this.#tuning.connectTimeoutMs, () => {
      if (conn.streamingSince === null) this.#fail('timeout', 'the stream did not answer in time');
    });
    const headers: Record<string, string> = this.#sockets.sendsHeaders
      ? { token: this.#token }
      : {};
    conn.socket = this.#sockets.open(url, headers, {
      open: () => {
        if (!live()) return;
        this.#heartbeat(conn);
        if (this.#sockets.sendsHeaders) {
          // The header authenticated the upgrade: subscribe now; a refusal still comes as "auth failed".
          conn.authed = true;
          this.#sync();
        } else {
          this.#send({ ac: STREAM_ACTIONS.auth, params: this.#token });
        }
      },
      message: (text) => {
        if (!live()) return;
        const read = this.#frame(conn, readFrame(text));
        if (live() && conn.waste.count(this.#now(), !read)) {
          const { windowMs } = this.#wasteLimit;
          this.#fail(
            'unreadable',
            `the stream sent ${conn.waste.wasted} frames it could not read within ${windowMs / 1000} s`,
          );
        }
      },
      closed: (code, reason) => {
        if (!live()) return;
        if (code === STREAM_CLOSE.authFailed) return this.#refuse();
        if (code === STREAM_CLOSE.replaced) {
          return this.#fail('replaced', 'another connection with this token took its place');
        }
        const why = reason === '' ? `code ${code}` : `code ${code}: ${reason}`;
        this.#fail(
          'closed',
          code === 1006 ? 'the connection dropped' : `the stream closed (${why})`,
        );
      },
      failed: (message, status) => {
        if (!live()) return;
        if (status !== undefined)
          this.#fail('unavailable', `the stream endpoint answered ${message}`);
        else this.#fail('unreachable', `cannot reach the stream: ${message}`);
      },
    });
  }

  #after(conn: Connection, ms: number, fn: () => void): TimerHandle {
    const handle = this.#timers.setTimeout(() => {
      conn.timers.delete(handle);
      if (this.#conn === conn) fn();
    }, ms);
    conn.timers.add(handle);
    return handle;
  }

  #heartbeat(conn: Connection): void {
    this.#after(conn, this.#tuning.heartbeatMs, () => {
      if (conn.ping === null) {
        const value = String(this.#now());
        conn.ping = value;
        this.#stats.pings++;
        this.#send({ ac: STREAM_ACTIONS.ping, params: value });
        this.#after(conn, this.#tuning.pongTimeoutMs, () => {
          if (conn.ping === value) this.#fail('heartbeat', 'the stream stopped answering pings');
        });
      }
      this.#heartbeat(conn);
    });
  }

  #send(message: { ac: string; params: string; types?: string }): void {
    this.#conn?.socket?.send(JSON.stringify(message));
  }

  /** Acts on one frame; false when nothing in it could be read (see waste-meter.ts). */
  #frame(conn: Connection, frame: ServerFrame): boolean {
    switch (frame.kind) {
      case 'auth':
        if (!frame.ok) {
          this.#refuse();
          return true;
        }
        if (!conn.authed) {
          conn.authed = true;
          this.#sync();
        }
        this.#streaming(conn);
        return true;
      case 'answer': {
        // Answers are matched to requests in order; one without resAc can only be to ours.
        const { action } = frame;
        if (action === STREAM_ACTIONS.subscribe || action === STREAM_ACTIONS.unsubscribe) {
          this.#answer(conn, frame.ok, frame.overLimit ? frame.message : null);
        } else if (action === null && !frame.ok) this.#answer(conn, false, null);
        return true;
      }
      case 'pong':
        if (conn.ping !== null && String(frame.value) === conn.ping) {
          conn.ping = null;
          this.#stats.pongs++;
        }
        return true;
      case 'push': {
        let read = false;
        for (const record of frame.records) if (this.#deliver(conn, record)) read = true;
        return read;
      }
      case 'malformed':
        this.#stats.malformed++;
        return false;
      case 'over-budget':
        this.#stats.overBudget++;
        return false;
      case 'connected':
      case 'other':
        return true;
    }
  }

  /** `overLimit`: the service's words when it refused a subscription as over its limit. */
  #answer(conn: Connection, ok: boolean, overLimit: string | null): void {
    const request = this.#book.answered(ok);
    if (!request) return;
    if (overLimit !== null && request.ac === 'subscribe') this.#overLimit = this.#redact(overLimit);
    if (ok) this.#streaming(conn);
    this.#sync();
  }

  /** Delivers one pushed record; false when it names no symbol held or cannot be read. */
  #deliver(conn: Connection, pushed: PushedRecord): boolean {
    const symbol = this.#index.match(pushed.s);
    if (!symbol) {
      this.#stats.unattributed++;
      return false;
    }
    if (!this.#book.wants(symbol.key, pushed.type)) return true;
    let read;
    try {
      read = this.#reader.read(symbol.key, symbol.code, pushed.type, pushed.record);
    } catch {
      this.#stats.malformed++;
      return false;
    }
    const instrument = this.#instrument(symbol.key);
    if (read === 'incomplete') {
      this.#stats.incomplete++;
      this.#onSnapshotNeeded.fire(instrument);
      return true;
    }
    this.#stats.pushes++;
    if (conn.streamingSince === null) this.#streaming(conn);
    this.#onPush.fire({ ...read, instrument } as StreamPush);
    return true;
  }

  /** Sends what brings the service in line with the wanted set, then says where things stand. */
  #sync(): void {
    const conn = this.#conn;
    if (!conn?.authed) return;
    if (this.#book.needsFreshConnection()) {
      this.#teardown();
      this.#connect();
      return;
    }
    const requests = this.#book.plan();
    this.#index.reset(this.#book.symbols());
    for (const r of requests) {
      const params = r.symbols.map((s: HeldSymbol) => streamSymbol(s.code, s.region)).join(',');
      this.#send(
        r.types === null ? { ac: r.ac, params } : { ac: r.ac, params, types: r.types.join(',') },
      );
    }
    if (conn.streamingSince !== null) this.#streaming(conn);
  }

  /** The service accepted this connection: the state says how much it streams. */
  #streaming(conn: Connection): void {
    conn.streamingSince ??= this.#now();
    const subscribed = this.#book.subscribed().length;
    const overflow = this.#book.overflowCount();
    this.#setState(
      this.#overLimit === null
        ? { kind: 'streaming', subscribed, overflow }
        : { kind: 'over-limit', subscribed, overflow, message: this.#overLimit },
    );
  }

  /** Closes the connection, if any, and forgets it. */
  #teardown(): void {
    const conn = this.#conn;
    if (!conn) return;
    this.#conn = null;
    for (const handle of conn.timers) this.#timers.clearTimeout(handle);
    conn.timers.clear();
    conn.socket?.close();
  }

  #refuse(): void {
    this.#teardown();
    this.#cancel('retry');
    this.#setState({ kind: 'refused', reason: 'auth', message: 'the stream refused the token' });
  }

  #fail(reason: ReconnectReason, message: string): void {
    // A connection that streamed a while was a success: the backoff starts over.
    const since = this.#conn?.streamingSince ?? null;
    if (since !== null && this.#now() - since >= this.#tuning.stableMs) this.#attempt = 0;
    this.#teardown();
    if (this.#book.wantedCount === 0) return this.#setState({ kind: 'idle' });
    this.#attempt++;
    const delay = backoffDelay(this.#backoff, this.#attempt, this.#random);
    const nextAttemptAt = this.#now() + delay;
    this.#cancel('retry');
    this.#retry = this.#timers.setTimeout(() => {
      this.#retry = null;
      this.#ensure();
    }, delay);
    this.#setState({
      kind: 'reconnecting',
      reason,
      message: this.#redact(message),
      attempt: this.#attempt,
      nextAttemptAt,
    });
  }
}
