/**
 * More instruments than the catalog's 556, for the stream benchmark only: the catalog
 * plus "twins", each a catalog instrument served under another code (`AAPL-T1`,
 * `BTCUSDT-T2`) through the simulator's `market` option. A twin has its own trade
 * schedule (the stream's activity hashes the code, so it trades at its own instants and
 * rate, like a distinct symbol of its class) and its original's prices; the frames it
 * pushes are as large as a real symbol's. Nothing outside bench/ sees a twin.
 */
import type { StreamWant } from '../src/core/stream';
import type { StreamType } from '../src/shared/api/stream';
import { ASSET_CLASSES, type AssetClass } from '../src/shared/model';
import { CATALOG, type MarketModel } from '../src/simulator';

const TWIN = /^(.+)-T\d+$/;

/** The catalog code a (twin) code stands for. */
const original = (code: string): string => TWIN.exec(code)?.[1] ?? code;

/** `inner` with every catalog instrument also listed under its twins' codes. */
export function withTwins(inner: MarketModel): MarketModel {
  const named = <T extends { s: string } | null>(record: T, code: string): T =>
    record === null ? record : { ...record, s: code };
  return {
    quote: (cls, region, exchange, code) =>
      named(inner.quote(cls, region, exchange, original(code)), code),
    depth: (cls, region, exchange, code) =>
      named(inner.depth(cls, region, exchange, original(code)), code),
    tick: (region, code) => named(inner.tick(region, original(code)), code),
    klines: (cls, region, exchange, code, ...rest) =>
      inner.klines(cls, region, exchange, original(code), ...rest),
    info: (region, exchange, code, type) => inner.info(region, exchange, original(code), type),
    news: (...args) => inner.news(...args),
  };
}

/**
 * `total` symbols per class, in the catalog's proportions: every catalog instrument,
 * then twins of each class's instruments in turn. What to subscribe: `types` (ticks only
 * where the class has them: crypto).
 */
export function benchSymbols(
  total: number,
  types: readonly StreamType[],
): Map<AssetClass, StreamWant[]> {
  const out = new Map<AssetClass, StreamWant[]>();
  let left = total;
  ASSET_CLASSES.forEach((cls, i) => {
    const entries = CATALOG.filter((e) => e.class === cls);
    const last = i === ASSET_CLASSES.length - 1;
    const n = last ? left : Math.round((entries.length / CATALOG.length) * total);
    left -= n;
    const kinds = types.filter((t) => t !== 'tick' || cls === 'crypto');
    out.set(
      cls,
      Array.from({ length: n }, (_, k) => {
        const e = entries[k % entries.length]!;
        const round = Math.floor(k / entries.length);
        return {
          region: e.region,
          code: round === 0 ? e.code : `${e.code}-T${round}`,
          types: kinds,
        };
      }),
    );
  });
  return out;
}
