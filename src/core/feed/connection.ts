/**
 * Whether the service can be reached. Offline when every group failed to reach it
 * (network or timeout errors), or after a few such failures in a row with no answer
 * in between. Offline, the clocks stop and one probe at a time asks the cheapest group,
 * 5 s after going offline and then doubling up to 30 s; the first answer of any kind
 * means online again, and every group is asked at once.
 */
import type { UnixMs } from '../../shared/model';
import type { FeedTuning } from './intervals';
import { probeDelay } from './pacing';
import type { StatusBoard } from './status';
import type { FeedTimers, TimerHandle } from './types';

export interface ConnectionHooks {
  /** The service went away: mark subscriptions offline, stop the clocks. */
  wentOffline(): void;
  /** It answered again after an outage: reset backoffs, ask every group now. */
  cameBack(): void;
  /** Sends one probe request; false when there is nothing to ask. */
  probe(): boolean;
}

export class ConnectionWatch {
  #unreachableInARow = 0;
  #failedProbes = 0;
  #probeTimer: TimerHandle | null = null;

  constructor(
    private readonly status: StatusBoard,
    private readonly timers: FeedTimers,
    private readonly now: () => UnixMs,
    private readonly tuning: FeedTuning,
    private readonly hooks: ConnectionHooks,
  ) {}

  get offline(): boolean {
    return this.status.connection === 'offline';
  }

  /** The service answered a request (success or refusal: either way it is reachable). */
  answered(): void {
    this.#unreachableInARow = 0;
    const was = this.status.connection;
    if (was === 'online') return;
    this.status.connection = 'online';
    this.status.offlineSince = null;
    if (was !== 'offline') return;
    this.stopProbe();
    this.hooks.cameBack();
  }

  /** A request could not reach the service; `everyGroup` when no active group got through. */
  unreachable(everyGroup: boolean): void {
    this.#unreachableInARow++;
    if (this.offline) {
      this.#failedProbes++;
      this.ensureProbe();
      return;
    }
    if (everyGroup || this.#unreachableInARow >= this.tuning.offlineAfterFailures) {
      this.status.connection = 'offline';
      this.status.offlineSince = this.now();
      this.#failedProbes = 0;
      this.hooks.wentOffline();
      this.ensureProbe();
    }
  }

  /** Keeps one probe scheduled while offline. */
  ensureProbe(): void {
    if (this.#probeTimer !== null || !this.offline) return;
    const delay = probeDelay(this.#failedProbes, this.tuning.probeMinMs, this.tuning.probeMaxMs);
    this.#probeTimer = this.timers.setTimeout(() => {
      this.#probeTimer = null;
      if (!this.offline) return;
      // The probe's failure schedules the next one; with nothing to ask, wait and look again.
      if (!this.hooks.probe()) this.ensureProbe();
    }, delay);
  }

  stopProbe(): void {
    if (this.#probeTimer === null) return;
    this.timers.clearTimeout(this.#probeTimer);
    this.#probeTimer = null;
  }

  /** A new client: nothing is known about it yet. */
  reset(): void {
    this.stopProbe();
    this.#unreachableInARow = 0;
    this.#failedProbes = 0;
    this.status.connection = 'connecting';
    this.status.offlineSince = null;
  }
}
