/**
 * `marketdesk news`: one page of market news, newest first, through the news cache.
 * The newest page is always fetched; an older page (`--cursor`) comes from the cache
 * when it was fetched before (older pages never change), else from the API.
 */
import { HistoryService, type NewsAnswer } from '../../core/cache';
import { MarketSources } from '../../core/market-sources';
import { NEWS_LANGS_TEXT, NEWS_MARKETS_TEXT, type NewsPage } from '../../shared/model';
import { parsePositiveInt, requireOption, UsageError } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../context';
import { formatTime, renderJson } from '../output';
import { newsTable } from '../render-market';
import type { Command } from './command';
import { errorMessage } from '../../shared/errors';

/** Items per page when --limit is not given (the simulator's default too). */
export const DEFAULT_NEWS_LIMIT = 20;

interface Query {
  market: string;
  lang: string;
  limit: number;
  cursor: string | undefined;
}

export const newsCommand: Command = {
  name: 'news',
  summary: 'a page of market news',
  help: `Usage: marketdesk news --market M --lang L [--limit N] [--cursor C] [options]

Headlines, newest first.
  --market M   ${NEWS_MARKETS_TEXT}
  --lang L     ${NEWS_LANGS_TEXT}
  --limit N    items per page (default ${DEFAULT_NEWS_LIMIT})
  --cursor C   the next page: the cursor printed under the previous page
With --json: one NewsPage {items, nextCursor, hasMore, count}.`,
  options: {
    market: { type: 'string' },
    lang: { type: 'string' },
    limit: { type: 'string' },
    cursor: { type: 'string' },
  },
  async run(ctx, values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const cursor = (values['cursor'] as string | undefined)?.trim();
    const query: Query = {
      market: requireOption(values['market'] as string | undefined, 'market').toLowerCase(),
      lang: requireOption(values['lang'] as string | undefined, 'lang').toLowerCase(),
      limit: parsePositiveInt(values['limit'] as string | undefined, 'limit', DEFAULT_NEWS_LIMIT),
      cursor: cursor || undefined,
    };
    const page = ctx.cache() ? await throughCache(ctx, query) : await direct(ctx, query);
    ctx.io.out(ctx.global.json ? renderJson(page) : newsTable(page, ctx.io.isTTY));
    return 0;
  },
};

async function direct(ctx: CliContext, q: Query): Promise<NewsPage> {
  const client = await ctx.client();
  const r = await client.news({
    market: q.market,
    lang: q.lang,
    limit: q.limit,
    ...(q.cursor === undefined ? {} : { cursor: q.cursor }),
  });
  if (!r.ok) throw new CliError(errorMessage(r.error));
  return r.value;
}

async function throughCache(ctx: CliContext, q: Query): Promise<NewsPage> {
  // Scoped to this run's source: cursors and items mean something only to their source.
  const history = new HistoryService({
    db: ctx.cache()!,
    news: new MarketSources(await ctx.client(), ctx.source()),
    now: ctx.now,
  });
  let answer: NewsAnswer;
  try {
    answer =
      q.cursor === undefined
        ? await history.refreshNews({ market: q.market, lang: q.lang, limit: q.limit })
        : await history.loadNews({ ...q, cursor: q.cursor });
  } finally {
    history.dispose();
  }
  if (answer.error !== undefined) throw new CliError(errorMessage(answer.error));
  if (answer.offlineReason !== undefined) {
    if (answer.items.length === 0) throw new CliError(errorMessage(answer.offlineReason));
    const asOf = answer.asOf === null ? '' : ` as of ${formatTime(answer.asOf)}`;
    ctx.note(`offline — showing cached news${asOf}`);
  }
  // A remembered page may hold more items than --limit asked for; cutting it would lose
  // them, since its nextCursor continues after its last item.
  const items = answer.items;
  return { items, nextCursor: answer.nextCursor, hasMore: answer.hasMore, count: items.length };
}
