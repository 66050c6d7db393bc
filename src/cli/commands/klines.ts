/**
 * `marketdesk klines`: candles of several codes, through the cache. The newest view
 * is always refreshed from the API (a command line has no "later" for a background
 * refresh); a page back (`--before`) is answered from the cache when it holds that
 * range completely. Unreachable API → the cached candles, with a note saying so.
 */
import { KLINE_CLASSES, type KlineClass } from '../../core/api';
import { HistoryService, isUnknownSymbol, type CandleAnswer } from '../../core/cache';
import { MarketSources } from '../../core/market-sources';
import type { Candle } from '../../shared/model';
import { parseCodes, parseKTypeOption, parsePositiveInt, parseTimeOption } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../context';
import { candleTables } from '../render-market';
import { throwIfUnknownRegion, unknownSymbolLine, type Outcome } from '../snapshot-fetch';
import { MARKET_OPTIONS, parseMarket, printOutcome, type Command, type Market } from './command';
import { errorMessage } from '../../shared/errors';

/** Candles shown when --limit is not given. */
export const DEFAULT_KLINE_LIMIT = 100;

interface Request {
  market: Market<KlineClass>;
  codes: string[];
  kType: CandleAnswer['series']['kType'];
  limit: number;
  before: number | undefined;
}

export const klinesCommand: Command = {
  name: 'klines',
  summary: 'candles (K-lines) of several codes',
  help: `Usage: marketdesk klines <class> --region R [--exchange E] --codes A,B --ktype K
                        [--limit N] [--before TIME] [options]

Candles, oldest first. Classes with candles: ${KLINE_CLASSES.join(', ')}.
  --ktype K      1m 5m 15m 30m 1h 1d 1w 1M (2h 4h crypto only), or the API's number 1–10
  --limit N      candles per code (default ${DEFAULT_KLINE_LIMIT})
  --before TIME  candles strictly before TIME: ISO 8601 (2026-11-20T14:30:00Z) or Unix ms
Candles are stored in the cache; when the API cannot be reached the cached candles are
shown with a note on stderr, and the exit status is 0. A code the service does not know
is named on stderr ("unknown symbol: …"), the others are printed, and the exit status is 1.
With --json: one object keyed by code whose values are arrays of Candle records.`,
  options: {
    ...MARKET_OPTIONS,
    codes: { type: 'string' },
    ktype: { type: 'string' },
    limit: { type: 'string' },
    before: { type: 'string' },
  },
  async run(ctx, values, positionals) {
    const market = parseMarket('klines', positionals, values, KLINE_CLASSES);
    const request: Request = {
      market,
      codes: parseCodes(values['codes'] as string | undefined, market.region),
      kType: parseKTypeOption(values['ktype'] as string | undefined, market.class),
      limit: parsePositiveInt(values['limit'] as string | undefined, 'limit', DEFAULT_KLINE_LIMIT),
      before: parseTimeOption(values['before'] as string | undefined, 'before'),
    };
    const outcome = ctx.cache() ? await throughCache(ctx, request) : await direct(ctx, request);
    const unknown = unknownSymbolLine({ ...request.market, code: '' }).split(':')[0]!;
    if (
      Object.keys(outcome.data).length === 0 &&
      outcome.problems.every((line) => line.startsWith(unknown))
    ) {
      await throwIfUnknownRegion(ctx, request.market);
    }
    return printOutcome(ctx, outcome, 'candles', candleTables(request.market.class));
  },
};

/** --no-cache: one batch call, nothing stored. */
async function direct(ctx: CliContext, q: Request): Promise<Outcome<Candle[]>> {
  const client = await ctx.client();
  const r = await client.klines(q.market.class, {
    ...q.market,
    codes: q.codes,
    kType: q.kType,
    limit: q.limit,
    ...(q.before === undefined ? {} : { et: q.before - 1 }),
  });
  if (!r.ok) throw new CliError(errorMessage(r.error));
  const problems = q.codes.flatMap((code) => {
    if (r.value.data[code]) return [];
    const failed = r.value.failed[code];
    // No record and no failure: the service has no such product (see snapshot-fetch).
    if (!failed || isUnknownSymbol(failed)) return [unknownSymbolLine({ ...q.market, code })];
    return [`${code}: ${errorMessage(failed)}`];
  });
  return { data: r.value.data, problems, offline: null };
}

async function throughCache(ctx: CliContext, q: Request): Promise<Outcome<Candle[]>> {
  // Scoped to this run's source: a live command never reads the demo's candles.
  const history = new HistoryService({
    db: ctx.cache()!,
    candles: new MarketSources(await ctx.client(), ctx.source()),
    now: ctx.now,
  });
  let answers: CandleAnswer[];
  try {
    // Started together so the source merges them into one batch request.
    answers = await Promise.all(
      q.codes.map((code) => {
        const series = { ...q.market, code, kType: q.kType };
        return q.before === undefined
          ? history.refreshCandles(series, q.limit)
          : history.loadCandles(series, { limit: q.limit, before: q.before });
      }),
    );
  } finally {
    history.dispose();
  }

  const data: Record<string, Candle[]> = {};
  const failures = new Map<string, string>();
  let offline: Outcome<Candle[]>['offline'] = null;
  answers.forEach((answer, i) => {
    const code = q.codes[i]!;
    if (answer.unknown) failures.set(code, unknownSymbolLine({ ...q.market, code }));
    else if (answer.error !== undefined)
      failures.set(code, `${code}: ${errorMessage(answer.error)}`);
    else if (answer.offlineReason === undefined) data[code] = answer.candles;
    else if (answer.candles.length === 0)
      failures.set(code, `${code}: ${errorMessage(answer.offlineReason)} (nothing cached)`);
    else {
      data[code] = answer.candles;
      const asOf = answer.asOf ?? answer.candles.at(-1)!.time;
      offline = {
        codes: [...(offline?.codes ?? []), code],
        asOf: Math.min(offline?.asOf ?? Infinity, asOf),
      };
    }
  });
  // Nothing to show and one cause (wrong token, no network): say it once, as the error.
  // Unknown codes are each their own answer, named one by one.
  const known = answers.filter((a) => !a.unknown);
  const causes = new Set(known.map((a) => a.error ?? a.offlineReason).filter(Boolean));
  if (Object.keys(data).length === 0 && known.length === answers.length && causes.size === 1) {
    throw new CliError(errorMessage([...causes][0]));
  }
  const problems = q.codes.flatMap((c) => (failures.has(c) ? [failures.get(c)!] : []));
  return { data, problems, offline };
}
