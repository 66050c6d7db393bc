/**
 * `marketdesk quotes` and `marketdesk ticks`: batch snapshots, one row per code.
 */
import { QUOTE_CLASSES } from '../../core/api';
import { errorMessage } from '../../shared/errors';
import type { Quote } from '../../shared/model';
import {
  DAY_CHANGE_CANDLES,
  DAY_CHANGE_KTYPE,
  dayReference,
  type DayReference,
} from '../../shared/model/day-change';
import type { CliContext } from '../context';
import { parseCodes } from '../args';
import { quotesTable, ticksTable } from '../render-market';
import { quoteStatusText } from '../render-market-time';
import { fetchWithSnapshots } from '../snapshot-fetch';
import { MARKET_OPTIONS, instrumentIn, parseMarket, printOutcome, type Command } from './command';

export const quotesCommand: Command = {
  name: 'quotes',
  summary: 'real-time quotes of several codes',
  help: `Usage: marketdesk quotes <class> --region R [--exchange E] --codes A,B [options]

Real-time quotes, one row per code. Classes: ${QUOTE_CLASSES.join(', ')} (the API has
no forex quotes). --exchange is for stock only (default: the primary exchange).
With --json: one object keyed by code whose values are Quote records.`,
  options: { ...MARKET_OPTIONS, codes: { type: 'string' } },
  async run(ctx, values, positionals) {
    const market = parseMarket('quotes', positionals, values, QUOTE_CLASSES);
    const codes = parseCodes(values['codes'] as string | undefined, market.region);
    const client = await ctx.client();
    const outcome = await fetchWithSnapshots(ctx, 'quote', codes, instrumentIn(market), () =>
      client.quotes(market.class, { ...market, codes }),
    );
    const references =
      market.class === 'crypto' && !ctx.global.json
        ? await dayReferences(ctx, market.region, outcome.data)
        : {};
    // STATUS reads the market's state now (the built-in calendar; no request).
    const status = quoteStatusText(market.class, market.region, ctx.now());
    return printOutcome(ctx, outcome, 'quotes', quotesTable(market.class, references, status));
  },
};

export const ticksCommand: Command = {
  name: 'ticks',
  summary: 'crypto tick snapshots of several codes',
  help: `Usage: marketdesk ticks crypto --region R --codes A,B [options]

The latest trade of each code (the API has ticks for crypto only).
With --json: one object keyed by code whose values are Tick records.`,
  options: { ...MARKET_OPTIONS, codes: { type: 'string' } },
  async run(ctx, values, positionals) {
    const market = parseMarket('ticks', positionals, values, ['crypto']);
    const codes = parseCodes(values['codes'] as string | undefined, market.region);
    const client = await ctx.client();
    const outcome = await fetchWithSnapshots(ctx, 'tick', codes, instrumentIn(market), () =>
      client.ticks({ region: market.region, codes }),
    );
    return printOutcome(ctx, outcome, 'ticks', ticksTable(market.class));
  },
};

/**
 * The 24 h references of crypto quotes (shared/model/day-change), from one batch of
 * 1-hour candles: the app's board shows crypto over 24 hours, and so does this. A code
 * whose candles do not come (a failure, a gap) keeps the UTC day's figures, and its
 * BASIS column says so.
 */
async function dayReferences(
  ctx: CliContext,
  region: string,
  quotes: Record<string, Quote>,
): Promise<Record<string, DayReference | null>> {
  const codes = Object.keys(quotes);
  if (codes.length === 0) return {};
  const client = await ctx.client();
  const r = await client.klines('crypto', {
    region,
    codes,
    kType: DAY_CHANGE_KTYPE,
    limit: DAY_CHANGE_CANDLES,
  });
  if (!r.ok) {
    ctx.note(`no 24 h figures (showing the UTC day): ${errorMessage(r.error)}`);
    return {};
  }
  return Object.fromEntries(
    codes.map((code) => [code, dayReference(r.value.data[code] ?? [], quotes[code]!.time)]),
  );
}
