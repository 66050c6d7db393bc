/**
 * When a symbol trades on the stream: a seeded, deterministic schedule per symbol.
 *
 * The market's price path has a resolution of one second (REST reveals it to the
 * second: a quote's `t` is the current second, its price that second's point on the
 * path), so a pushed quote can agree with REST only if a symbol trades at most once a
 * second. Each symbol therefore has an activity — the share of seconds that carry a
 * trade — and, in each such second, a seeded instant: liquid crypto trades every
 * second, quiet stocks and funds in one second of four to ten. Whether second `s`
 * trades is a pure function of (seed, symbol, s), so two simulators of one seed push
 * at the same instants whatever their clients do.
 */
import type { AssetClass } from '../../shared/model';
import { hashString, mix, unit } from '../market/hash';

/** Crypto bases that trade every second (the most liquid pairs). */
const LIQUID_CRYPTO = /^(BTC|ETH|SOL|BNB|XRP)/;

/** Seconds looked ahead for the next trade; activity ≥ 0.1 leaves no gap this long. */
const LOOKAHEAD_S = 600;

/** The share of seconds in which a symbol trades (0.1–1). */
export function activityOf(
  seed: number,
  cls: AssetClass,
  code: string,
  symbolHash: number,
): number {
  const u = unit(mix(symbolHash, seed, 0xac7));
  switch (cls) {
    case 'crypto':
      return LIQUID_CRYPTO.test(code) ? 1 : 0.55 + 0.4 * u;
    case 'indices':
      // An index is recomputed and published every second.
      return 1;
    case 'forex':
      return 0.5 + 0.45 * u;
    case 'future':
      return 0.35 + 0.5 * u;
    case 'stock':
      return 0.15 + 0.65 * u;
    case 'fund':
      return 0.1 + 0.4 * u;
  }
}

/** The trade instants of one symbol. */
export class TradeSchedule {
  readonly activity: number;
  readonly #hash: number;

  constructor(seed: number, cls: AssetClass, region: string, code: string) {
    this.#hash = mix(hashString(`${cls}|${region}|${code}`), seed, 0x57e);
    this.activity = activityOf(seed, cls, code, this.#hash);
  }

  /** Whether second `s` (Unix seconds) carries a trade. */
  trades(s: number): boolean {
    return this.activity >= 1 || unit(mix(this.#hash, s, 1)) < this.activity;
  }

  /** The instant (Unix ms) of second `s`'s trade, whether or not it trades. */
  instant(s: number): number {
    return s * 1000 + Math.floor(unit(mix(this.#hash, s, 2)) * 1000);
  }

  /** The first trade instant strictly after `t` (Unix ms). */
  nextAfter(t: number): number {
    const first = Math.floor(t / 1000);
    for (let s = first; s < first + LOOKAHEAD_S; s++) {
      if (!this.trades(s)) continue;
      const at = this.instant(s);
      if (at > t) return at;
    }
    return (first + LOOKAHEAD_S) * 1000;
  }
}
