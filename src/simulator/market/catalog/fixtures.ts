/**
 * Demo fixtures for the trading statuses of spec section 3: per major stock region a
 * halted (ts 1), a delisted (ts 2) and a circuit-breaker (ts 3) stock. They are
 * deliberately not real companies: putting a halt or a delisting on a real listed
 * company would show a false fact about it. Their names say "Example" and their
 * descriptions say what they are, so no screen can mistake them for real listings.
 */
import type { CatalogEntry } from './table';
import { REGION_CURRENCY, REGION_EXCHANGE } from './regions';

/** A status fixture: region, codes of its halted, delisted and circuit-breaker stocks, price level. */
const FIXTURES: ReadonlyArray<[region: string, codes: [string, string, string], price: number]> = [
  ['US', ['HALT', 'DLST', 'CIRC'], 40],
  ['GB', ['HALT', 'DLST', 'CIRC'], 250],
  ['DE', ['HALT', 'DLST', 'CIRC'], 30],
  ['HK', ['8881', '8882', '8883'], 5],
  ['SH', ['600991', '600992', '600993'], 10],
  ['SZ', ['000991', '000992', '000993'], 10],
  ['JP', ['9991', '9992', '9993'], 1500],
];

const KINDS = [
  { status: 1, name: 'Suspended Example Holdings', what: 'in a trading halt (ts 1)' },
  { status: 2, name: 'Delisted Example Group', what: 'delisted (ts 2)' },
  { status: 3, name: 'Volatile Example Technologies', what: 'under a circuit breaker (ts 3)' },
] as const;

/** Every status fixture, as catalog stocks. */
export const STATUS_FIXTURES: readonly CatalogEntry[] = FIXTURES.flatMap(([region, codes, price]) =>
  KINDS.map((kind, i) => ({
    class: 'stock' as const,
    region,
    code: codes[i]!,
    name: kind.name,
    price,
    exchange: REGION_EXCHANGE[region]!,
    currency: REGION_CURRENCY[region]!,
    sector: 'Industrials',
    industry: 'Conglomerates',
    description: `${kind.name} is a demo fixture of the Marketdesk simulator, not a real company: a stock ${kind.what}.`,
    shares: 100_000_000,
    eps: price / 12,
    book: 'deep' as const,
    status: kind.status,
  })),
);
