/**
 * Fast deterministic hashing and pseudo-random numbers over 32-bit integers.
 * Strings are hashed once (per symbol, per news stream); everything after that
 * mixes integers, so a price path costs a few nanoseconds per step.
 */

/** FNV-1a over UTF-16 code units, finished with the murmur3 avalanche. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h);
}

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
export function fmix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines integers into one well-mixed unsigned 32-bit hash (order matters). */
export function mix(a: number, b: number, c = 0, d = 0): number {
  let h = fmix(a ^ 0x9e3779b9);
  h = fmix(h ^ Math.imul(b | 0, 0x85ebca6b));
  if (c !== 0) h = fmix(h ^ Math.imul(c | 0, 0xc2b2ae35));
  if (d !== 0) h = fmix(h ^ Math.imul(d | 0, 0x27d4eb2f));
  return h;
}

/** A hash mapped to [0, 1). */
export function unit(hash: number): number {
  return (hash >>> 0) / 4294967296;
}

/** mulberry32: a tiny, fast PRNG with a 32-bit state; returns values in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An approximately standard normal value from a hash (sum of three uniforms, rescaled). */
export function gaussFromHash(hash: number): number {
  const a = unit(fmix(hash ^ 0x68e31da4));
  const b = unit(fmix(hash ^ 0xb5297a4d));
  const c = unit(fmix(hash ^ 0x1b56c4e9));
  return (a + b + c - 1.5) * 2;
}
