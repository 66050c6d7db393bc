/**
 * Which asset class a typed `<code> <region>` means, and which region a bare code
 * most likely means (if any). One small table, so the palette and tests agree. These
 * are guesses only: the source has the last word (`checkSymbol`) before a symbol is used.
 */
import type { AssetClass } from '../../../shared/model';

/** Crypto venues: Binance (BA) and the real service's BT. */
const CRYPTO_REGIONS = new Set(['BA', 'BT']);

/** Futures by region (the contract roots the API and the simulator know). */
const FUTURES: Record<string, ReadonlySet<string>> = {
  US: new Set([
    'NQ',
    'ES',
    'YM',
    'RTY',
    'CL',
    'NG',
    'GC',
    'SI',
    'HG',
    'ZB',
    'ZN',
    'ZC',
    'ZS',
    'ZW',
  ]),
  HK: new Set(['HSI', 'MHI', 'HHI']),
};

/** Exchange-traded funds by region. */
const FUNDS: Record<string, ReadonlySet<string>> = {
  US: new Set(['QQQ', 'SPY', 'IWM', 'GLD', 'DIA', 'VOO', 'VTI', 'TLT', 'EEM', 'XLF', 'ARKK']),
  HK: new Set(['2800', '2828', '3033']),
};

/** Index codes (the API lists indices under region GB). */
const INDICES = new Set([
  'FTSE',
  'SPX',
  'DJI',
  'IXIC',
  'NDX',
  'RUT',
  'VIX',
  'HSI',
  'HSCEI',
  'N225',
  'GDAXI',
  'FCHI',
  'STOXX50E',
]);

/** ISO currencies that make a six-letter code a forex pair. */
const CURRENCIES = new Set([
  'EUR', 'USD', 'GBP', 'JPY', 'CHF', 'AUD', 'NZD', 'CAD', 'CNH', 'CNY', 'HKD', 'SGD', 'SEK',
  'NOK', 'DKK', 'MXN', 'ZAR', 'TRY', 'INR', 'KRW', 'PLN',
]); // prettier-ignore

const CRYPTO_QUOTES = /(USDT|USDC|BUSD|FDUSD|BTC|ETH)$/;

/** True for a code like EURUSD: two ISO currencies. */
export function isForexPair(code: string): boolean {
  return (
    /^[A-Z]{6}$/.test(code) && CURRENCIES.has(code.slice(0, 3)) && CURRENCIES.has(code.slice(3))
  );
}

/** The asset class of an upper-case code in an upper-case region. */
export function inferAssetClass(code: string, region: string): AssetClass {
  if (CRYPTO_REGIONS.has(region)) return 'crypto';
  if (region === 'GB' && isForexPair(code)) return 'forex';
  if (FUTURES[region]?.has(code)) return 'future';
  if (FUNDS[region]?.has(code)) return 'fund';
  if (INDICES.has(code)) return 'indices';
  return 'stock';
}

/** Coins typed bare (`btc`) mean their USDT pair on Binance. */
const CRYPTO_BASES = new Set([
  'BTC',
  'ETH',
  'SOL',
  'BNB',
  'XRP',
  'DOGE',
  'ADA',
  'AVAX',
  'LTC',
  'DOT',
]);

/** The instrument code a bare coin name stands for (BTC → BTCUSDT); others unchanged. */
export function expandBareCode(code: string): string {
  return CRYPTO_BASES.has(code) ? `${code}USDT` : code;
}

/** A US ticker: one to five letters, with an optional share-class suffix (BRK.B). */
const US_TICKER = /^[A-Z]{1,5}(\.[A-Z])?$/;

/**
 * The region a code typed without one most likely belongs to, or null when the code
 * looks like no market's: a word such as TENCENT is nobody's ticker, and guessing
 * "US" for it is how a made-up "TENCENT US stock" would be born.
 */
export function inferRegion(code: string): string | null {
  if (isForexPair(code) || INDICES.has(code)) return 'GB';
  if (CRYPTO_QUOTES.test(code) && code.length > 4) return 'BA';
  if (/^\d{1,5}$/.test(code)) return 'HK';
  if (/^\d{6}$/.test(code)) return code.startsWith('6') ? 'SH' : 'SZ';
  if (US_TICKER.test(code) || FUTURES.US?.has(code) || FUNDS.US?.has(code)) return 'US';
  return null;
}
