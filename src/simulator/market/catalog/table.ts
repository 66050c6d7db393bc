/**
 * The catalog's entry type and the parsers of its tables. The tables are text, one
 * instrument per line with `|`-separated columns, so each file reads like a reference
 * sheet; a malformed line (a missing column, an unknown industry key, a price that is
 * not a number) throws when the module loads, so a typo fails every test at once.
 */
import type { AssetClass } from '../../../shared/model';
import { canonicalCode } from '../../../shared/model/symbols';
import { REGION_CURRENCY, REGION_EXCHANGE } from './regions';

/** One instrument the simulator lists, and the reference data behind its records. */
export interface CatalogEntry {
  class: AssetClass;
  region: string;
  /** The canonical code (`canonicalCode`): upper-case, HK codes without leading zeros. */
  code: string;
  name: string;
  /** Chinese name (Simplified); news titles in zh use it, in hk too unless `nameHk` is set. */
  nameZh?: string;
  /** Traditional Chinese name, when it differs from `nameZh`. */
  nameHk?: string;
  /** Typical price level, in the quote currency (pence for London stocks). */
  price: number;
  exchange: string;
  currency: string;
  /** Region whose trading hours apply, when not `region` (e.g. SPX listed under indices GB). */
  home?: string;
  /** Contract tick size (futures). */
  tick?: number;
  sector?: string;
  industry?: string;
  /** Company website (stocks), `https://…`. */
  website?: string;
  /** Company description; when absent, the info record describes the industry. */
  description?: string;
  /** Shares outstanding (stocks). */
  shares?: number;
  /** Earnings per share in the quote currency (stocks); negative for a loss. */
  eps?: number;
  /**
   * `thin` books show the spec's sparse shapes (empty levels with price 0 or no
   * price; see ../depth.ts); `deep` books are full.
   */
  book: 'deep' | 'thin';
  /** Trading status `ts` (spec section 3); non-zero only for the demo status fixtures. */
  status: 0 | 1 | 2 | 3;
}

