/**
 * `marketdesk cache stats|prune|clear|export`: the cache file in the data folder
 * (MARKETDESK_HOME overrides), the same one the app uses.
 */
import { Writable } from 'node:stream';
import {
  clear,
  countCandles,
  exportCandles,
  listSeries,
  prune,
  stats,
  type ExportFormat,
} from '../../core/cache';
import { ASSET_CLASSES, KTYPES, type DataSourceId } from '../../shared/model';
import { parseCodes, parseKTypeOption, UsageError } from '../args';
import { CliError, type CliContext } from '../context';
import { formatSize } from '../../shared/format/numbers';
import { renderJson } from '../output';
import { cacheTables, pruneTable } from '../render-cache';
import {
  actionCommand,
  EXPORT_OPTIONS,
  exportFormat,
  exportSource,
  MARKET_OPTIONS,
  noArguments,
  parseMarket,
  pruneBudget,
  pruneHelp,
  PRUNE_OPTIONS,
  type Values,
} from './command';

export const cacheCommand = actionCommand({
  name: 'cache',
  summary: 'inspect, prune, clear or export the offline cache',
  help: `Usage: marketdesk cache <action> [options]

  stats                 file size, rows per table, series, oldest/newest times
${pruneHelp('delete the oldest data until the cache fits SIZE', 'cacheBudgetBytes')}
  clear --yes           delete everything cached (refused without --yes)
  export <class> --region R [--exchange E] --code C --ktype K [--format csv|json] [--out FILE]
                        write a series' cached candles to FILE, or stdout without --out;
                        with none cached, says so, writes nothing and exits 1

The cache is cache.db in the data folder: MARKETDESK_HOME, else the platform's
application-data folder (shared with the app). Every row records its source: the demo
simulator, or the live service by origin. stats counts every source; export writes the
candles of the source the other commands would use (demo without --token and
--base-url). Rows of unknown origin (cached before sources were recorded) are never
shown, and prune deletes them first.`,
  options: {
    ...MARKET_OPTIONS,
    ...PRUNE_OPTIONS,
    yes: { type: 'boolean', default: false },
    code: { type: 'string' },
    ktype: { type: 'string' },
    ...EXPORT_OPTIONS,
  },
  /** The actions, by name: each runs with the options and the arguments after it. */
  actions: {
    stats: statsAction,
    prune: pruneAction,
    clear: clearAction,
    export: exportAction,
  },
  check(ctx) {
    if (ctx.global.noCache) throw new UsageError('cache commands need the cache: drop --no-cache');
  },
});

async function statsAction(ctx: CliContext, _values: Values, rest: string[]): Promise<number> {
  noArguments('cache', 'stats', rest);
  const db = ctx.requireCache();
  const s = stats(db);
  const series = listSeries(db);
  if (ctx.global.json) ctx.io.out(renderJson({ ...s, series }));
  else ctx.io.out(cacheTables(s, series, ctx.io.isTTY));
  return 0;
}

async function pruneAction(ctx: CliContext, values: Values, rest: string[]): Promise<number> {
  noArguments('cache', 'prune', rest);
  const result = prune(ctx.requireCache(), pruneBudget(ctx, values, 'cacheBudgetBytes'));
  ctx.io.out(ctx.global.json ? renderJson(result) : pruneTable(result, ctx.io.isTTY));
  return 0;
}

async function clearAction(ctx: CliContext, values: Values, rest: string[]): Promise<number> {
  noArguments('cache', 'clear', rest);
  // Always asked for, TTY or not: a prompt would hang a script, and a typo'd
  // history-recall should not wipe months of candles.
  if (values['yes'] !== true) {
    throw new UsageError(
      'cache clear deletes every cached candle, news item and snapshot: add --yes',
    );
  }
  const removed = clear(ctx.requireCache());
  if (ctx.global.json) ctx.io.out(renderJson({ removed }));
  else {
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    ctx.io.out(`cleared ${formatSize(total)} rows from ${ctx.cachePath()}\n`);
  }
  return 0;
}

async function exportAction(ctx: CliContext, values: Values, rest: string[]): Promise<number> {
  const market = parseMarket('cache export', rest, values, ASSET_CLASSES);
  const [code, ...more] = parseCodes(values['code'] as string | undefined, market.region, 'code');
  if (more.length > 0) throw new UsageError('cache export: one --code at a time');
  const kType = parseKTypeOption(values['ktype'] as string | undefined, market.class);
  const format: ExportFormat = exportFormat(ctx, values, 'csv', 'json');
  const out = values['out'] as string | undefined;
  const series = { ...market, code: code!, kType };
  const source = exportSource(ctx);
  const db = ctx.requireCache();
  // Checked before anything is written: a header-only file would pass for an export.
  if (countCandles(db, source, series) === 0) {
    const label = KTYPES[kType].label;
    const exchange = market.exchange ? ` --exchange ${market.exchange}` : '';
    throw new CliError(
      `nothing to export: no cached ${label} candles for ${code} (${market.class}, region ${market.region}) ` +
        `from ${sourceName(source)}; fetch them first: marketdesk klines ${market.class} ` +
        `--region ${market.region}${exchange} --codes ${code} --ktype ${label}`,
    );
  }
  const { count } = await exportCandles(db, source, series, format, out ?? forward(ctx));
  if (out !== undefined) ctx.note(`wrote ${count} candles to ${out}`);
  return 0;
}

/** A source as a reader names it: `the demo simulator`, `https://api.itick.org`. */
function sourceName(source: DataSourceId): string {
  return source === 'demo' ? 'the demo simulator' : source.slice('live:'.length);
}

/** stdout as a stream, through the injectable output (tests capture it). */
function forward(ctx: CliContext): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      ctx.io.out(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
}
