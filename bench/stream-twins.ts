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

/** `n` symbols of `cls`: its catalog instruments, then their twins in turn. */
export function classSymbols(cls: AssetClass, n: number): { region: string; code: string }[] {
  const entries = CATALOG.filter((e) => e.class === cls);
  return Array.from({ length: n }, (_, k) => {
    const e = entries[k % entries.length]!;
    const round = Math.floor(k / entries.length);
    return { region: e.region, code: round === 0 ? e.code : `${e.code}-T${round}` };
  });
}

/**
 * `total` symbols of `classes` (default all), in the catalog's proportions
 * (`classSymbols` of each). What to subscribe: `types` (ticks only where the class has
 * them: crypto).
 */
export function benchSymbols(
  total: number,
  types: readonly StreamType[],
  classes: readonly AssetClass[] = ASSET_CLASSES,
): Map<AssetClass, StreamWant[]> {
  const out = new Map<AssetClass, StreamWant[]>();
  const listed = CATALOG.filter((e) => classes.includes(e.class)).length;
  let left = total;
  classes.forEach((cls, i) => {
    const share = CATALOG.filter((e) => e.class === cls).length / listed;
    const n = i === classes.length - 1 ? left : Math.round(share * total);
    left -= n;
    const kinds = types.filter((t) => t !== 'tick' || cls === 'crypto');
    out.set(
      cls,
      classSymbols(cls, n).map((s) => ({ ...s, types: kinds })),
    );
  });
  return out;
}
