/**
 * A scriptable stream client for the hub's tests: it takes what the hub wants, and
 * connects, streams (the first `limit` wanted symbols acknowledged at once), drops,
 * refuses and pushes only when a test says so. `FakeStreams` opens one per class.
 */
import { streamSymbol } from '../../../shared/api/stream';
import { Emitter } from '../../../shared/emitter';
import type { AssetClass, Instrument, Quote } from '../../../shared/model';
import type { ReconnectReason, StreamPush, StreamState, StreamWant } from '../../stream';
import type { StreamOpener, StreamPort } from '../stream-feed';

export class FakeStream implements StreamPort {
  state: StreamState = { kind: 'idle' };
  wanted: StreamWant[] = [];
  /** Quotes `seedQuote` was given, by `CODE$REGION`. */
  readonly seeds = new Map<string, Quote>();
  disposed = false;
  readonly #states = new Emitter<StreamState>();
  readonly #pushes = new Emitter<StreamPush>();
  readonly #snapshots = new Emitter<Instrument>();
  readonly onState = this.#states.event;
  readonly onPush = this.#pushes.event;
  readonly onSnapshotNeeded = this.#snapshots.event;

  constructor(
    readonly cls: AssetClass,
    public limit: number,
  ) {}

  setWanted(wants: Iterable<StreamWant>): void {
    this.wanted = [...wants];
    if (this.wanted.length > 0 && this.state.kind === 'idle')
      this.#set({ kind: 'connecting', attempt: 1 });
    else if (this.#streaming()) this.stream();
  }

  seedQuote(region: string, code: string, quote: Quote): void {
    this.seeds.set(streamSymbol(code, region), quote);
  }

  /** `CODE$REGION` of what is wanted, in the order given. */
  keys(): string[] {
    return this.wanted.map((w) => streamSymbol(w.code, w.region));
  }

  subscribed(): Instrument[] {
    return this.#streaming()
      ? this.wanted.slice(0, this.limit).map((w) => this.#instrument(w))
      : [];
  }

  overflow(): Instrument[] {
    return this.wanted.slice(this.#streaming() ? this.limit : 0).map((w) => this.#instrument(w));
  }

  overflowCount(): number {
    return this.overflow().length;
  }

  /** Accepted: everything within the limit is acknowledged. */
  stream(): void {
    const subscribed = Math.min(this.limit, this.wanted.length);
    this.#set({ kind: 'streaming', subscribed, overflow: this.wanted.length - subscribed });
  }

  /** The connection dropped (by default: the endpoint answered 503); the next attempt at `nextAttemptAt`. */
  drop(
    nextAttemptAt: number,
    message = 'the stream endpoint answered 503 Service Unavailable',
    { reason = 'unavailable', attempt = 1 }: { reason?: ReconnectReason; attempt?: number } = {},
  ): void {
    this.#set({ kind: 'reconnecting', reason, message, attempt, nextAttemptAt });
  }

  /** An attempt to connect again begins. */
  connect(attempt = 1): void {
    this.#set({ kind: 'connecting', attempt });
  }

  refuse(): void {
    this.#set({ kind: 'refused', reason: 'auth', message: 'the stream refused the token' });
  }

  push(push: StreamPush): void {
    this.#pushes.fire(push);
  }

  needsSnapshot(instrument: Instrument): void {
    this.#snapshots.fire(instrument);
  }

  dispose(): void {
    this.disposed = true;
    this.#set({ kind: 'disposed' });
    this.#states.dispose();
    this.#pushes.dispose();
    this.#snapshots.dispose();
  }

  #streaming(): boolean {
    return this.state.kind === 'streaming' || this.state.kind === 'over-limit';
  }

  #set(state: StreamState): void {
    if (JSON.stringify(state) === JSON.stringify(this.state)) return;
    this.state = state;
    this.#states.fire(state);
  }

  #instrument(w: StreamWant): Instrument {
    const [code, region] = streamSymbol(w.code, w.region).split('$') as [string, string];
    return { class: this.cls, region, exchange: '', code };
  }
}

/** Opens a FakeStream per class, remembering the latest of each. */
export class FakeStreams {
  readonly opened: FakeStream[] = [];

  constructor(public limit = 200) {}

  readonly open: StreamOpener = (cls) => {
    const stream = new FakeStream(cls, this.limit);
    this.opened.push(stream);
    return stream;
  };

  /** The open stream of `cls`; throws when there is none. */
  of(cls: AssetClass): FakeStream {
    const stream = this.opened.findLast((s) => s.cls === cls && !s.disposed);
    if (!stream) throw new Error(`no open ${cls} stream`);
    return stream;
  }
}