/** [sector, industry] by a short key, so each stock line stays readable. */
export const INDUSTRIES = {
  banks: ['Financial Services', 'Banks - Diversified'],
  'banks-reg': ['Financial Services', 'Banks - Regional'],
  credit: ['Financial Services', 'Credit Services'],
  capmkt: ['Financial Services', 'Capital Markets'],
  assetmgmt: ['Financial Services', 'Asset Management'],
  exchanges: ['Financial Services', 'Financial Data & Stock Exchanges'],
  'ins-life': ['Financial Services', 'Insurance - Life'],
  'ins-div': ['Financial Services', 'Insurance - Diversified'],
  'ins-pc': ['Financial Services', 'Insurance - Property & Casualty'],
  'ins-re': ['Financial Services', 'Insurance - Reinsurance'],
  semis: ['Technology', 'Semiconductors'],
  'semi-eq': ['Technology', 'Semiconductor Equipment & Materials'],
  'sw-infra': ['Technology', 'Software - Infrastructure'],
  'sw-app': ['Technology', 'Software - Application'],
  hardware: ['Technology', 'Computer Hardware'],
  'cons-elec': ['Technology', 'Consumer Electronics'],
  'comm-eq': ['Technology', 'Communication Equipment'],
  'it-serv': ['Technology', 'Information Technology Services'],
  'elec-comp': ['Technology', 'Electronic Components'],
  instruments: ['Technology', 'Scientific & Technical Instruments'],
  solar: ['Technology', 'Solar'],
  internet: ['Communication Services', 'Internet Content & Information'],
  telecom: ['Communication Services', 'Telecom Services'],
  entertainment: ['Communication Services', 'Entertainment'],
  games: ['Communication Services', 'Electronic Gaming & Multimedia'],
  advertising: ['Communication Services', 'Advertising Agencies'],
  publishing: ['Communication Services', 'Publishing'],
  'retail-net': ['Consumer Cyclical', 'Internet Retail'],
  autos: ['Consumer Cyclical', 'Auto Manufacturers'],
  'auto-parts': ['Consumer Cyclical', 'Auto Parts'],
  'auto-dealers': ['Consumer Cyclical', 'Auto & Truck Dealerships'],
  'home-retail': ['Consumer Cyclical', 'Home Improvement Retail'],
  restaurants: ['Consumer Cyclical', 'Restaurants'],
  footwear: ['Consumer Cyclical', 'Footwear & Accessories'],
  textiles: ['Consumer Cyclical', 'Textile Manufacturing'],
  'apparel-retail': ['Consumer Cyclical', 'Apparel Retail'],
  'dept-stores': ['Consumer Cyclical', 'Department Stores'],
  travel: ['Consumer Cyclical', 'Travel Services'],
  lodging: ['Consumer Cyclical', 'Lodging'],
  casinos: ['Consumer Cyclical', 'Resorts & Casinos'],
  gambling: ['Consumer Cyclical', 'Gambling'],
  luxury: ['Consumer Cyclical', 'Luxury Goods'],
  appliances: ['Consumer Cyclical', 'Furnishings, Fixtures & Appliances'],
  homebuilders: ['Consumer Cyclical', 'Residential Construction'],
  discount: ['Consumer Defensive', 'Discount Stores'],
  grocery: ['Consumer Defensive', 'Grocery Stores'],
  household: ['Consumer Defensive', 'Household & Personal Products'],
  'soft-drinks': ['Consumer Defensive', 'Beverages - Non-Alcoholic'],
  brewers: ['Consumer Defensive', 'Beverages - Brewers'],
  spirits: ['Consumer Defensive', 'Beverages - Wineries & Distilleries'],
  foods: ['Consumer Defensive', 'Packaged Foods'],
  farm: ['Consumer Defensive', 'Farm Products'],
  tobacco: ['Consumer Defensive', 'Tobacco'],
  pharma: ['Healthcare', 'Drug Manufacturers - General'],
  'pharma-spec': ['Healthcare', 'Drug Manufacturers - Specialty & Generic'],
  biotech: ['Healthcare', 'Biotechnology'],
  diagnostics: ['Healthcare', 'Diagnostics & Research'],
  'med-instruments': ['Healthcare', 'Medical Instruments & Supplies'],
  'med-devices': ['Healthcare', 'Medical Devices'],
  'health-plans': ['Healthcare', 'Healthcare Plans'],
  'pharm-retail': ['Healthcare', 'Pharmaceutical Retailers'],
  'oil-int': ['Energy', 'Oil & Gas Integrated'],
  'oil-ep': ['Energy', 'Oil & Gas E&P'],
  coal: ['Energy', 'Thermal Coal'],
  aerospace: ['Industrials', 'Aerospace & Defense'],
  machinery: ['Industrials', 'Specialty Industrial Machinery'],
  'heavy-machinery': ['Industrials', 'Farm & Heavy Construction Machinery'],
  conglomerates: ['Industrials', 'Conglomerates'],
  railroads: ['Industrials', 'Railroads'],
  airlines: ['Industrials', 'Airlines'],
  airports: ['Industrials', 'Airports & Air Services'],
  shipping: ['Industrials', 'Marine Shipping'],
  logistics: ['Industrials', 'Integrated Freight & Logistics'],
  electrical: ['Industrials', 'Electrical Equipment & Parts'],
  'business-services': ['Industrials', 'Specialty Business Services'],
  consulting: ['Industrials', 'Consulting Services'],
  rental: ['Industrials', 'Rental & Leasing Services'],
  distribution: ['Industrials', 'Industrial Distribution'],
  tools: ['Industrials', 'Tools & Accessories'],
  'building-products': ['Industrials', 'Building Products & Equipment'],
  staffing: ['Industrials', 'Staffing & Employment Services'],
  'chem-spec': ['Basic Materials', 'Specialty Chemicals'],
  chemicals: ['Basic Materials', 'Chemicals'],
  mining: ['Basic Materials', 'Other Industrial Metals & Mining'],
  copper: ['Basic Materials', 'Copper'],
  gold: ['Basic Materials', 'Gold'],
  silver: ['Basic Materials', 'Silver'],
  aluminum: ['Basic Materials', 'Aluminum'],
  steel: ['Basic Materials', 'Steel'],
  paper: ['Basic Materials', 'Paper & Paper Products'],
  'building-materials': ['Basic Materials', 'Building Materials'],
  'util-electric': ['Utilities', 'Utilities - Regulated Electric'],
  'util-gas': ['Utilities', 'Utilities - Regulated Gas'],
  'util-ipp': ['Utilities', 'Utilities - Independent Power Producers'],
  'util-renewable': ['Utilities', 'Utilities - Renewable'],
  'util-diversified': ['Utilities', 'Utilities - Diversified'],
  're-dev': ['Real Estate', 'Real Estate - Development'],
  're-services': ['Real Estate', 'Real Estate Services'],
  'reit-retail': ['Real Estate', 'REIT - Retail'],
  'reit-div': ['Real Estate', 'REIT - Diversified'],
} as const satisfies Record<string, readonly [string, string]>;

