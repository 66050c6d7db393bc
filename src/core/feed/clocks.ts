/**
 * The hub's clocks: one per data kind ("lane"; candles one per kType), each ticking at
 * its wanted interval × the budget's stretch factor. A clock runs only while it has
 * something to poll; started, it ticks at once; a new interval or stretch applies
 * from its last tick.
 */
import type { KType, UnixMs } from '../../shared/model';
import { CANDLE_POLL_MS } from './intervals';
import type { LaneId } from './routes';
import type { FeedIntervals, FeedTimers, TimerHandle } from './types';

export interface Lane {
  readonly id: LaneId;
  running: boolean;
  timer: TimerHandle | null;
  /** When the next tick is due; null while stopped. */
  nextAt: UnixMs | null;
  lastTickAt: UnixMs | null;
}

export class Clocks {
  readonly #lanes = new Map<LaneId, Lane>();
  #intervals: FeedIntervals;
  /** Factor ≥ 1 applied to every interval (see pacing.ts). */
  stretch = 1;

  constructor(
    private readonly timers: FeedTimers,
    private readonly now: () => UnixMs,
    private readonly onTick: (lane: Lane, now: UnixMs) => void,
    intervals: FeedIntervals,
  ) {
    this.#intervals = intervals;
  }

  set intervals(intervals: FeedIntervals) {
    this.#intervals = intervals;
  }

  /** The lane's interval before stretching. */
  wanted(id: LaneId): number {
    if (id === 'quotes' || id === 'depth' || id === 'ticks' || id === 'news') {
      return this.#intervals[id];
    }
    const kType = Number(id.slice('candles:'.length)) as KType;
    return this.#intervals.candles?.[kType] ?? CANDLE_POLL_MS[kType];
  }

  /** The lane's interval after stretching to the budget. */
  effective(id: LaneId): number {
    return this.wanted(id) * this.stretch;
  }

  lane(id: LaneId): Lane {
    let lane = this.#lanes.get(id);
    if (!lane) {
      lane = { id, running: false, timer: null, nextAt: null, lastTickAt: null };
      this.#lanes.set(id, lane);
    }
    return lane;
  }

  get(id: LaneId): Lane | undefined {
    return this.#lanes.get(id);
  }

  ids(): LaneId[] {
    return [...this.#lanes.keys()];
  }

  /** Starts a stopped lane with a tick now; re-phases a running one to its interval. */
  run(id: LaneId): void {
    const lane = this.lane(id);
    if (!lane.running) {
      lane.running = true;
      this.#schedule(lane, 0);
      return;
    }
    // A lane that has not ticked yet, or is ticking now, keeps its schedule.
    if (lane.lastTickAt === null || lane.timer === null) return;
    const due = lane.lastTickAt + this.effective(id);
    if (due !== lane.nextAt) this.#schedule(lane, Math.max(0, due - this.now()));
  }

  stop(id: LaneId): void {
    const lane = this.#lanes.get(id);
    if (!lane) return;
    if (lane.timer !== null) this.timers.clearTimeout(lane.timer);
    Object.assign(lane, { running: false, timer: null, nextAt: null });
  }

  /** Stops and forgets a lane. */
  remove(id: LaneId): void {
    this.stop(id);
    this.#lanes.delete(id);
  }

  /** Ticks a running lane now (its phase restarts). */
  restart(id: LaneId): void {
    const lane = this.#lanes.get(id);
    if (lane?.running) this.#schedule(lane, 0);
  }

  stopAll(): void {
    for (const id of this.#lanes.keys()) this.stop(id);
  }

  #schedule(lane: Lane, delay: number): void {
    if (lane.timer !== null) this.timers.clearTimeout(lane.timer);
    lane.nextAt = this.now() + delay;
    lane.timer = this.timers.setTimeout(() => this.#tick(lane), delay);
  }

  #tick(lane: Lane): void {
    lane.timer = null;
    if (!lane.running || this.#lanes.get(lane.id) !== lane) return;
    const now = this.now();
    lane.lastTickAt = now;
    this.onTick(lane, now);
    // The tick's pushes may have stopped the lane (a subscriber left) or restarted it.
    if (lane.running && lane.timer === null) this.#schedule(lane, this.effective(lane.id));
  }
}
