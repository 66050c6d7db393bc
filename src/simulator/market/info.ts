/**
 * Stock information records (spec 2.7): the catalog's reference data for known
 * symbols, plausible generated companies for any other code. mcb, tso and pet are
 * numbers, as in the sample; `r` carries the currency code, as the sample does.
 */
import type { WireStockInfo } from '../../shared/api/wire';
import { findStatus, REGION_CURRENCY, REGION_EXCHANGE } from './catalog';
import { mix, unit } from './hash';
import type { SymbolModel } from './symbol-model';

const SYLLABLES = [
  'ver',
  'na',
  'tal',
  'cor',
  'lu',
  'mex',
  'so',
  'ra',
  'quin',
  'dor',
  'tek',
  'ori',
  'vo',
  'lan',
  'gen',
  'sta',
  'pri',
  'zen',
];
const SUFFIXES = [
  'Holdings',
  'Group',
  'Technologies',
  'Industries',
  'Corporation',
  'International',
  'Systems',
  'Partners',
];
const SECTORS: Array<[string, string]> = [
  ['Technology', 'Software - Application'],
  ['Technology', 'Semiconductors'],
  ['Industrials', 'Specialty Industrial Machinery'],
  ['Financial Services', 'Banks - Regional'],
  ['Healthcare', 'Biotechnology'],
  ['Consumer Cyclical', 'Specialty Retail'],
  ['Consumer Defensive', 'Packaged Foods'],
  ['Energy', 'Oil & Gas E&P'],
  ['Real Estate', 'Real Estate - Development'],
  ['Utilities', 'Utilities - Regulated Electric'],
  ['Basic Materials', 'Chemicals'],
  ['Communication Services', 'Telecom Services'],
];

/** A pronounceable company name derived from the symbol's hash. */
export function generatedName(seed: number): string {
  const syl = (k: number) => SYLLABLES[mix(seed, k) % SYLLABLES.length]!;
  const word = syl(1) + syl(2) + (mix(seed, 3) % 2 === 0 ? syl(4) : '');
  const suffix = SUFFIXES[mix(seed, 5) % SUFFIXES.length]!;
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${suffix}`;
}

/** The information record of a stock whose latest price is `last`. */
export function buildInfo(
  sym: SymbolModel,
  exchange: string,
  type: string,
  last: number,
): WireStockInfo {
  const known = sym.known;
  const status = findStatus(sym.region, sym.code);
  const name = known?.name ?? status?.name ?? generatedName(sym.seed);
  const [sector, industry] = known?.sector
    ? [known.sector, known.industry ?? '']
    : SECTORS[mix(sym.seed, 0x5ec) % SECTORS.length]!;
  const currency = known?.currency ?? REGION_CURRENCY[sym.region] ?? 'USD';
  const ex = known?.exchange ?? (exchange || REGION_EXCHANGE[sym.region] || sym.region);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const shares =
    known?.shares ?? Math.round(Math.exp(18 + 4 * unit(mix(sym.seed, 0x5a))) / 1000) * 1000;
  const eps =
    known?.eps ??
    (last / (8 + 30 * unit(mix(sym.seed, 0xe9)))) * (mix(sym.seed, 0xe8) % 10 === 0 ? -1 : 1);
  // London prices are in pence; market capitalisation is stated in pounds.
  const unitPrice = sym.region === 'GB' && sym.cls === 'stock' ? last / 100 : last;
  return {
    c: sym.code,
    n: name,
    t: type,
    e: ex,
    s: sector,
    i: industry,
    r: currency,
    bd:
      known?.description ??
      `${name} is a ${industry.toLowerCase()} company in the ${sector.toLowerCase()} sector, listed on ${ex}.`,
    wu: known?.website ?? `https://www.${slug}.com`,
    mcb: Math.round(shares * unitPrice),
    tso: shares,
    pet: Math.round((last / eps) * 100) / 100,
    fcc: currency,
  };
}
