/**
 * Offline probing: while the service cannot be reached, one request at a time asks
 * again — 5 s after going offline, then doubling up to 30 s — using the cheapest probe
 * a channel left with its unreachable outcome (a feed group's poll, a chart's refresh),
 * so recovery is found whatever the workspace holds.
 */
import type { Probe } from './types';
import { probeDelay } from './probe-delay';
import type { TimerHandle, Timers } from './timers';

/** One probe at a time while offline, with backoff; the probes come with unreachable outcomes. */
export class Prober {
  readonly #probes = new Map<string, Probe>();
  #timer: TimerHandle | null = null;
  #sent = 0;
  /** A probe is being sent: its outcome, recorded at once, must not schedule the next one. */
  #sending = false;

  constructor(
    private readonly timers: Timers,
    private readonly pace: { probeMinMs: number; probeMaxMs: number },
    private readonly offline: () => boolean,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The channel's probe (its latest outcome was unreachable), or none. */
  set(channel: string, probe: Probe | undefined): void {
    if (probe) this.#probes.set(channel, probe);
    else this.#probes.delete(channel);
  }

  /** Forgets a channel's probe; true when it had one. */
  delete(channel: string): boolean {
    return this.#probes.delete(channel);
  }

  clear(): void {
    this.#probes.clear();
  }

  /** Keeps one probe scheduled while offline; with nothing to send, it looks again after the same wait. */
  ensure(): void {
    if (this.#timer !== null || this.#sending || !this.offline()) return;
    const delay = probeDelay(this.#sent, this.pace.probeMinMs, this.pace.probeMaxMs);
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = null;
      if (!this.offline()) return;
      this.#sending = true;
      try {
        if (this.#sendCheapest()) this.#sent++;
      } finally {
        this.#sending = false;
      }
      this.ensure();
    }, delay);
  }

  /** Stops probing (back online, reset, disposed); the next outage starts at the shortest wait. */
  stop(): void {
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#sent = 0;
  }

  #sendCheapest(): boolean {
    const cheapest = [...this.#probes.values()].sort((a, b) => (a.cost ?? 1) - (b.cost ?? 1));
    for (const probe of cheapest) {
      try {
        if (probe.send()) return true;
      } catch (error) {
        this.onError(error);
      }
    }
    return false;
  }
}
