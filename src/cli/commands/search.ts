/**
 * `marketdesk search`: find symbols by code or name in the data source's symbol
 * directory (core/symbols), the same ranked search as the app's palette and fields.
 */
import {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_TEXT,
  canonicalRegion,
  isRegion,
  type AssetClass,
  type SymbolMatch,
  type SymbolSearchQuery,
} from '../../shared/model';
import { SymbolDirectory, seenInCache } from '../../core/symbols';
import { parseAssetClass, UsageError } from '../args';
import { renderJson, renderTable, type Column } from '../output';
import type { Command } from './command';

const COLUMNS: readonly Column<SymbolMatch>[] = [
  { header: 'CODE', value: (m) => m.code },
  { header: 'REGION', value: (m) => m.region },
  { header: 'CLASS', value: (m) => m.class },
  { header: 'NAME', value: (m) => m.name || '-' },
  { header: 'EXCHANGE', value: (m) => m.exchange || '-' },
  { header: 'FROM', value: (m) => m.origin, color: () => 'gray' },
];

export const searchCommand: Command = {
  name: 'search',
  summary: 'find symbols by code or name',
  help: `Usage: marketdesk search <text> [--class C] [--region R] [--limit N] [options]

Finds symbols by code or name ("tencent" finds 700 HK, "apple" AAPL US, "btc" BTCUSDT
BA), ranked: the exact code, a code prefix, the name, words of the name, then letters
found in order or one typo. Searches the data source's own directory: in demo mode the
simulator's catalog; against a service, its symbol list where it answers one (asked
for the markets --class and --region name), the symbols this cache has seen from it,
and well-known instruments shipped with Marketdesk (FROM says which: listed, seen,
shipped; the service has the last word on a shipped one).

  --class C    stock|crypto|fund|indices|forex|future
  --region R   two letters, e.g. HK
  --limit N    at most N results (1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT})

With --json: one document {source, query, results: [{class, region, code, name,
exchange, match, origin}]}. Exit status 1 when nothing matches.`,
  options: {
    class: { type: 'string' },
    region: { type: 'string' },
    limit: { type: 'string' },
  },
  async run(ctx, values, positionals) {
    const text = positionals.join(' ').trim();
    if (text === '') throw new UsageError('search: missing the text to search for');
    if (text.length > MAX_SEARCH_TEXT) {
      throw new UsageError(`search: the text is longer than ${MAX_SEARCH_TEXT} characters`);
    }
    const query: SymbolSearchQuery = { text, limit: parseLimit(values['limit']) };
    const clsText = values['class'] as string | undefined;
    const cls: AssetClass | undefined =
      clsText === undefined ? undefined : parseAssetClass(clsText.trim().toLowerCase());
    if (cls) query.class = cls;
    const regionText = values['region'] as string | undefined;
    if (regionText !== undefined) {
      const region = canonicalRegion(regionText);
      if (!isRegion(region)) {
        throw new UsageError(`--region must be two letters, got "${regionText}"`);
      }
      query.region = region;
    }
    const source = ctx.source();
    const client = await ctx.client();
    const db = ctx.cache();
    const directory = new SymbolDirectory({
      source: () => source,
      client: () => client,
      ...(db ? { seen: (s) => seenInCache(db, s) } : {}),
      now: ctx.now,
    });
    // Demo: the catalog. Live: the service's list only for the markets named (a whole
    // list of every market would spend a small plan's budget for minutes).
    if (source === 'demo' || cls !== undefined) {
      await directory.load({
        ...(cls ? { class: cls } : {}),
        ...(query.region ? { region: query.region } : {}),
      });
    }
    const answer = await directory.search(query);
    if (ctx.global.json) {
      ctx.io.out(renderJson({ source: answer.source, query, results: answer.results }));
    } else if (answer.results.length > 0) {
      ctx.io.out(renderTable(answer.results, COLUMNS, ctx.io.isTTY));
    }
    if (answer.results.length === 0) {
      const where = [cls, query.region].filter(Boolean).join(' ');
      ctx.note(`no symbol matches "${text}"${where ? ` in ${where}` : ''}`);
      return 1;
    }
    return 0;
  },
};

function parseLimit(value: unknown): number {
  if (value === undefined) return DEFAULT_SEARCH_LIMIT;
  const text = String(value).trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > MAX_SEARCH_LIMIT) {
    throw new UsageError(
      `--limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got "${text}"`,
    );
  }
  return n;
}
