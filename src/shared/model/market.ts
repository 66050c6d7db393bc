/**
 * The vocabulary of markets: asset classes, regions, candle intervals and plans.
 * Pure data, shared by every layer.
 */

/** The six asset classes of the market data API. */
export const ASSET_CLASSES = ['stock', 'crypto', 'fund', 'indices', 'forex', 'future'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export function isAssetClass(value: unknown): value is AssetClass {
  return typeof value === 'string' && (ASSET_CLASSES as readonly string[]).includes(value);
}

/** Unix time in milliseconds. Every time inside the app uses this unit. */
export type UnixMs = number;

/**
 * Candle intervals. The spec lists 1–5 and 8–10; the real service also has
 * 6 (2 hours) and 7 (4 hours) for crypto (docs/api-gaps.md).
 */
export const KTYPES = {
  1: { label: '1m', ms: 60_000 },
  2: { label: '5m', ms: 5 * 60_000 },
  3: { label: '15m', ms: 15 * 60_000 },
  4: { label: '30m', ms: 30 * 60_000 },
  5: { label: '1h', ms: 3_600_000 },
  6: { label: '2h', ms: 2 * 3_600_000 },
  7: { label: '4h', ms: 4 * 3_600_000 },
  8: { label: '1d', ms: 86_400_000 },
  9: { label: '1w', ms: 7 * 86_400_000 },
  /** A month has no fixed length; this is a nominal 30 days for staleness and spacing. */
  10: { label: '1M', ms: 30 * 86_400_000 },
} as const;
export type KType = keyof typeof KTYPES;

/** The kTypes of the spec's table (section 4.1). */
export const SPEC_KTYPES: readonly KType[] = [1, 2, 3, 4, 5, 8, 9, 10];

/** The spec's kTypes plus 6 (2 hours) and 7 (4 hours), which the real service has for crypto. */
const CRYPTO_KTYPES: readonly KType[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The candle intervals the service has for `cls`: the spec's, and for crypto also 2h and
 * 4h (docs/api-gaps.md). Asking another class for 2h is refused by the service.
 */
export function kTypesFor(cls: AssetClass): readonly KType[] {
  return cls === 'crypto' ? CRYPTO_KTYPES : SPEC_KTYPES;
}

export function isKType(value: unknown): value is KType {
  return typeof value === 'number' && Object.hasOwn(KTYPES, value);
}

/** Parses `1m`, `1h`, `1d`, `1M`… or the spec's number; null when unknown. */
export function parseKType(text: string): KType | null {
  const n = Number(text);
  if (/^\d+$/.test(text)) return isKType(n) ? n : null;
  for (const [k, v] of Object.entries(KTYPES)) if (v.label === text) return Number(k) as KType;
  return null;
}

/** True for intervals shorter than a day. */
export function isIntraday(kType: KType): boolean {
  return kType <= 7;
}

/** What one plan may hold on the stream (the service's published table, approximate). */
export interface StreamLimits {
  /** Connections at once, all endpoints together. */
  connections: number;
  /** Symbols subscribed on one connection. */
  subscriptions: number;
}

/**
 * Subscription plans, the one table of what each allows (docs/api-gaps.md, "Plans"):
 * - `maxCodes`, codes per batch request (the API's section 8). The API states no
 *   maximum for the free plan; it is taken as the base plan's.
 * - `requestsPerMinute`, the REST budget (the service's published plans).
 * - `stream`, connections and symbols per connection. The service publishes no
 *   enterprise row; an enterprise contract is taken to grant at least premium's.
 *
 * Every budget is a default the user can change in Settings. Prose that names these
 * numbers (help texts, the READMEs) is derived from this table or points at it.
 */
export const PLAN_LIMITS = {
  free: { maxCodes: 10, requestsPerMinute: 5, stream: { connections: 1, subscriptions: 3 } },
  base: { maxCodes: 10, requestsPerMinute: 120, stream: { connections: 3, subscriptions: 200 } },
  professional: {
    maxCodes: 20,
    requestsPerMinute: 600,
    stream: { connections: 6, subscriptions: 500 },
  },
  premium: {
    maxCodes: 50,
    requestsPerMinute: 1_200,
    stream: { connections: 12, subscriptions: 2_000 },
  },
  /** maxCodes is the contract's (see {@link DEFAULT_ENTERPRISE_MAX_CODES}). */
  enterprise: {
    maxCodes: null,
    requestsPerMinute: 1_200,
    stream: { connections: 12, subscriptions: 2_000 },
  },
} as const satisfies Record<
  string,
  { maxCodes: number | null; requestsPerMinute: number; stream: StreamLimits }
>;

export type PlanName = keyof typeof PLAN_LIMITS;
export const PLANS = Object.keys(PLAN_LIMITS) as PlanName[];

/**
 * One figure of every plan as prose, neighbours with the same figure joined:
 * `planFigures((l) => l.stream.subscriptions)` → "free 3, base 200, professional 500,
 * premium and enterprise 2,000". For help texts, so they cannot drift from the table.
 */
export function planFigures(
  figure: (limits: (typeof PLAN_LIMITS)[PlanName]) => number | null,
): string {
  const runs: { names: string[]; value: number | null }[] = [];
  for (const name of PLANS) {
    const value = figure(PLAN_LIMITS[name]);
    const last = runs.at(-1);
    if (last && last.value === value) last.names.push(name);
    else runs.push({ names: [name], value });
  }
  return runs
    .map(({ names, value }) => {
      const who =
        names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
      return `${who} ${value === null ? 'by contract' : value.toLocaleString('en-US')}`;
    })
    .join(', ');
}

/** A plan; enterprise carries the maximum the user's contract grants. */
export interface Plan {
  name: PlanName;
  /** Maximum codes in one batch request. */
  maxCodes: number;
}

/** Default enterprise maximum when the user has not set one. */
export const DEFAULT_ENTERPRISE_MAX_CODES = 100;

export function planOf(name: PlanName, enterpriseMax = DEFAULT_ENTERPRISE_MAX_CODES): Plan {
  return { name, maxCodes: PLAN_LIMITS[name].maxCodes ?? enterpriseMax };
}

/** Parses `free`, `base`, `premium`, `enterprise:200`; null when malformed. */
export function parsePlan(text: string): Plan | null {
  const m = /^([a-z]+)(?::(\d+))?$/.exec(text.trim().toLowerCase());
  if (!m || !Object.hasOwn(PLAN_LIMITS, m[1]!)) return null;
  const name = m[1] as PlanName;
  if (m[2] !== undefined && name !== 'enterprise') return null;
  const max = m[2] === undefined ? undefined : Number(m[2]);
  if (max !== undefined && (!Number.isSafeInteger(max) || max < 1)) return null;
  return planOf(name, max);
}

/** Stock trading status `ts` (spec section 3). Other classes: 0 in samples, meaning unspecified. */
export const TRADING_STATUS = {
  0: 'normal',
  1: 'halted',
  2: 'delisted',
  3: 'circuit-breaker',
} as const;
export type TradingStatusCode = keyof typeof TRADING_STATUS;

/** Identifies one instrument: asset class, market (region), exchange (stock only) and code. */
export interface Instrument {
  class: AssetClass;
  region: string;
  /** Stock only; empty means the region's primary exchange. */
  exchange: string;
  code: string;
}

/** A candle series: an instrument at one interval. */
export interface SeriesKey extends Instrument {
  kType: KType;
}

/** Stable string key of an instrument, e.g. `stock:US::AAPL`. */
export function instrumentKey(i: Instrument): string {
  return `${i.class}:${i.region}:${i.exchange}:${i.code}`;
}

export function seriesKey(s: SeriesKey): string {
  return `${instrumentKey(s)}:${s.kType}`;
}
