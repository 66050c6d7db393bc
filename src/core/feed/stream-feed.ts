/**
 * The hub's stream: one stream client per asset class, shared by every window (the hub
 * is), wanting the union of what the visible panes show — quotes, depth and ticks, and
 * the quotes that move a live chart's forming candle — most visible first. What the
 * service acknowledges on a streaming connection leaves its group's polls (`setStreamed`);
 * what does not fit the limit, and everything while a class's stream is down, is polled
 * as before. A symbol new on the stream (a newly shown one, or after a reconnect) is due
 * one REST snapshot, so nothing that changed before the subscription took stays stale.
 * Pushes go into the groups' newest records, the panes (one delivery per turn) and the
 * cache (once a second). How it goes is the health model's `stream`. See README.md.
 */
import { STREAM_PLAN_LIMITS } from '../../shared/api/stream';
import { tradingAt } from '../../shared/calendar/calendars';
import { DisposableStore } from '../../shared/emitter';
import { type AssetClass, type Instrument, type PlanName, type UnixMs } from '../../shared/model';
import type { BatchResult } from '../api';
import { SUCCESS, type Outcome } from '../health';
import type { StreamClient, StreamPush, StreamState } from '../stream';
import { carriedByStream, setStreamed, snapshotDue, type Group } from './group';
import type { GroupPollerDeps } from './poller';
import type { Scheduler } from './scheduler';
import { streamHealth, streamSuggestedPlan, withPlanHint, type ClassStream } from './stream-health';
import { tellPushed, type ReceivedListener } from './received';
import { StreamPushes, symbolId, type Target } from './stream-pushes';
import { StreamWantsReader, type StreamWants } from './stream-wants';
import type { FeedTimers, TimerHandle } from './types';

/** What the hub uses of a stream client (`StreamClient` is one; tests pass their own). */
export type StreamPort = Pick<
  StreamClient,
  | 'state'
  | 'onState'
  | 'onPush'
  | 'onSnapshotNeeded'
  | 'setWanted'
  | 'seedQuote'
  | 'subscribed'
  | 'overflow'
  | 'overflowCount'
  | 'dispose'
>;

/**
 * Opens the stream of one asset class: the composition root's, which knows the address,
 * the token, the endpoint's path and the subscription limit.
 */
export type StreamOpener = (cls: AssetClass) => StreamPort;

/**
 * A sync reads every wanted code of every window (up to 90,000), and a flood of
 * subscriptions asks for one at every turn of the loop. So after each sync the next
 * waits this many times as long as it took: syncing takes at most a fifth of the loop
 * however many change what they show, and other windows are answered in between. (A
 * sync that took no time, as every one on a test's manual clock, sets no wait.)
 */
const SYNC_GAP_FACTOR = 4;

/** Wanted codes a sync reads per turn of the loop (some milliseconds' work). */
const SYNC_SLICE_CODES = 8_000;

/** How often the markets' trading hours are looked at again for the stream's ranking. */
const MARKET_RECHECK_MS = 60_000;

/** A streaming class tells the health model it works at most this often… */
export const STREAM_ALIVE_MS = 5_000;
/** …and that stands this long. */
const STREAM_ALIVE_VALID_MS = 15_000;

/** The health service's channel of one class's stream. */
export const streamChannel = (cls: AssetClass): string => `stream:${cls}`;

/**
 * What a stream going to reconnect says of the service (the status bar's mode): a
 * connection that could not be made, or not in time, or that drops again in a row, is
 * a failure the app knows of at once — LIVE must not stand while the next poll is a
 * minute away. One drop of a connection that worked (closed, no pong) gets its
 * reconnect first, under a second away: one hiccup does not flap the mode. Reconnecting
 * for the app's own reasons (a smaller subscription set, another connection with the
 * token) says nothing; null.
 */
