/**
 * `marketdesk info`: a stock's reference data (the company card).
 */
import { asBatch } from '../../core/api';
import { canonicalCode } from '../../shared/model';
import { requireOption, UsageError } from '../args';
import { formatTime, renderJson } from '../output';
import { infoTable } from '../render-market';
import { fetchWithSnapshots } from '../snapshot-fetch';
import { MARKET_OPTIONS, instrumentIn, parseMarket, type Command } from './command';

export const infoCommand: Command = {
  name: 'info',
  summary: 'reference data of one stock',
  help: `Usage: marketdesk info --region R [--exchange E] --code C [--type stock] [options]

Name, sector, industry, market capitalisation, shares outstanding, P/E, website and
description of one stock. --type is the API's market type (default stock).
With --json: one StockInfo record.`,
  options: { ...MARKET_OPTIONS, code: { type: 'string' }, type: { type: 'string' } },
  async run(ctx, values, positionals) {
    if (positionals.length > 0 && positionals[0] !== 'stock') {
      throw new UsageError(
        `info: the API has reference data for stock only, got "${positionals[0]}"`,
      );
    }
    const market = parseMarket('info', ['stock', ...positionals.slice(1)], values, ['stock']);
    const code = canonicalCode(
      market.region,
      requireOption(values['code'] as string | undefined, 'code'),
    );
    const type = ((values['type'] as string | undefined) ?? 'stock').trim() || 'stock';
    const client = await ctx.client();
    const outcome = await fetchWithSnapshots(ctx, 'info', [code], instrumentIn(market), () =>
      client.info({ ...market, code, type }).then((r) => asBatch(code, r)),
    );
    const info = outcome.data[code];
    if (outcome.offline) {
      ctx.note(`offline — showing cached info as of ${formatTime(outcome.offline.asOf)}`);
    }
    if (info === undefined) {
      for (const line of outcome.problems) ctx.note(line);
      return 1;
    }
    ctx.io.out(ctx.global.json ? renderJson(info) : infoTable(info, market.region, ctx.io.isTTY));
    return 0;
  },
};
