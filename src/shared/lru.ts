/**
 * A bounded cache with approximately least-recently-used eviction, in two
 * generations: hits in the young map cost one lookup; hits in the old map are
 * promoted; when the young generation fills half the capacity it becomes the old one
 * and the previous old generation is dropped. The simulator memoises pure results
 * (day paths, daily aggregates, closed candle buckets) in these so memory stays
 * bounded however many symbols and years a client asks for.
 */
export class Lru<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  #youngWeight = 0;

  /**
   * @param capacity maximum total weight kept (both generations together)
   * @param weigh weight of one entry (default 1, so capacity counts entries)
   */
  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** Entries currently held. */
  get size(): number {
    return this.#young.size + this.#old.size;
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) {
      this.#old.delete(key);
      this.#put(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    this.#old.delete(key);
    this.#put(key, value);
  }

  /** The cached value, or `make()` stored and returned. */
  getOrSet(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    this.set(key, value);
    return value;
  }

  #put(key: K, value: V): void {
    this.#young.set(key, value);
    this.#youngWeight += this.weigh(value);
    if (this.#youngWeight > this.capacity / 2) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngWeight = 0;
    }
  }
}