const lines = (table: string): string[][] =>
  table
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('|').map((cell) => cell.trim()));

const opt = (cell: string | undefined): string | undefined => (cell ? cell : undefined);

function cellNumber(cell: string | undefined, what: string, line: string[]): number {
  const n = Number(cell);
  if (cell === undefined || cell === '' || !Number.isFinite(n)) {
    throw new Error(`catalog: ${what} is not a number in "${line.join('|')}"`);
  }
  return n;
}

function columns(line: string[], count: number): void {
  if (line.length !== count) {
    throw new Error(`catalog: expected ${count} columns, got ${line.length}: "${line.join('|')}"`);
  }
}

/**
 * The stocks of one region, from lines of
 * `code|exchange|name|price|mcap|pe|industry|website|zh|hk`: `exchange` empty for the
 * region's primary one; `mcap` in billions of the currency (pounds for London, whose
 * prices are in pence); `pe` negative for a loss; `industry` a key of INDUSTRIES;
 * `website` a host name; `zh`/`hk` optional Chinese names.
 */
export function stocks(region: string, table: string): CatalogEntry[] {
  const currency = REGION_CURRENCY[region];
  if (currency === undefined) throw new Error(`catalog: no currency for region ${region}`);
  // London quotes in pence; capitalisation is stated in pounds.
  const perUnit = region === 'GB' ? 100 : 1;
  return lines(table).map((line) => {
    columns(line, 10);
    const [code, exchange, name, price, mcap, pe, industry, website, zh, hk] = line;
    const level = cellNumber(price, 'price', line);
    const sectorIndustry = (INDUSTRIES as Record<string, readonly [string, string]>)[industry!];
    if (sectorIndustry === undefined) throw new Error(`catalog: unknown industry "${industry}"`);
    return {
      class: 'stock',
      region,
      code: canonicalCode(region, code!),
      name: name!,
      nameZh: opt(zh),
      nameHk: opt(hk),
      price: level,
      exchange: exchange || REGION_EXCHANGE[region]!,
      currency,
      sector: sectorIndustry[0],
      industry: sectorIndustry[1],
      website: website ? `https://${website}` : undefined,
      shares: Math.round((cellNumber(mcap, 'mcap', line) * 1e9 * perUnit) / level),
      eps: level / cellNumber(pe, 'pe', line),
      book: 'deep',
      status: 0,
    };
  });
}

/** The stocks of several regions, from each region's table (`stocks`), in the order given. */
export function regionStocks(tables: Record<string, string>): CatalogEntry[] {
  return Object.entries(tables).flatMap(([region, table]) => stocks(region, table));
}

/** Defaults of an instrument table: the values of empty cells. */
export interface InstrumentDefaults {
  exchange: string;
  currency: string;
}

/**
 * Non-stock instruments of one class and region, from lines of
 * `code|name|price|exchange|currency|home|tick|book|zh|hk`: empty `exchange` and
 * `currency` take the defaults; `home` names the region whose hours apply; `tick` is
 * a futures contract's tick; `book` is `thin` for a sparse order book, else empty.
 */
export function instruments(
  cls: Exclude<AssetClass, 'stock'>,
  region: string,
  defaults: InstrumentDefaults,
  table: string,
): CatalogEntry[] {
  return lines(table).map((line) => {
    columns(line, 10);
    const [code, name, price, exchange, currency, home, tick, book, zh, hk] = line;
    if (book !== '' && book !== 'thin') throw new Error(`catalog: book "${book}" is not thin`);
    return {
      class: cls,
      region,
      code: canonicalCode(region, code!),
      name: name!,
      nameZh: opt(zh),
      nameHk: opt(hk),
      price: cellNumber(price, 'price', line),
      exchange: exchange || defaults.exchange,
      currency: currency || defaults.currency,
      home: opt(home),
      tick: tick ? cellNumber(tick, 'tick', line) : undefined,
      book: book === 'thin' ? 'thin' : 'deep',
      status: 0,
    };
  });
}