export function streamFailure(
  state: Extract<StreamState, { kind: 'reconnecting' }>,
): Outcome | null {
  const message = `The stream is down (${state.message}).`;
  switch (state.reason) {
    case 'unreachable':
    case 'timeout':
      return { kind: 'unreachable', message };
    case 'closed':
    case 'heartbeat':
      return state.attempt > 1 ? { kind: 'unreachable', message } : null;
    // It answered, with a refusal or with frames it could not read.
    case 'unavailable':
    case 'unreadable':
      return { kind: 'failed', message };
    case 'replaced':
    case 'resubscribe':
      return null;
  }
}

/** The hub's parts the stream works with: the poller's, the scheduler and the timers. */
export interface StreamFeedDeps extends Pick<
  GroupPollerDeps,
  'registry' | 'status' | 'health' | 'store' | 'now' | 'paused' | 'onError'
> {
  scheduler: Scheduler;
  timers: FeedTimers;
  /** Told every push as it arrives (the hub's `onReceived`). */
  received?: ReceivedListener | null;
}

/** One class's client and what listens to it. */
interface Held {
  port: StreamPort;
  listeners: DisposableStore;
}

export class StreamFeed {
  #open: StreamOpener | null = null;
  readonly #held = new Map<AssetClass, Held>();
  /** Symbols wanted per class (with no client while off or refused): the health's counts. */
  #wanted = new Map<AssetClass, number>();
  /** Classes wanted but left without a connection by the plan's limit: polled whole. */
  #parked = new Set<AssetClass>();
  /** By `class|CODE$REGION`. */
  #targets = new Map<string, Target[]>();
  readonly #aliveAt = new Map<AssetClass, UnixMs>();
  #recheck: TimerHandle | null = null;
  readonly #pushes: StreamPushes;
  #syncQueued = false;
  /** No sync before this (`SYNC_GAP_FACTOR`). */
  #nextSyncAt: UnixMs = 0;
  /** The sync under way (reading the wanted symbols), if any; what it took so far. */
  #reader: StreamWantsReader | null = null;
  #syncSpent = 0;
  /** What panes want changed while a sync was reading: one more sync follows it. */
  #changedMeanwhile = false;
  #disposed = false;

