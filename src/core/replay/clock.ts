/**
 * The replay clock: where a replay stands in recorded time, from the wall clock it is
 * handed (pure: no timers, no Date.now). Recorded time runs at `speed` times the wall
 * clock from an anchor (the replay time and wall time of the last change), so a speed
 * change, a pause or a seek re-anchors it and the time never jumps. It stops at the
 * span's end.
 */
import type { ReplayStatus, UnixMs } from '../../shared/model';
import { replaySpeedProblem } from '../../shared/model';

export interface ReplayClockOptions {
  from: UnixMs;
  /** Inclusive end of the span. */
  to: UnixMs;
  /** Where the replay starts; default `from`. */
  start?: UnixMs;
  speed?: number;
  paused?: boolean;
  /** The wall clock (Unix ms). */
  now: () => UnixMs;
}

/** The clock's state as the bar shows it (`ended`: at the span's end, still until a seek). */
export type ReplayClockState = Pick<
  ReplayStatus,
  'from' | 'to' | 'time' | 'speed' | 'paused' | 'ended'
>;

export class ReplayClock {
  readonly from: UnixMs;
  readonly to: UnixMs;
  readonly #now: () => UnixMs;
  /** Replay time at `#wall`. */
  #at: UnixMs;
  #wall: UnixMs;
  #speed: number;
  #paused: boolean;

  constructor(o: ReplayClockOptions) {
    if (!(o.to >= o.from))
      throw new RangeError(`replay span ends (${o.to}) before it starts (${o.from})`);
    const speed = o.speed ?? 1;
    const problem = replaySpeedProblem(speed);
    if (problem) throw new RangeError(problem);
    this.from = o.from;
    this.to = o.to;
    this.#now = o.now;
    this.#at = this.#clamp(o.start ?? o.from);
    this.#wall = o.now();
    this.#speed = speed;
    this.#paused = o.paused ?? false;
  }

  /** The replay time now. */
  time(): UnixMs {
    if (this.#paused) return this.#at;
    return this.#clamp(this.#at + (this.#now() - this.#wall) * this.#speed);
  }

  get speed(): number {
    return this.#speed;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get ended(): boolean {
    return this.time() >= this.to;
  }

  /** Changes the pace from now on; the time does not jump. */
  setSpeed(speed: number): void {
    const problem = replaySpeedProblem(speed);
    if (problem) throw new RangeError(problem);
    this.#anchor();
    this.#speed = speed;
  }

  pause(): void {
    this.#anchor();
    this.#paused = true;
  }

  play(): void {
    this.#anchor();
    this.#paused = false;
  }

  /** Moves to `t` (held within the span), paused or playing as before. */
  seek(t: UnixMs): void {
    this.#wall = this.#now();
    this.#at = this.#clamp(t);
  }

  /**
   * Steps to the next frame's time `t` and pauses there. A time before now is refused
   * (a step never goes back); one past the span's end stops at the end.
   */
  step(t: UnixMs): void {
    const now = this.time();
    if (t < now) throw new RangeError(`a step goes forward: ${t} is before the replay time ${now}`);
    this.#wall = this.#now();
    this.#at = this.#clamp(t);
    this.#paused = true;
  }

  state(): ReplayClockState {
    const time = this.time();
    return {
      from: this.from,
      to: this.to,
      time,
      speed: this.#speed,
      paused: this.#paused,
      ended: time >= this.to,
    };
  }

  #anchor(): void {
    this.#at = this.time();
    this.#wall = this.#now();
  }

  #clamp(t: UnixMs): UnixMs {
    return Math.min(this.to, Math.max(this.from, t));
  }
}
