/**
 * `marketdesk status|holidays|splits|ipos <region>`: a market's state and calendar and
 * its corporate events, from the service's market-time operations (docs/api-gaps.md
 * section 10). `status` reads the service's status and, for the next open and close,
 * its holiday calendar (the built-in exchange table when the service lists none).
 */
import type { MarketClient } from '../../core/api';
import { stockCalendar } from '../../shared/calendar/calendars';
import {
  dayOfIso,
  marketStateAt,
  type RegionCalendar,
} from '../../shared/calendar/region-calendar';
import { zonedToUtc } from '../../shared/calendar/time-zone';
import { errorMessage } from '../../shared/errors';
import { isRegion } from '../../shared/model';
import { UsageError } from '../args';
import { CliError } from '../context';
import { renderJson } from '../output';
import { holidaysTable, iposTable, splitsTable, statusLines } from '../render-market-time';
import type { Command } from './command';

/** The one positional `<region>`, two letters (upper-cased). */
function regionOf(command: string, positionals: string[]): string {
  const [text, ...extra] = positionals;
  if (text === undefined)
    throw new UsageError(`${command}: name a region, e.g. marketdesk ${command} US`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const region = text.trim().toUpperCase();
  if (!isRegion(region)) throw new UsageError(`${command}: a region is two letters, got "${text}"`);
  return region;
}

async function value<T>(
  answer: Promise<{ ok: true; value: T } | { ok: false; error: unknown }>,
): Promise<T> {
  const r = await answer;
  if (!r.ok) throw new CliError(errorMessage(r.error));
  return r.value;
}

/** The service's calendar of a region, or the built-in one; null when neither exists. */
async function calendarOf(
  client: MarketClient,
  region: string,
): Promise<{ calendar: RegionCalendar; source: string } | null> {
  const served = await value(client.holidays(region));
  if (served) return { calendar: served, source: 'the service’s holidays' };
  const own = stockCalendar(region);
  return own ? { calendar: own, source: 'built-in exchange table' } : null;
}

/**
 * The instant the service's local time `YYYY-MM-DD HH:MM:SS` names in its zone, or null:
 * "now" as the service sees it (a simulator started with --clock lives at another time).
 */
export function serviceNow(localTime: string, timeZone: string): number | null {
  const m = /^([^ T]+)[ T](\d{2}):(\d{2}):(\d{2})$/.exec(localTime.trim());
  // The date part is read by the calendar's one date rule (a real YYYY-MM-DD day).
  const day = m ? dayOfIso(m[1]!) : null;
  if (!m || day === null || timeZone === '') return null;
  const [h, mi, sec] = [m[2], m[3], m[4]].map(Number) as [number, number, number];
  try {
    const t = zonedToUtc(timeZone, day, h * 60 + mi) + sec * 1000;
    return Number.isFinite(t) ? t : null;
  } catch {
    return null; // an unknown zone
  }
}

export const statusCommand: Command = {
  name: 'status',
  summary: "a stock market's state now and its next open",
  help: `Usage: marketdesk status <region> [options]

Whether the region's stock market is open, in pre- or post-market, a lunch break, closed,
at the weekend or on a holiday (and a half day), its local time and hours, and when it
next opens and closes. Two requests: the market status and its holidays.
With --json: {status: MarketStatus, nextOpen, nextClose (Unix ms or null), calendar}.`,
  options: {},
  async run(ctx, _values, positionals) {
    const region = regionOf('status', positionals);
    const client = await ctx.client();
    const status = await value(client.marketStatus(region));
    const cal = await calendarOf(client, region);
    // Next open and close as of the service's own time (its local time and zone).
    const now = serviceNow(status.localTime, status.timeZone) ?? ctx.now();
    const state = cal ? marketStateAt(cal.calendar, now) : null;
    if (ctx.global.json) {
      ctx.io.out(
        renderJson({
          status,
          nextOpen: state?.nextOpen ?? null,
          nextClose: state?.nextClose ?? null,
          calendar: cal?.source ?? null,
        }),
      );
      return 0;
    }
    if (!cal || !state) {
      ctx.io.out(`${status.region}: ${status.state}${status.halfDay ? ' · half day' : ''}\n`);
      ctx.note(`no calendar of ${region}: the next open is not known`);
      return 0;
    }
    ctx.io.out(statusLines(status, state, cal.calendar, cal.source, now));
    return 0;
  },
};

export const holidaysCommand: Command = {
  name: 'holidays',
  summary: "a stock market's holidays and half days",
  help: `Usage: marketdesk holidays <region> [options]

The days the region's stock market is closed, and the half days with their early close,
as the service lists them (its v2 holidays).
With --json: one RegionCalendar {region, timeZone, sessions, holidays}, or null when
the service lists no holidays for the region.`,
  options: {},
  async run(ctx, _values, positionals) {
    const region = regionOf('holidays', positionals);
    const client = await ctx.client();
    const calendar = await value(client.holidays(region));
    if (ctx.global.json) {
      ctx.io.out(renderJson(calendar));
      return 0;
    }
    if (!calendar) {
      ctx.note(`the service lists no holidays for ${region}`);
      return 0;
    }
    ctx.io.out(holidaysTable(calendar, ctx.io.isTTY));
    return 0;
  },
};

export const splitsCommand: Command = {
  name: 'splits',
  summary: "a region's stock splits",
  help: `Usage: marketdesk splits <region> [options]

Stock splits in the region, newest first: the date, the code, the ratio old:new (1:10 is
ten new shares for each old one) and the company.
With --json: an array of Split records {date, region, code, name, ratio, from, to}.`,
  options: {},
  async run(ctx, _values, positionals) {
    const region = regionOf('splits', positionals);
    const client = await ctx.client();
    const splits = await value(client.splits(region));
    if (ctx.global.json) ctx.io.out(renderJson(splits));
    else if (splits.length === 0) ctx.note(`no splits listed for ${region}`);
    else ctx.io.out(splitsTable(splits, ctx.io.isTTY));
    return 0;
  },
};

export const iposCommand: Command = {
  name: 'ipos',
  summary: "a region's upcoming (or recent) IPOs",
  help: `Usage: marketdesk ipos <region> [--recent] [options]

Initial public offerings in the region: upcoming ones, or with --recent those listed
lately. The date, code, exchange, offer price, market cap and company, where known.
With --json: an array of Ipo records.`,
  options: { recent: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    const region = regionOf('ipos', positionals);
    const kind = values['recent'] === true ? 'recent' : 'upcoming';
    const client = await ctx.client();
    const ipos = await value(client.ipos(kind, region));
    if (ctx.global.json) ctx.io.out(renderJson(ipos));
    else if (ipos.length === 0) ctx.note(`no ${kind} IPOs listed for ${region}`);
    else ctx.io.out(iposTable(ipos, ctx.io.isTTY));
    return 0;
  },
};
