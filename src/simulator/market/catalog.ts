/**
 * The symbols the simulator knows by name: realistic names and price levels per
 * market (the UI takes its defaults from here), the symbols fixed in a non-normal
 * trading status, and per-region currencies and exchanges. Any other well-formed
 * code still trades, at a hashed plausible price (see ./symbol-model).
 */
import type { AssetClass } from '../../shared/model';
import { knownSymbols } from './known-symbols';

/** A known instrument and the reference data behind its stock info record. */
export interface KnownSymbol {
  class: AssetClass;
  region: string;
  code: string;
  name: string;
  /** Chinese name (Simplified); used by news titles in zh, converted for hk where it differs. */
  nameZh?: string;
  /** Traditional Chinese name, when it differs from `nameZh`. */
  nameHk?: string;
  /** Typical price level, in the quote currency (pence for London). */
  price: number;
  exchange: string;
  currency: string;
  /** Region whose trading hours apply, when not `region` (e.g. SPX listed under indices GB). */
  home?: string;
  /** Contract tick size (futures). */
  tick?: number;
  sector?: string;
  industry?: string;
  website?: string;
  description?: string;
  /** Shares outstanding. */
  shares?: number;
  /** Earnings per share, in the quote currency; with the price gives the P/E ratio. */
  eps?: number;
}

/** ISO currency of each stock region (London prices are in pence but the currency is GBP). */
export const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  HK: 'HKD',
  SH: 'CNY',
  SZ: 'CNY',
  CN: 'CNY',
  JP: 'JPY',
  GB: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  NL: 'EUR',
  IT: 'EUR',
  SG: 'SGD',
  TW: 'TWD',
  IN: 'INR',
  TH: 'THB',
  MY: 'MYR',
  ID: 'IDR',
  VN: 'VND',
  KR: 'KRW',
  MX: 'MXN',
  TR: 'TRY',
};

/** The primary exchange of each stock region (what an empty `exchange` means). */
export const REGION_EXCHANGE: Record<string, string> = {
  US: 'NASDAQ',
  HK: 'HKEX',
  SH: 'SSE',
  SZ: 'SZSE',
  JP: 'TSE',
  GB: 'LSE',
  DE: 'XETRA',
  FR: 'EPA',
  ES: 'BME',
  NL: 'AMS',
  IT: 'MIL',
  SG: 'SGX',
  TW: 'TWSE',
  IN: 'NSE',
  TH: 'SET',
  MY: 'BURSA',
  ID: 'IDX',
  VN: 'HOSE',
  KR: 'KRX',
  MX: 'BMV',
  TR: 'BIST',
};

/** Every named symbol. Order within a class and region is the UI's default order. */
export const KNOWN_SYMBOLS: readonly KnownSymbol[] = knownSymbols(
  (r) => REGION_CURRENCY[r] ?? 'USD',
);

/** A stock fixed in a non-normal trading status (spec section 3). */
export interface StatusSymbol {
  region: string;
  code: string;
  /** 1 halted, 2 delisted, 3 circuit breaker. */
  status: 1 | 2 | 3;
  name: string;
}

const statusTrio = (region: string, halt: string, delisted: string, circuit: string) => [
  { region, code: halt, status: 1 as const, name: 'Suspended Example Holdings' },
  { region, code: delisted, status: 2 as const, name: 'Delisted Example Group' },
  { region, code: circuit, status: 3 as const, name: 'Volatile Example Technologies' },
];

/**
 * Stocks in halt (1), delisted (2) and circuit breaker (3), per major stock region.
 * Halted and delisted stocks stop trading on a fixed date (see ./symbol-model), so
 * their price stops moving; circuit-breaker stocks trade with triple volatility.
 */
export const STATUS_SYMBOLS: readonly StatusSymbol[] = [
  ...statusTrio('US', 'HALT', 'DLST', 'CIRC'),
  ...statusTrio('GB', 'HALT', 'DLST', 'CIRC'),
  ...statusTrio('DE', 'HALT', 'DLST', 'CIRC'),
  ...statusTrio('HK', '8881', '8882', '8883'),
  ...statusTrio('SH', '600991', '600992', '600993'),
  ...statusTrio('SZ', '000991', '000992', '000993'),
  ...statusTrio('JP', '9991', '9992', '9993'),
];

const knownIndex = new Map<string, KnownSymbol>();
const knownByCode = new Map<string, KnownSymbol>();
for (const k of KNOWN_SYMBOLS) {
  knownIndex.set(`${k.class}:${k.region}:${k.code}`, k);
  if (!knownByCode.has(`${k.class}:${k.code}`)) knownByCode.set(`${k.class}:${k.code}`, k);
}
const statusIndex = new Map(STATUS_SYMBOLS.map((s) => [`${s.region}:${s.code}`, s]));

/**
 * The known symbol of a class, region and code. Stocks and funds match their region
 * only; crypto, forex, indices and futures also match the same code in another region
 * (BTCUSDT on BT trades near BTCUSDT on BA).
 */
export function findKnown(cls: AssetClass, region: string, code: string): KnownSymbol | undefined {
  let upper = code.toUpperCase();
  // HKEX codes are often written zero-padded (00700); the catalog holds them bare.
  if (region === 'HK' && /^\d+$/.test(upper)) upper = upper.replace(/^0+(?=\d)/, '');
  const exact = knownIndex.get(`${cls}:${region}:${upper}`);
  if (exact || cls === 'stock' || cls === 'fund') return exact;
  return knownByCode.get(`${cls}:${upper}`);
}

/** The fixed trading status of a stock (undefined = normal). */
export function findStatus(region: string, code: string): StatusSymbol | undefined {
  return statusIndex.get(`${region}:${code.toUpperCase()}`);
}
