/**
 * Depth books for the recording's tests and benchmark: a seeded walk of a 10-level book
 * where each push moves a few levels (as the service's pushes do), now and then a
 * side's depth changes or a level empties.
 */
import type { DepthBook, DepthLevel, Instrument } from '../../../shared/model';

export const INSTRUMENTS: readonly Instrument[] = [
  { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
  { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
  { class: 'forex', region: 'GB', exchange: '', code: 'EURUSD' },
];

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** A walk of books for one instrument: `next()` gives the following push. */
export class BookWalk {
  #mid: number;
  #book: DepthBook;

  constructor(
    private readonly random: () => number,
    symbol: string,
    mid = 100 + random() * 1000,
    private readonly depth = 10,
    private readonly decimals = 2,
    /** Every push a whole new book of `depth` levels (the worst case for deltas). */
    private readonly wholeEachPush = false,
  ) {
    this.#mid = round(mid, decimals);
    this.#book = this.#whole(symbol, depth, depth);
  }

  #level(level: number, price: number | null): DepthLevel {
    const volume = Math.floor(this.random() * 5000) + 1;
    // Crypto books count orders as the volume; others a whole count.
    const orders = this.random() < 0.3 ? volume : Math.floor(this.random() * 40) + 1;
    return { level, price, volume, orders };
  }

  #whole(symbol: string, na: number, nb: number): DepthBook {
    const tick = 10 ** -this.decimals;
    return {
      symbol,
      asks: Array.from({ length: na }, (_, i) =>
        this.#level(i + 1, round(this.#mid + (i + 1) * tick, this.decimals)),
      ),
      bids: Array.from({ length: nb }, (_, i) =>
        this.#level(i + 1, round(this.#mid - (i + 1) * tick, this.decimals)),
      ),
    };
  }

  next(): DepthBook {
    if (this.wholeEachPush) {
      this.#mid = round(this.#mid + (this.random() - 0.5) * 0.2, this.decimals);
      this.#book = this.#whole(this.#book.symbol, this.depth, this.depth);
      return this.#book;
    }
    const r = this.random();
    if (r < 0.05) {
      // The mid moves: a whole new book, sometimes of another depth.
      this.#mid = round(this.#mid + (this.random() - 0.5) * 0.2, this.decimals);
      const na = this.random() < 0.2 ? 5 : this.depth;
      this.#book = this.#whole(this.#book.symbol, na, this.random() < 0.2 ? 5 : this.depth);
    } else {
      const asks = this.#book.asks.map((l) => ({ ...l }));
      const bids = this.#book.bids.map((l) => ({ ...l }));
      const moves = 1 + Math.floor(this.random() * 3);
      for (let m = 0; m < moves; m++) {
        const side = this.random() < 0.5 ? asks : bids;
        const i = Math.floor(this.random() * side.length);
        const l = side[i]!;
        if (this.random() < 0.03) side[i] = { ...l, price: null, volume: 0, orders: 0 };
        else side[i] = { ...this.#level(l.level, l.price ?? this.#mid) };
      }
      this.#book = { symbol: this.#book.symbol, asks, bids };
    }
    return this.#book;
  }
}
