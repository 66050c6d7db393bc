/**
 * Facts about the stock regions the catalog lists: their currency and their primary
 * exchange (what an empty `exchange` parameter means).
 */

/** ISO currency of each stock region (London prices are in pence but the currency is GBP). */
export const REGION_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD',
  HK: 'HKD',
  SH: 'CNY',
  SZ: 'CNY',
  CN: 'CNY',
  JP: 'JPY',
  GB: 'GBP',
  DE: 'EUR',
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
  MX: 'MXN',
  TR: 'TRY',
};

/** The primary exchange of each stock region (what an empty `exchange` means). */
export const REGION_EXCHANGE: Readonly<Record<string, string>> = {
  US: 'NASDAQ',
  HK: 'HKEX',
  SH: 'SSE',
  SZ: 'SZSE',
  JP: 'TSE',
  GB: 'LSE',
  DE: 'XETRA',
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
  MX: 'BMV',
  TR: 'BIST',
};
