/**
 * `marketdesk quotes` and `marketdesk ticks`: batch snapshots, one row per code.
 */
import { QUOTE_CLASSES } from '../../core/api';
import { parseCodes } from '../args';
import { quotesTable, ticksTable } from '../render-market';
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
    return printOutcome(ctx, outcome, 'quotes', quotesTable);
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
    return printOutcome(ctx, outcome, 'ticks', ticksTable);
  },
};
