/**
 * The one health model of the market data (docs/architecture.md "Every number shown is true"):
 * every request the app makes — the feed hub's polls, history refreshes, company cards,
 * symbol checks — records its outcome here, and the status bar and every pane read the
 * state from here. See README.md for the states and their transitions.
 */
import { DisposableStore, Emitter, type Event } from '../../shared/emitter';
import type { DataHealth, StreamHealth, UnixMs } from '../../shared/model';
import { EvidenceBook } from './evidence';
import { OFFLINE_MESSAGE, TOKEN_REJECTED_MESSAGE, rateLimitedMessage } from './messages';
import { outcomeOf, type Outcome } from './outcome';
import { Prober } from './probing';
import { backgroundTimers, type TimerHandle, type Timers } from './timers';
import {
  DEFAULT_HEALTH_TUNING,
  STREAM_OFF,
  type HealthHold,
  type HealthServiceOptions,
  type RecordOptions,
} from './types';

const DEFAULT_CHANNEL = 'other';

const TOKEN_HOLD: HealthHold = Object.freeze({
  state: 'token-rejected',
  message: TOKEN_REJECTED_MESSAGE,
  resumesAt: null,
});
const OFFLINE_HOLD: HealthHold = Object.freeze({
  state: 'offline',
  message: OFFLINE_MESSAGE,
  resumesAt: null,
});

function rateHold(resumesAt: UnixMs): HealthHold {
  return { state: 'rate-limited', message: rateLimitedMessage(resumesAt), resumesAt };
}

/**
 * How the market data is doing, from every request's outcome. One per app, built by the
 * composition root and shared by the feed hub, the history service, stock info and the
 * symbol checker; a standalone hub or history service makes a private one.
 */
