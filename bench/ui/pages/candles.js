// @ts-check
/* global requestAnimationFrame */
/**
 * The benchmark's candles: the same deterministic series for the bare page and the
 * app page (a seeded random walk of 1-minute bars, Unix ms, ascending).
 */
import { seededRandom } from '../../../src/core/cache/testing/seeded-random';

/** First bar: 2026-01-01T00:00:00Z. */
const START = Date.UTC(2026, 0, 1);

/**
 * `count` 1-minute candles from a fixed seed: identical on every call and page.
 * @param {number} count
 * @returns {{time:number, open:number, high:number, low:number, close:number, volume:number, turnover:number}[]}
 */
export function makeCandles(count) {
  const rand = seededRandom(42);
  const out = new Array(count);
  let close = 30_000;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(1, open + (rand() - 0.5) * 60);
    const high = Math.max(open, close) + rand() * 20;
    const low = Math.min(open, close) - rand() * 20;
    const volume = Math.round(1 + rand() * 1000);
    out[i] = { time: START + i * 60_000, open, high, low, close, volume, turnover: volume * close };
  }
  return out;
}

/**
 * A full garbage collection (Chromium started with `--js-flags=--expose-gc`), so a
 * measurement does not pay for the garbage of the one before it.
 */
export function collectGarbage() {
  /** @type {{ gc?: () => void }} */ (/** @type {unknown} */ (globalThis)).gc?.();
}

/** Resolves after the frame following the current one has begun (the first one is painted). */
export function twoFrames() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
  );
}
