/**
 * How finely the cells are drawn while the view moves. A GPU draws the cells' frame in
 * well under a millisecond; a GPU emulated on the CPU (SwiftShader: a machine or a
 * virtual desktop with no GPU Chromium will use) shades every pixel on the CPU, and at
 * 1,200 × 700 px that is ~15 ms of a frame the pane cannot spare while a trader drags
 * or zooms. So while the view moves continuously (a drag, a wheel's run of steps) and
 * the frames drawn at full resolution came slower than `SLOW_FRAME_MS` apart while
 * another view was already waiting for each (so a gap is the frames' own cost, not the
 * time between the user's steps), a frame is drawn at half the device resolution in each axis (a quarter of the pixels): each
 * cell pixel is 2 × 2 device px, and shows what the book listed at its bucket and rows
 * as a full frame does (the rows it covers: the largest size of them, as ever; never a
 * blend of neighbours: the canvas is scaled up pixel for pixel, not smoothed). Once the
 * view has been still for `MOTION_GAP_MS`, the frame is drawn again at full resolution;
 * a lone step (a single wheel notch, a double-click back to live) and the live edge
 * moving on are drawn at full resolution. The crosshair reads the frame on screen at
 * the resolution it was drawn (`DrawnFrame.dpr`).
 *
 * Pure: times are passed in (ms, any monotonic clock).
 */

/** Two view changes this close (ms) are one motion; still for longer, the motion is over. */
export const MOTION_GAP_MS = 120;
/** How long after its last change the view is still: its motion is over. */
export const STILL_AFTER_MS = MOTION_GAP_MS + 1;
/** Full-resolution frames drawn further apart than this while moving (under 50 a second) are slow. */
export const SLOW_FRAME_MS = 20;
/** The device resolution a frame is drawn at while moving when full frames are slow. */
export const MOVING_SCALE = 0.5;
/** Full-resolution frames' gaps looked at (the median of the last these). */
const SAMPLES = 8;
/** Gaps needed before full frames can be judged slow. */
const MIN_SAMPLES = 5;

export class MotionResolution {
  #lastMove = Number.NEGATIVE_INFINITY;
  /** The last view change came within `MOTION_GAP_MS` of the one before it. */
  #continuous = false;
  /**
   * When the last full-resolution frame of this motion was shown with a view already
   * waiting behind it (null: none, or the one before did not keep the plot busy).
   */
  #lastFull: number | null = null;
  readonly #gaps: number[] = [];
  #slow = false;

  /** False: every frame at full resolution (the benchmark's comparison, a GPU path that cannot scale). */
  constructor(public enabled = true) {}

  /** Full frames were slow while moving: frames drawn while moving are at `MOVING_SCALE`. */
  get slow(): boolean {
    return this.#slow;
  }

  /** The view was panned or zoomed (by the user, or the benchmark) at `now`. */
  moved(now: number): void {
    this.#continuous = now - this.#lastMove <= MOTION_GAP_MS;
    this.#lastMove = now;
  }

  /** Whether a frame drawn at `now` is part of a motion. */
  moving(now: number): boolean {
    return this.#continuous && now - this.#lastMove <= MOTION_GAP_MS;
  }

  /** The fraction of the device resolution to draw a frame at, at `now`. */
  scale(now: number): number {
    return this.enabled && this.#slow && this.moving(now) ? MOVING_SCALE : 1;
  }

  /**
   * When to draw the frame again at full resolution (the view still by then), after a
   * frame drawn at `scale` at `now`; null when it needs none.
   */
  settleAt(scale: number, now: number): number | null {
    return scale < 1 ? Math.max(now, this.#lastMove + STILL_AFTER_MS) : null;
  }

  /**
   * A frame drawn at `scale` reached the screen at `now`; `behind`: another view was
   * already waiting to be drawn then (sent, or asked for). Only the gap between two
   * such full frames is the frames' own pace: where the plot keeps up, frames come as
   * the user's steps do (a wheel notch every 45 ms is no slow GPU).
   */
  shown(scale: number, now: number, behind: boolean): void {
    if (scale !== 1 || !this.moving(now) || !behind) {
      // Gaps are measured between full frames of one motion, each with a view behind it.
      this.#lastFull = null;
      return;
    }
    if (this.#lastFull !== null) {
      this.#gaps.push(now - this.#lastFull);
      if (this.#gaps.length > SAMPLES) this.#gaps.shift();
      if (this.#gaps.length >= MIN_SAMPLES) this.#slow = median(this.#gaps) > SLOW_FRAME_MS;
    }
    this.#lastFull = now;
  }

  /** The plot's size changed: full frames are judged again. */
  reset(): void {
    this.#gaps.length = 0;
    this.#lastFull = null;
    this.#slow = false;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
