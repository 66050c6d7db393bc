/**
 * Answers one validated request from the market model: the `data` of the envelope.
 * A product the market does not list is the real service's E001 on a single-symbol
 * operation, and a null entry, keyed by the code as requested, in a batch: rule 4.3.1
 * (one entry per requested code) holds, and the known codes still get their data.
 */
import type { OperationSpec } from '../shared/api/operations';
import { isAssetClass, isRegion, type AssetClass } from '../shared/model';
import { unknownProduct } from './errors';
import type { MarketModel } from './market-model';
import type { ParsedQuery } from './params';

/**
 * Markets outside the caller's plan, as `class:REGION` keys (e.g. `stock:JP`).
 * The real service answers them with code 0 and null or `{}` data.
 */
export type DeniedMarkets = ReadonlySet<string>;

/** Parses `stock:JP,future:CN` entries; throws on a malformed one. */
export function parseDeniedMarkets(entries: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    const [cls = '', region = '', ...rest] = entry.trim().split(':');
    if (!isAssetClass(cls) || !isRegion(region) || rest.length > 0) {
      throw new Error(`bad denied market ${JSON.stringify(entry)}: expected e.g. stock:JP`);
    }
    out.add(`${cls}:${region}`);
  }
  return out;
}

/** The envelope's `data` for `spec` and `q` (already validated); throws E001 for an unknown product. */
export function answer(
  market: MarketModel,
  spec: OperationSpec,
  q: ParsedQuery,
  denied: DeniedMarkets,
): unknown {
  if (spec.kind === 'news') return market.news(q.market, q.lang, q.limit, q.cursor);
  const cls = spec.class as AssetClass;
  if (denied.size > 0 && denied.has(`${cls}:${q.region}`)) return spec.batch ? {} : null;
  if (!spec.batch) {
    const record =
      spec.kind === 'info'
        ? market.info(q.region, q.exchange, q.code, q.type)
        : market.depth(cls, q.region, q.exchange, q.code);
    if (record === null) throw unknownProduct(cls, q.region, q.code);
    return record;
  }
  // A null-prototype object: a code such as `__proto__` is well-formed and must stay a key.
  const data = Object.create(null) as Record<string, unknown>;
  for (const code of q.codes) {
    switch (spec.kind) {
      case 'depth':
        data[code] = market.depth(cls, q.region, q.exchange, code);
        break;
      case 'quotes':
        data[code] = market.quote(cls, q.region, q.exchange, code);
        break;
      case 'klines':
        data[code] = market.klines(cls, q.region, q.exchange, code, q.kType, q.limit, q.et);
        break;
      case 'ticks':
        data[code] = market.tick(q.region, code);
        break;
      default:
        throw new Error(`no batch answer for ${spec.kind}`);
    }
  }
  return data;
}
