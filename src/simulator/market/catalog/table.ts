/**
 * The catalog's entry type and the parsers of its tables. The tables are text, one
 * instrument per line with `|`-separated columns, so each file reads like a reference
 * sheet; a malformed line (a missing column, an unknown industry key, a price that is
 * not a number) throws when the module loads, so a typo fails every test at once.
 */
import type { AssetClass } from '../../../shared/model';
import { canonicalCode } from '../../../shared/model/symbols';
import { pairName } from '../../../shared/model/pair-names';
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

/**
 * [sector, industry] by a short key, so each stock line stays readable. The table: a
 * `## Sector` line, then `key|industry` lines of that sector.
 */
export const INDUSTRIES: Readonly<Record<string, readonly [string, string]>> = industries(`
## Financial Services
banks|Banks - Diversified
banks-reg|Banks - Regional
credit|Credit Services
capmkt|Capital Markets
assetmgmt|Asset Management
exchanges|Financial Data & Stock Exchanges
ins-life|Insurance - Life
ins-div|Insurance - Diversified
ins-pc|Insurance - Property & Casualty
ins-re|Insurance - Reinsurance
## Technology
semis|Semiconductors
semi-eq|Semiconductor Equipment & Materials
sw-infra|Software - Infrastructure
sw-app|Software - Application
hardware|Computer Hardware
cons-elec|Consumer Electronics
comm-eq|Communication Equipment
it-serv|Information Technology Services
elec-comp|Electronic Components
instruments|Scientific & Technical Instruments
solar|Solar
## Communication Services
internet|Internet Content & Information
telecom|Telecom Services
entertainment|Entertainment
games|Electronic Gaming & Multimedia
advertising|Advertising Agencies
publishing|Publishing
## Consumer Cyclical
retail-net|Internet Retail
autos|Auto Manufacturers
auto-parts|Auto Parts
auto-dealers|Auto & Truck Dealerships
home-retail|Home Improvement Retail
restaurants|Restaurants
footwear|Footwear & Accessories
textiles|Textile Manufacturing
apparel-retail|Apparel Retail
dept-stores|Department Stores
travel|Travel Services
lodging|Lodging
casinos|Resorts & Casinos
gambling|Gambling
luxury|Luxury Goods
appliances|Furnishings, Fixtures & Appliances
homebuilders|Residential Construction
## Consumer Defensive
discount|Discount Stores
grocery|Grocery Stores
household|Household & Personal Products
soft-drinks|Beverages - Non-Alcoholic
brewers|Beverages - Brewers
spirits|Beverages - Wineries & Distilleries
foods|Packaged Foods
farm|Farm Products
tobacco|Tobacco
## Healthcare
pharma|Drug Manufacturers - General
pharma-spec|Drug Manufacturers - Specialty & Generic
biotech|Biotechnology
diagnostics|Diagnostics & Research
med-instruments|Medical Instruments & Supplies
med-devices|Medical Devices
health-plans|Healthcare Plans
pharm-retail|Pharmaceutical Retailers
## Energy
oil-int|Oil & Gas Integrated
oil-ep|Oil & Gas E&P
coal|Thermal Coal
## Industrials
aerospace|Aerospace & Defense
machinery|Specialty Industrial Machinery
heavy-machinery|Farm & Heavy Construction Machinery
conglomerates|Conglomerates
railroads|Railroads
airlines|Airlines
airports|Airports & Air Services
shipping|Marine Shipping
logistics|Integrated Freight & Logistics
electrical|Electrical Equipment & Parts
business-services|Specialty Business Services
consulting|Consulting Services
rental|Rental & Leasing Services
distribution|Industrial Distribution
tools|Tools & Accessories
building-products|Building Products & Equipment
staffing|Staffing & Employment Services
## Basic Materials
chem-spec|Specialty Chemicals
chemicals|Chemicals
mining|Other Industrial Metals & Mining
copper|Copper
gold|Gold
silver|Silver
aluminum|Aluminum
steel|Steel
paper|Paper & Paper Products
building-materials|Building Materials
## Utilities
util-electric|Utilities - Regulated Electric
util-gas|Utilities - Regulated Gas
util-ipp|Utilities - Independent Power Producers
util-renewable|Utilities - Renewable
util-diversified|Utilities - Diversified
## Real Estate
re-dev|Real Estate - Development
re-services|Real Estate Services
reit-retail|REIT - Retail
reit-div|REIT - Diversified
`);

const lines = (table: string): string[][] =>
  table
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('|').map((cell) => cell.trim()));

const opt = (cell: string | undefined): string | undefined => (cell ? cell : undefined);

export function cellNumber(cell: string | undefined, what: string, line: string[]): number {
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

/** The cells of a `|` table whose lines all have `count` columns (an error names a line that has not). */
export function tableRows(table: string, count: number): string[][] {
  const rows = lines(table);
  for (const line of rows) columns(line, count);
  return rows;
}

/** The industry table's `## Sector` headings and `key|industry` lines, as [sector, industry] by key. */
function industries(table: string): Record<string, readonly [string, string]> {
  const byKey: Record<string, readonly [string, string]> = {};
  let sector: string | undefined;
  for (const line of table.trim().split('\n')) {
    if (line.startsWith('## ')) {
      sector = line.slice(3).trim();
      continue;
    }
    const [key, industry, ...rest] = line.split('|').map((cell) => cell.trim());
    if (sector === undefined || !key || !industry || rest.length > 0 || key in byKey) {
      throw new Error(`catalog: malformed industry line "${line}"`);
    }
    byKey[key] = [sector, industry];
  }
  return byKey;
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
    const sectorIndustry = INDUSTRIES[industry!];
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

/** A pair's name when its line leaves it out: its assets' names (`pairName`). */
function pairOf(code: string, line: string[]): string {
  const name = pairName(code);
  if (name === null)
    throw new Error(`catalog: no name, and ${code} is no known pair: ${line.join('|')}`);
  return name;
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
      name: name || pairOf(code!, line),
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
