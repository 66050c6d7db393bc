/**
 * The 20 operations of the market data API (spec section 4.2), as one declarative
 * table. The HTTP client (src/core/api) builds, validates and normalises from it; the
 * simulator (src/simulator) routes from it. Nothing else lists paths.
 */
import type { AssetClass } from '../model/market';

/** What an operation returns. */
export type OperationKind = 'news' | 'depth' | 'quotes' | 'klines' | 'ticks' | 'info';

/** Query parameters the API knows. `et` and `cursor` are not in the spec: see below. */
export type ParamName =
  | 'region'
  | 'exchange'
  | 'code'
  | 'codes'
  | 'kType'
  | 'limit'
  | 'type'
  | 'market'
  | 'lang'
  /** End time (Unix ms) for paging candles backward; the real service's parameter. */
  | 'et'
  /** News pagination cursor; the spec names no parameter, Marketdesk uses `cursor`. */
  | 'cursor';

export interface OperationSpec {
  path: string;
  /** Asset class of the path; null for news. */
  class: AssetClass | null;
  kind: OperationKind;
  /** Batch operations take `codes` and answer an object keyed by code. */
  batch: boolean;
  required: readonly ParamName[];
  optional: readonly ParamName[];
  /** The spec states the plan's maximum number of codes for this operation (section 8). */
  planLimited: boolean;
}

/** Whether a `required` list makes an operation a batch one (it takes `codes`). */
type IsBatch<R extends readonly ParamName[]> = 'codes' extends R[number] ? true : false;

/**
 * One table entry. Generic so each entry keeps its literal `class`, `kind` and `batch`
 * flag: the client derives every operation's parameter and result types from them, and
 * every caller the classes an operation serves ({@link ServedClass}).
 */
function op<
  C extends AssetClass | null,
  K extends OperationKind,
  const R extends readonly ParamName[],
>(
  path: string,
  cls: C,
  kind: K,
  required: R,
  optional: readonly ParamName[] = [],
  planLimited = false,
): OperationSpec & { class: C; kind: K; batch: IsBatch<R> } {
  const batch = required.includes('codes');
  const spec: OperationSpec = { path, class: cls, kind, batch, required, optional, planLimited };
  // `batch` is computed from `required` exactly as IsBatch<R> is; TS cannot see that.
  return spec as OperationSpec & { class: C; kind: K; batch: IsBatch<R> };
}

const BATCH = ['region', 'codes'] as const;
const KLINES = ['region', 'codes', 'kType', 'limit'] as const;

export const OPERATIONS = {
  news: op('/news', null, 'news', ['market', 'lang'], ['limit', 'cursor']),
  stockDepth: op('/stock/depth', 'stock', 'depth', ['region', 'code'], ['exchange']),
  stockDepths: op('/stock/depths', 'stock', 'depth', BATCH, ['exchange'], true),
  cryptoDepth: op('/crypto/depth', 'crypto', 'depth', ['region', 'code']),
  cryptoDepths: op('/crypto/depths', 'crypto', 'depth', BATCH, [], true),
  fundDepths: op('/fund/depths', 'fund', 'depth', BATCH, [], true),
  forexDepths: op('/forex/depths', 'forex', 'depth', BATCH, [], true),
  futureDepths: op('/future/depths', 'future', 'depth', BATCH, [], true),
  indicesDepths: op('/indices/depths', 'indices', 'depth', BATCH),
  stockQuotes: op('/stock/quotes', 'stock', 'quotes', BATCH, ['exchange'], true),
  fundQuotes: op('/fund/quotes', 'fund', 'quotes', BATCH, [], true),
  indicesQuotes: op('/indices/quotes', 'indices', 'quotes', BATCH, [], true),
  futureQuotes: op('/future/quotes', 'future', 'quotes', BATCH),
  cryptoQuotes: op('/crypto/quotes', 'crypto', 'quotes', BATCH, [], true),
  stockKlines: op('/stock/klines', 'stock', 'klines', KLINES, ['exchange', 'et'], true),
  indicesKlines: op('/indices/klines', 'indices', 'klines', KLINES, ['et'], true),
  cryptoKlines: op('/crypto/klines', 'crypto', 'klines', KLINES, ['et'], true),
  forexKlines: op('/forex/klines', 'forex', 'klines', KLINES, ['et'], true),
  cryptoTicks: op('/crypto/ticks', 'crypto', 'ticks', BATCH),
  stockInfo: op('/stock/info', 'stock', 'info', ['type', 'region', 'code'], ['exchange']),
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

type Entry = (typeof OPERATIONS)[OperationName];

/**
 * The asset classes with a `kind` operation, batch or single (`batch` left out: either):
 * `ServedClass<'klines', true>` is `'stock' | 'indices' | 'crypto' | 'forex'`.
 */
export type ServedClass<K extends OperationKind, B extends boolean = boolean> = NonNullable<
  Extract<Entry, { kind: K; batch: B }>['class']
>;

/**
 * The classes with a `kind` operation (batch or single, as `batch` says), in table
 * order: the run-time twin of {@link ServedClass}, for checks and messages.
 */
export function servedClasses<K extends OperationKind, B extends boolean>(
  kind: K,
  batch: B,
): readonly ServedClass<K, B>[] {
  const out: AssetClass[] = [];
  for (const name of OPERATION_NAMES) {
    const spec: OperationSpec = OPERATIONS[name];
    if (spec.kind === kind && spec.batch === batch && spec.class !== null) out.push(spec.class);
  }
  // Filtered on exactly the fields ServedClass<K, B> extracts on; TS cannot see that.
  return out as ServedClass<K, B>[];
}

/** Whether `cls` is one of `classes` (a {@link servedClasses} list), narrowed to it. */
export function isServed<C extends AssetClass>(classes: readonly C[], cls: AssetClass): cls is C {
  return (classes as readonly AssetClass[]).includes(cls);
}

/** The operation serving `kind` for `cls`, batch or single; null where the API has none. */
export function findOperation(
  kind: OperationKind,
  cls: AssetClass | null,
  batch: boolean,
): OperationName | null {
  for (const name of OPERATION_NAMES) {
    const spec: OperationSpec = OPERATIONS[name];
    if (
      spec.kind === kind &&
      spec.class === cls &&
      (kind === 'news' || kind === 'info' || spec.batch === batch)
    ) {
      return name;
    }
  }
  return null;
}

/** Wire envelope (spec 2.1). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string | null;
  data: T;
}