export class HealthService {
  readonly #now: () => UnixMs;
  readonly #timers: Timers;
  readonly #redact: (text: string) => string;
  readonly #onError: (error: unknown) => void;
  readonly #book: EvidenceBook;
  readonly #prober: Prober;
  readonly #changedHealth: Emitter<DataHealth>;
  /** Fired each time the state is re-derived: what `clearance` waits on. */
  readonly #rederived = new Emitter<void>();
  #epoch = 0;
  #shown: DataHealth = {
    state: 'connecting',
    since: null,
    lastSuccessAt: null,
    resumesAt: null,
    lastError: null,
    outsidePlan: null,
    stream: STREAM_OFF,
  };
  #told: string;
  #wake: { at: UnixMs; handle: TimerHandle } | null = null;
  #disposed = false;

  constructor(options: HealthServiceOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? backgroundTimers;
    this.#redact = options.redact ?? ((text) => text);
    this.#onError = options.onError ?? ((e) => console.error('marketdesk health:', e));
    this.#changedHealth = new Emitter({ onListenerError: this.#onError });
    this.onChange = this.#changedHealth.event;
    const tuning = { ...DEFAULT_HEALTH_TUNING, ...options.tuning };
    this.#book = new EvidenceBook(tuning);
    this.#prober = new Prober(this.#timers, tuning, () => this.offline, this.#onError);
    this.#told = this.#key();
  }

  // ------------------------------------------------------------ recording

  /** Bumped by `reset`: pass it with `record` to drop outcomes of requests sent before. */
  get epoch(): number {
    return this.#epoch;
  }

  /** Records one request's outcome. */
  record(outcome: Outcome, options: RecordOptions = {}): void {
    if (this.#disposed) return;
    if (options.epoch !== undefined && options.epoch !== this.#epoch) return;
    const channel = options.channel ?? DEFAULT_CHANNEL;
    const message = outcome.kind === 'success' ? null : this.#redact(outcome.message);
    const wasOffline = this.offline;
    this.#prober.set(channel, outcome.kind === 'unreachable' ? options.probe : undefined);
    this.#book.add(outcome, message, channel, options.validMs, this.#now(), options.retriesItself);
    // Back: the probes stop, and the next outage starts probing at the shortest wait.
    if (wasOffline && !this.offline) this.#prober.stop();
    this.#update();
  }

  /**
   * Records a `Result`-shaped answer (a client call's); returns its outcome, or null
   * for a cancelled request, which is not recorded.
   */
  recordResult(
    result: { ok: true } | { ok: false; error: unknown },
    options?: RecordOptions,
  ): Outcome | null {
    const outcome = outcomeOf(result);
    if (outcome) this.record(outcome, options);
    return outcome;
  }

  /**
   * How prices arrive now (the feed hub's stream): part of the snapshot, and a change
   * of it is told like a change of state. It stands until the hub says otherwise: a
   * `reset` (new token) does not forget it.
   */
  setStream(stream: StreamHealth): void {
    if (this.#disposed || JSON.stringify(stream) === JSON.stringify(this.#shown.stream)) return;
    this.#shown = { ...this.#shown, stream: { ...stream } };
    this.#update();
  }

  /** Forgets a channel (a feed group that closed): its outcome no longer counts. */
  forget(channel: string): void {
    const probed = this.#prober.delete(channel);
    if (this.#book.forget(channel) || probed) this.#update();
  }

  /**
   * Forgets everything: a new token, base URL or mode is a new link whose health is
   * unknown (`connecting`). Outcomes recorded with an older `epoch` are dropped.
   */
  reset(): void {
    if (this.#disposed) return;
    this.#epoch++;
    this.#book.clear();
    this.#prober.clear();
    this.#prober.stop();
    this.#update();
  }

  // ------------------------------------------------------------ reading

  /** The health now (plain data for `AppStatus.health`). */
  snapshot(): DataHealth {
    const shown = this.#shown;
    return { ...shown, lastSuccessAt: this.#book.lastSuccessAt, stream: { ...shown.stream } };
  }

  /** The service cannot be reached (pollers stop and leave it to the probes). */
  get offline(): boolean {
    return this.#book.offlineSince !== null;
  }

  /** Since when it cannot be reached; null while reachable. */
  get offlineSince(): UnixMs | null {
    return this.#book.offlineSince;
  }

  /** The latest unreachable failure's words while offline; null otherwise. */
  get offlineReason(): string | null {
    return this.#book.offlineReason;
  }

  /**
   * Why requests are held back now, or null: a refused token (nothing is sent with it),
   * offline (pollers wait for the probes; a request asked for by the user may still
   * try), a rate limit in force (nothing before `resumesAt`).
   */
  hold(): HealthHold | null {
    if (this.#book.tokenRejected) return TOKEN_HOLD;
    if (this.offline) return OFFLINE_HOLD;
    const until = this.#book.resumesAt;
    return until !== null && until > this.#now() ? rateHold(until) : null;
  }

  /**
   * Waits until a request may be sent: resolves null at once, or when a rate limit in
   * force ends (if it ends within `maxWaitMs`); resolves the hold when the token is
   * refused or the rate limit lasts longer. Offline does not hold: any request may be
   * the one that finds the service back. Rejects with the signal's reason on abort.
   */
  async clearance(signal?: AbortSignal, maxWaitMs = Infinity): Promise<HealthHold | null> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      if (this.#disposed) return null;
      if (this.#book.tokenRejected) return TOKEN_HOLD;
      // Offline and rate limited at once: the limit still applies.
      const until = this.#book.resumesAt;
      const now = this.#now();
      if (until === null || until <= now) return null;
      if (until - now > maxWaitMs) return rateHold(until);
      await this.#changed(signal);
    }
  }

  /**
   * Told when the state, its start, its error, the resume time, the hold or the stream
   * changes (not on every success: `lastSuccessAt` is read with the next snapshot).
   */
  readonly onChange: Event<DataHealth>;

  /** Scrubs secrets from a message (the redactor it was given). */
  redact(text: string): string {
    return this.#redact(text);
  }

  /** Stops the timers and forgets the listeners; waiters are let go. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#prober.stop();
    if (this.#wake) this.#timers.clearTimeout(this.#wake.handle);
    this.#wake = null;
    this.#changedHealth.dispose();
    this.#rederived.fire();
    this.#rederived.dispose();
  }

  // ------------------------------------------------------------ internals

  /** Re-derives the state, tells listeners of a change, lets waiters look again, re-arms timers. */
  #update(): void {
    if (this.#disposed) return;
    const now = this.#now();
    const v = this.#book.verdict(now);
    const was = this.#shown;
    const since = v.state === was.state ? was.since : v.state === 'connecting' ? null : now;
    this.#shown = { ...v, since, lastSuccessAt: this.#book.lastSuccessAt, stream: was.stream };
    this.#armWake(now);
    this.#prober.ensure();
    this.#rederived.fire();
    const key = this.#key();
    if (key === this.#told) return;
    this.#told = key;
    this.#changedHealth.fire(this.snapshot());
  }

  /** Everything listeners are told of; a hold ending (a rate limit running out) is news even when the state is not. */
  #key(): string {
    const h = this.#shown;
    const hold = this.hold()?.state ?? '';
    return `${h.state}|${h.since}|${h.resumesAt}|${h.lastError}|${h.outsidePlan}|${hold}|${JSON.stringify(h.stream)}`;
  }

  /** One timer for the next moment the verdict changes by itself. */
  #armWake(now: UnixMs): void {
    const at = this.#book.nextChange(now);
    if (this.#wake?.at === at) return;
    if (this.#wake) this.#timers.clearTimeout(this.#wake.handle);
    this.#wake = null;
    if (at === Infinity) return;
    const handle = this.#timers.setTimeout(() => {
      this.#wake = null;
      this.#update();
    }, at - now);
    this.#wake = { at, handle };
  }

  /** Resolves when the health is next re-derived, or disposed (or the signal aborts). */
  #changed(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiting = new DisposableStore();
      waiting.add(
        this.#rederived.event(() => {
          waiting.dispose();
          resolve();
        }),
      );
      if (signal) {
        const onAbort = () => {
          waiting.dispose();
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.add(() => signal.removeEventListener('abort', onAbort));
      }
    });
  }
}
