/**
 * How much of what a connection sends is waste: frames dropped unread for passing the
 * work one frame may cost (`FRAME_BUDGET`), frames that are not JSON or whose records
 * cannot be told apart, and pushes none of whose records names a symbol held. A real
 * service sends a bad frame now and then; a hostile or broken one sends little else, as
 * fast as it is read — 400 KB frames of unreadable records, JSON nested 200,000 deep —
 * and each costs the process (and every window it serves) its reading. Past the limit
 * within a window the client drops the connection and reconnects with its backoff, so
 * such a stream costs a burst per attempt, ever rarer, instead of a core.
 */
import type { UnixMs } from '../../shared/model';

export interface WasteLimit {
  /** The window the frames are counted over. */
  windowMs: number;
  /** Wasted frames in a window past which the stream is dropped… */
  frames: number;
  /** …when they are also more than this share of the window's frames. */
  share: number;
}

export const DEFAULT_WASTE_LIMIT: WasteLimit = { windowMs: 10_000, frames: 20, share: 0.5 };

export class WasteMeter {
  #start: UnixMs | null = null;
  #frames = 0;
  #wasted = 0;

  constructor(private readonly limit: WasteLimit = DEFAULT_WASTE_LIMIT) {}

  /** Counts one frame; true when the window's waste is past the limit. */
  count(at: UnixMs, wasted: boolean): boolean {
    if (this.#start === null || at - this.#start >= this.limit.windowMs) {
      this.#start = at;
      this.#frames = 0;
      this.#wasted = 0;
    }
    this.#frames++;
    if (wasted) this.#wasted++;
    return this.#wasted >= this.limit.frames && this.#wasted > this.#frames * this.limit.share;
  }

  /** Wasted frames in the current window. */
  get wasted(): number {
    return this.#wasted;
  }
}
