/**
 * `marketdesk depth`: order books. One code of a class with a single-symbol endpoint
 * (stock, crypto) uses it; anything else the batch endpoint. The output is keyed by
 * code either way, so a script sees one shape.
 */
import { asBatch, DEPTH_CLASSES, DEPTHS_CLASSES } from '../../core/api';
import { isServed } from '../../shared/api/operations';
import { parseCodes } from '../args';
import { depthTables } from '../render-market';
import { CliError } from '../context';
import { fetchWithSnapshots } from '../snapshot-fetch';
import { MARKET_OPTIONS, instrumentIn, parseMarket, printOutcome, type Command } from './command';

export const depthCommand: Command = {
  name: 'depth',
  summary: 'order books (depth ladders) of one or more codes',
  help: `Usage: marketdesk depth <class> --region R [--exchange E] --codes A[,B] [options]

Order books, bids beside asks, level by level. Every class has depth
(${DEPTHS_CLASSES.join(', ')}); one code of ${DEPTH_CLASSES.join(' or ')} is asked from the
single-symbol endpoint, anything else from the batch endpoint. One code the service
does not know (or cannot answer for) is an error: one line on stderr, exit 1.
With --json: one object keyed by code (also for one code) whose values are DepthBook records.`,
  options: { ...MARKET_OPTIONS, codes: { type: 'string' } },
  async run(ctx, values, positionals) {
    const market = parseMarket('depth', positionals, values, DEPTHS_CLASSES);
    const codes = parseCodes(values['codes'] as string | undefined, market.region);
    const client = await ctx.client();
    const [only] = codes;
    const outcome = await fetchWithSnapshots(ctx, 'depth', codes, instrumentIn(market), () =>
      codes.length === 1 && only !== undefined && isServed(DEPTH_CLASSES, market.class)
        ? client.depth(market.class, { ...market, code: only }).then((r) => asBatch(only, r))
        : client.depths(market.class, { ...market, codes }),
    );
    // One code is a single-symbol question: without its book, the answer is the error line.
    const [problem] = outcome.problems;
    if (codes.length === 1 && problem !== undefined) throw new CliError(problem);
    return printOutcome(ctx, outcome, 'order books', depthTables(market.class));
  },
};
