/**
 * A small seeded PRNG for tests that want variety yet must be reproducible: a failure
 * prints its seed, and the same seed replays the same draws.
 */

/** mulberry32: uniform floats in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed from environment variable `name` when set (to replay a failure), else a
 * fresh one, so runs keep exploring.
 */
export function testSeed(name: string, env: NodeJS.ProcessEnv = process.env): number {
  const given = env[name];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`${name} must be an integer, got ${given}`);
    return seed >>> 0;
  }
  return (Date.now() ^ (process.pid << 16)) >>> 0;
}