  constructor(private readonly deps: StreamFeedDeps) {
    this.#pushes = new StreamPushes({
      ...deps,
      targets: (id) => this.#targets.get(id) ?? [],
      seed: (cls, region, code, quote) => this.#held.get(cls)?.port.seedQuote(region, code, quote),
    });
  }

  /** Streams with `open` from now on (a new token, address or setting); null: poll everything. */
  setOpener(open: StreamOpener | null): void {
    this.#reader = null;
    this.#closeAll();
    this.#open = open;
    this.#pushes.clear();
    this.#targets = new Map();
    this.#wanted = new Map();
    this.#parked = new Set();
    this.#cover();
    this.#publish();
    this.requestSync();
  }

  /** The same streams opened again: what the old connections said (or still send) is dropped. */
  restart(): void {
    this.setOpener(this.#open);
    this.#pushes.rewound();
  }

  /**
   * What panes want changed (subscriptions, visibility, the health hold): sync on the
   * next turn. Without a stream there is nothing to do (and no timer to set).
   */
  requestSync(): void {
    if (this.#disposed || this.#open === null) return;
    // A sync under way may have read the changed group already: one more follows it.
    if (this.#reader !== null) this.#changedMeanwhile = true;
    if (this.#syncQueued || this.#reader !== null) return;
    this.#syncQueued = true;
    const wait = Math.max(0, this.#nextSyncAt - this.deps.now());
    this.deps.scheduler.later(() => this.#sync(), wait);
  }

  /** A poll of `g` succeeded: its due snapshots are taken, its answer kept as the stream's base. */
  polled(g: Group, batch: BatchResult<unknown>): void {
    const before = g.polled;
    this.#pushes.polled(g, batch);
    if (g.polled !== before) this.deps.scheduler.reconcile();
  }

  /** Connections open and symbols subscribed now, against the plan's limits. */
  use(): { connections: number; subscriptions: number; connectionLimit: number } {
    let subscriptions = 0;
    for (const held of this.#held.values()) subscriptions += held.port.subscribed().length;
    return { connections: this.#held.size, subscriptions, connectionLimit: this.#allowed() };
  }

  /** What the service said refusing subscriptions as over its limit, or null when it has not. */
  refusal(): string | null {
    for (const held of this.#held.values()) {
      const state = held.port.state;
      if (state.kind === 'over-limit') return state.message;
    }
    return null;
  }

  /** The plan the service's subscription refusals point to, or null (see stream-health). */
  suggestedPlan(): PlanName | null {
    const states = [...this.#held.values()].map((held) => held.port.state);
    return streamSuggestedPlan(states, this.deps.scheduler.plan.name);
  }

  /** Why a class the panes want streamed is polled whole (the plan's connections), or null. */
  parked(cls: string): string | null {
    return this.#parked.has(cls as AssetClass) ? this.#parkedWords(cls) : null;
  }

  #parkedWords(cls: string): string {
    const n = this.#allowed();
    return `The plan allows ${n} stream connection${n === 1 ? '' : 's'}, one per asset class: ${cls} prices are polled.`;
  }

  /** See `FeedHub.candleCloses`. */
  candleCloses(): { closes: number; corrections: number } {
    const { closes, corrections } = this.#pushes.candles;
    return { closes, corrections };
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#recheck !== null) this.deps.timers.clearTimeout(this.#recheck);
    this.#closeAll();
    this.#pushes.dispose();
  }

  // ------------------------------------------------------------ wanting

  #tokenRefused(): boolean {
    return this.deps.health.hold()?.state === 'token-rejected';
  }

  #closeAll(): void {
    for (const [cls, held] of [...this.#held]) this.#close(cls, held);
  }

  #close(cls: AssetClass, held: Held): void {
    held.listeners.dispose();
    held.port.dispose();
    this.#held.delete(cls);
    this.#aliveAt.delete(cls);
    this.deps.health.forget(streamChannel(cls));
  }

  /** Starts a sync: the wanted symbols are read a slice per turn, then applied. */
  #sync(): void {
    this.#syncQueued = false;
    if (this.#disposed) return;
    const now = this.deps.now();
    const reader = new StreamWantsReader(
      this.deps.registry.groups(),
      (cls, region) => tradingAt(cls, region, now),
      this.deps.registry.focused(),
    );
    this.#reader = reader;
    this.#changedMeanwhile = false;
    this.#syncSpent = 0;
    this.#readSlice(reader);
  }

  /** Reads a slice; the last one applies the sync and puts the next off by what it cost. */
  #readSlice(reader: StreamWantsReader): void {
    if (this.#disposed || this.#reader !== reader) return;
    const started = this.deps.now();
    if (!reader.read(SYNC_SLICE_CODES)) {
      this.#syncSpent += this.deps.now() - started;
      this.deps.scheduler.later(() => this.#readSlice(reader));
      return;
    }
    this.#reader = null;
    this.#apply(reader.result());
    const end = this.deps.now();
    this.#syncSpent += end - started;
    this.#nextSyncAt = end + this.#syncSpent * SYNC_GAP_FACTOR;
    if (this.#changedMeanwhile) this.requestSync();
  }

  /**
   * Brings each class's client in line with the visible panes' union, most visible first;
   * at most the plan's stream connections are open (`STREAM_PLAN_LIMITS`: a connection
   * past them is refused or kicks another): the most visible classes get one, the rest
   * are polled (`#parked`).
   */
  #apply({ byClass, targets }: StreamWants): void {
    this.#targets = targets;
    this.#wanted = new Map([...byClass].map(([cls, list]) => [cls, list.length]));
    const open = this.#open;
    const allowed = this.#allowed();
    const ranked = [...byClass.keys()];
    this.#parked = new Set(ranked.slice(allowed));
    if (open === null || this.#tokenRefused()) {
      // Nothing is sent with a refused token; off, nothing streams.
      this.#closeAll();
    } else {
      const connect = ranked.slice(0, allowed);
      // Closed first, so that the open connections never exceed the plan's. One that
      // no pane needs now stays (idle, it closes itself soon) while the plan has room.
      let room = allowed - connect.length;
      for (const [cls, held] of [...this.#held]) {
        if (connect.includes(cls)) continue;
        if (!byClass.has(cls) && room-- > 0) held.port.setWanted([]);
        else this.#close(cls, held);
      }
      for (const cls of connect) {
        (this.#held.get(cls) ?? this.#start(cls, open))?.port.setWanted(byClass.get(cls)!);
      }
    }
    this.#recheckIfBound();
    this.#cover();
    this.#publish();
  }

  /**
   * Markets open and close while nothing else changes: while the plan leaves some
   * classes or symbols off the stream, the ranking is looked at again each minute (a
   * sync with nothing new changes nothing).
   */
  #recheckIfBound(): void {
    if (this.#recheck !== null || this.#open === null) return;
    const left = (state: StreamState) =>
      (state.kind === 'streaming' || state.kind === 'over-limit') && state.overflow > 0;
    const bound = this.#parked.size > 0 || [...this.#held.values()].some((h) => left(h.port.state));
    if (!bound) return;
    this.#recheck = this.deps.timers.setTimeout(() => {
      this.#recheck = null;
      this.requestSync();
    }, MARKET_RECHECK_MS);
  }

  /** Stream connections the plan allows at once. */
  #allowed(): number {
    return STREAM_PLAN_LIMITS[this.deps.scheduler.plan.name].connections;
  }

  #start(cls: AssetClass, open: StreamOpener): Held | null {
    let port: StreamPort;
    try {
      port = open(cls);
    } catch (error) {
      this.deps.onError(error);
      return null;
    }
    const listeners = new DisposableStore();
    const held: Held = { port, listeners };
    this.#held.set(cls, held);
    listeners.add(port.onState((state) => this.#stateChanged(cls, state)));
    listeners.add(port.onPush((push) => this.#push(cls, push)));
    listeners.add(port.onSnapshotNeeded((instrument) => this.#snapshotNeeded(cls, instrument)));
    return held;
  }

  #stateChanged(cls: AssetClass, state: StreamState): void {
    if (this.#disposed) return;
    const channel = streamChannel(cls);
    if (state.kind === 'refused') {
      // The same refusal as REST's: nothing is sent with this token until a new one.
      this.deps.health.record(
        {
          kind: 'token-rejected',
          message: `The service refused the token on the stream (${state.message}).`,
        },
        { channel, epoch: this.deps.health.epoch },
      );
      this.requestSync();
    } else if (state.kind === 'streaming' || state.kind === 'over-limit') {
      this.#alive(cls, true);
      this.#recheckIfBound();
    } else if (state.kind === 'reconnecting') {
      this.#aliveAt.delete(cls);
      const failure = streamFailure(state);
      // Until the next attempt has had its time, the failure stands for the stream.
      const validMs = Math.max(0, state.nextAttemptAt - this.deps.now()) + STREAM_ALIVE_VALID_MS;
      if (failure !== null) {
        this.deps.health.record(failure, {
          channel,
          validMs,
          retriesItself: true,
          epoch: this.deps.health.epoch,
        });
      }
    } else if (state.kind === 'connecting') {
      // An attempt under way changes nothing: what the last one said stands until this one speaks.
      this.#aliveAt.delete(cls);
    } else {
      // Idle (nothing wanted) or gone: the stream says nothing of the service any more.
      this.deps.health.forget(channel);
      this.#aliveAt.delete(cls);
    }
    this.#cover();
    this.#publish();
  }

  /** Tells the health model the stream works (a push, or a connection accepted), not too often. */
  #alive(cls: AssetClass, now = false): void {
    const at = this.deps.now();
    if (!now && at - (this.#aliveAt.get(cls) ?? -Infinity) < STREAM_ALIVE_MS) return;
    this.#aliveAt.set(cls, at);
    this.deps.health.record(SUCCESS, {
      channel: streamChannel(cls),
      validMs: STREAM_ALIVE_VALID_MS,
      retriesItself: true,
      epoch: this.deps.health.epoch,
    });
  }

  /**
   * Which codes each group's polls leave to the stream: those acknowledged on a streaming
   * connection. A group that lost some is polled at once (staleness counted from now); one
   * that gained some is asked for their snapshot.
   */
  #cover(): void {
    // The groups' codes behind each acknowledged symbol, from the last sync's targets
    // (a group changed since is brought in line by the sync its change asked for).
    const serves = new Map<Group, Set<string>>();
    for (const [cls, held] of this.#held) {
      const kind = held.port.state.kind;
      if (kind !== 'streaming' && kind !== 'over-limit') continue;
      for (const i of held.port.subscribed()) {
        for (const { group, code } of this.#targets.get(symbolId(cls, i.region, i.code)) ?? []) {
          let codes = serves.get(group);
          if (!codes) serves.set(group, (codes = new Set()));
          codes.add(code);
        }
      }
    }
    const changed: Group[] = [];
    const now = this.deps.now();
    const none = new Set<string>();
    for (const g of this.deps.registry.groups()) {
      const codes = serves.get(g) ?? none;
      if (codes.size === 0 && g.streamed.size === 0) continue;
      const { added, removed } = setStreamed(g, codes);
      if (added + removed === 0) continue;
      changed.push(g);
      // Back to polling: its staleness counts from now, not from the last quiet push.
      if (removed > 0) for (const sub of this.deps.registry.visible(g)) sub.since = now;
      // On the stream now: the pace of the polls before is no longer how it refreshes.
      if (added > 0) {
        for (const sub of this.deps.registry.visible(g)) {
          if (carriedByStream(g, sub)) sub.setPace(null);
        }
      }
    }
    if (changed.length === 0) return;
    this.deps.scheduler.reconcile();
    for (const g of changed) this.deps.scheduler.kick(g);
  }

  #publish(): void {
    const classes: ClassStream[] = [];
    for (const [cls, wanted] of this.#wanted) {
      if (this.#parked.has(cls)) {
        classes.push({
          state: { kind: 'disposed' },
          wanted,
          subscribed: 0,
          overflow: wanted,
          parked: this.#parkedWords(cls),
        });
        continue;
      }
      const held = this.#held.get(cls);
      classes.push(
        held
          ? {
              state: withPlanHint(held.port.state, this.deps.scheduler.plan.name),
              wanted,
              subscribed: held.port.subscribed().length,
              overflow: held.port.overflowCount(),
            }
          : { state: { kind: 'disposed' }, wanted, subscribed: 0, overflow: 0 },
      );
    }
    const on = this.#open !== null;
    this.deps.health.setStream(streamHealth(on, this.#tokenRefused(), classes));
  }

  // ------------------------------------------------------------ pushes

  #push(cls: AssetClass, push: StreamPush): void {
    if (this.#disposed) return;
    this.#alive(cls);
    if (this.deps.received) tellPushed(this.deps.received, push);
    this.#pushes.take(cls, push);
  }

  /** A crypto quote the stream could not complete: one REST quote (which seeds the stream). */
  #snapshotNeeded(cls: AssetClass, instrument: Instrument): void {
    let due = false;
    for (const { group, code } of this.#targets.get(
      symbolId(cls, instrument.region, instrument.code),
    ) ?? []) {
      if (group.route.kind === 'quotes' && snapshotDue(group, code)) {
        due = true;
        this.deps.scheduler.kick(group);
      }
    }
    if (due) this.deps.scheduler.reconcile();
  }
}
