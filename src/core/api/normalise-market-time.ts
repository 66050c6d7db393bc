/**
 * Readers of the market calendar and corporate event answers (docs/api-gaps.md,
 * section 10): market status, holidays, splits, IPOs and a news item's detail. Only
 * the holiday record is documented; for the rest each field is read under the
 * project's guessed short name or the spelled-out names listed beside it, so a service
 * that writes either is read. A record that cannot be read throws a RecordIssue
 * naming its field; the caller turns it into a schema ApiError.
 */
import type {
  InstrumentRef,
  Ipo,
  MarketState,
  MarketStatus,
  NewsDetail,
  Split,
} from '../../shared/model';
import { MARKET_STATES } from '../../shared/model';
import { dayOfIso, type Holiday, type RegionCalendar } from '../../shared/calendar/region-calendar';
import {
  parseTradingHours,
  TradingHoursError,
  type Session,
} from '../../shared/calendar/trading-hours';
import { describeValue } from './errors';
import { asRecord, isRecord, parseNumeric, RecordIssue, type WireRecord } from './read';
import { parseInstrumentRef, readNewsPage } from './normalise-reference';

/** The first present (not undefined or null) field of `names`, with the name found. */
function pick(r: WireRecord, names: readonly string[]): [string, unknown] {
  for (const n of names) {
    const v = r[n];
    if (v !== undefined && v !== null) return [n, v];
  }
  return [names[0]!, undefined];
}

function textOf(r: WireRecord, names: readonly string[], path: string): string {
  const [name, v] = pick(r, names);
  if (v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new RecordIssue(`${path}${name}`, `must be a string, got ${describeValue(v)}`);
}

function requiredText(r: WireRecord, names: readonly string[], path: string): string {
  const t = textOf(r, names, path);
  if (t === '') throw new RecordIssue(`${path}${names[0]}`, 'is missing');
  return t;
}

/** A number or numeric text (thousands commas allowed); absent or '' → null; else an issue. */
function figureOf(r: WireRecord, names: readonly string[], path: string): number | null {
  const [name, v] = pick(r, names);
  if (v === undefined || v === '') return null;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const n = parseNumeric(v.replaceAll(',', ''));
    if (n !== null) return n;
  }
  throw new RecordIssue(`${path}${name}`, `must be a number, got ${describeValue(v)}`);
}

/**
 * A date as Unix ms: a number (ms, or seconds below 1e12), numeric text, or an ISO date
 * (`YYYY-MM-DD` is midnight UTC). Absent, '' or 0 → null.
 */
function timeOf(r: WireRecord, names: readonly string[], path: string): number | null {
  const [name, v] = pick(r, names);
  if (v === undefined || v === '' || v === 0 || v === '0') return null;
  let n: number | null = null;
  if (typeof v === 'number' && Number.isFinite(v)) n = v;
  else if (typeof v === 'string') {
    n = parseNumeric(v);
    if (n === null) {
      const parsed = Date.parse(v);
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  if (n === null || n < 0) {
    throw new RecordIssue(`${path}${name}`, `must be a date, got ${describeValue(v)}`);
  }
  return Math.round(n < 1e12 ? n * 1000 : n);
}

/** A list of strings: an array of strings, or text split on commas. Absent → []. */
function listOf(r: WireRecord, names: readonly string[], path: string): string[] {
  const [name, v] = pick(r, names);
  if (v === undefined || v === '') return [];
  const items = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(items) || items.some((x) => typeof x !== 'string')) {
    throw new RecordIssue(`${path}${name}`, `must be a list of strings, got ${describeValue(v)}`);
  }
  return (items as string[]).map((s) => s.trim()).filter((s) => s !== '');
}

/** The array of a list answer: bare, or under `list`, `content`, `data`, `items` or `records`. */
function listAnswer(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    for (const key of ['list', 'content', 'data', 'items', 'records']) {
      if (Array.isArray(value[key])) return value[key] as unknown[];
    }
  }
  throw new RecordIssue('data', `must be a list, got ${describeValue(value)}`);
}

// ---------------------------------------------------------------- market status

const STATE_WORDS: Readonly<Record<string, MarketState | 'half-day'>> = {
  premarket: 'pre-market',
  preopen: 'pre-market',
  preopening: 'pre-market',
  open: 'open',
  trading: 'open',
  lunchbreak: 'lunch-break',
  lunch: 'lunch-break',
  break: 'lunch-break',
  middayclose: 'lunch-break',
  postmarket: 'post-market',
  afterhours: 'post-market',
  closed: 'closed',
  close: 'closed',
  weekend: 'weekend',
  holiday: 'holiday',
  halfday: 'half-day',
  earlyclose: 'half-day',
};

/** A state word in any case and spelling (`pre-market`, `PreMarket`, `PRE_MARKET`), or null. */
export function readStateWord(text: string): MarketState | 'half-day' | null {
  const key = text.toLowerCase().replace(/[^a-z]/g, '');
  return STATE_WORDS[key] ?? null;
}

function boolOf(r: WireRecord, names: readonly string[], path: string): boolean | null {
  const [name, v] = pick(r, names);
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  throw new RecordIssue(`${path}${name}`, `must be true or false, got ${describeValue(v)}`);
}

/** The market status of `region` (asked as `code`). */
export function readMarketStatus(value: unknown, region: string): MarketStatus {
  const r = asRecord(value);
  const [stateName, raw] = pick(r, ['s', 'status', 'state', 'marketStatus']);
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new RecordIssue(stateName, `must be a market state, got ${describeValue(raw)}`);
  }
  const word = readStateWord(raw);
  if (word === null) {
    throw new RecordIssue(
      stateName,
      `must be one of ${[...MARKET_STATES, 'half-day'].join(', ')}, got ${describeValue(raw)}`,
    );
  }
  const isOpen = boolOf(r, ['o', 'isOpen', 'open'], '');
  const flaggedHalf = boolOf(r, ['hd', 'halfDay', 'isHalfDay'], '') ?? false;
  // The service lists "half day" among its states: open or not then comes from its flag.
  const state: MarketState = word === 'half-day' ? (isOpen === false ? 'closed' : 'open') : word;
  const hours = textOf(r, ['t', 'tradingHours', 'sessions'], '');
  if (hours !== '') sessionsOf(hours, 't');
  const holiday = textOf(r, ['v', 'holiday', 'holidayName'], '');
  return {
    region: textOf(r, ['c', 'code', 'region'], '') || region,
    regionName: textOf(r, ['r', 'regionName', 'name'], ''),
    state,
    open: isOpen ?? state === 'open',
    halfDay: word === 'half-day' || flaggedHalf,
    holiday: holiday === '' ? null : holiday,
    tradingHours: hours,
    timeZone: requiredText(r, ['z', 'timeZone', 'timezone', 'tz'], ''),
    localTime: textOf(r, ['lt', 'localTime', 'time'], ''),
  };
}

// ---------------------------------------------------------------- holidays

function sessionsOf(text: string, field: string): Session[] {
  try {
    return parseTradingHours(text);
  } catch (e) {
    if (e instanceof TradingHoursError) throw new RecordIssue(field, e.message);
    throw e;
  }
}

const lastRegularEnd = (s: readonly Session[]) =>
  s.filter((x) => x.kind === 'regular').reduce((m, x) => Math.max(m, x.end), -Infinity);

/**
 * The calendar of `region` from its holiday list (`/symbol/v2/holidays`): the time zone
 * and usual trading hours the rows carry (the most common hours text), and each row a
 * closed day — or a half day when its hours end earlier than the usual ones (guessed:
 * the documented sample shows a closed day only). Null for an empty list: the service
 * then says nothing of the region's hours.
 */
export function readHolidays(value: unknown, region: string): RegionCalendar | null {
  const rows = listAnswer(value);
  if (rows.length === 0) return null;
  const read = rows.map((row, i) => {
    const r = asRecord(row, i, 'data');
    const path = `data[${i}].`;
    const date = requiredText(r, ['d', 'date'], path);
    if (dayOfIso(date) === null) {
      throw new RecordIssue(`${path}d`, `must be a date YYYY-MM-DD, got ${describeValue(date)}`);
    }
    const hours = requiredText(r, ['t', 'tradingHours'], path);
    return {
      date,
      name: textOf(r, ['v', 'name', 'holiday'], path),
      hours,
      sessions: sessionsOf(hours, `${path}t`),
      zone: requiredText(r, ['z', 'timeZone', 'timezone'], path),
      region: textOf(r, ['c', 'code', 'region'], path),
    };
  });
  const zone = read[0]!.zone;
  const counts = new Map<string, number>();
  for (const row of read) counts.set(row.hours, (counts.get(row.hours) ?? 0) + 1);
  let usual = read[0]!;
  for (const row of read) {
    const better = (counts.get(row.hours) ?? 0) - (counts.get(usual.hours) ?? 0);
    if (
      better > 0 ||
      (better === 0 && lastRegularEnd(row.sessions) > lastRegularEnd(usual.sessions))
    ) {
      usual = row;
    }
  }
  const usualEnd = lastRegularEnd(usual.sessions);
  const holidays: Holiday[] = read
    .map((row) => {
      // A half day's own hours end at its early close, whatever kind the reading gives
      // its last session (US `04:00-09:30,09:30-13:00` reads its longer morning as regular).
      const end = row.sessions.reduce((m, x) => Math.max(m, x.end), -Infinity);
      return { date: row.date, name: row.name, earlyClose: end < usualEnd ? end : null };
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    region: read[0]!.region || region,
    timeZone: zone,
    sessions: usual.sessions,
    holidays,
  };
}

// ---------------------------------------------------------------- splits

const RATIO = /^\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * A split ratio `old:new` (also `old/new`) as numbers; null for anything else,
 * zero or negative sides, or `1:1` (no split).
 */
export function parseSplitRatio(text: string): { from: number; to: number } | null {
  const m = RATIO.exec(text);
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  if (!(from > 0) || !(to > 0) || !Number.isFinite(from) || !Number.isFinite(to)) return null;
  if (from === to) return null;
  return { from, to };
}

/** The splits of a region (`/stock/split`). */
export function readSplits(value: unknown, region: string): Split[] {
  return listAnswer(value).map((row, i) => {
    const r = asRecord(row, i, 'data');
    const path = `data[${i}].`;
    const ratio = requiredText(r, ['v', 'ratio', 'splitRatio'], path);
    const parsed = parseSplitRatio(ratio);
    if (parsed === null) {
      throw new RecordIssue(
        `${path}v`,
        `must be a split ratio such as 1:10, got ${describeValue(ratio)}`,
      );
    }
    const date = timeOf(r, ['d', 'date', 'splitDate'], path);
    if (date === null) throw new RecordIssue(`${path}d`, 'is missing');
    return {
      date,
      region: textOf(r, ['r', 'region'], path) || region,
      code: requiredText(r, ['c', 'code', 'symbol'], path),
      name: textOf(r, ['n', 'name'], path),
      ratio,
      ...parsed,
    };
  });
}

// ---------------------------------------------------------------- IPOs

/** The IPOs of a region (`/stock/ipo`). */
export function readIpos(value: unknown, region: string): Ipo[] {
  return listAnswer(value).map((row, i) => {
    const r = asRecord(row, i, 'data');
    const path = `data[${i}].`;
    const [, rawPrice] = pick(r, ['pr', 'price', 'ipoPrice']);
    let priceText = '';
    if (typeof rawPrice === 'number' && Number.isFinite(rawPrice)) priceText = String(rawPrice);
    else if (typeof rawPrice === 'string') priceText = rawPrice.trim();
    else if (rawPrice !== undefined) {
      throw new RecordIssue(`${path}pr`, `must be a price, got ${describeValue(rawPrice)}`);
    }
    const single = priceText === '' ? null : parseNumeric(priceText.replaceAll(',', ''));
    return {
      code: requiredText(r, ['sc', 'code', 'symbol'], path),
      company: textOf(r, ['cn', 'company', 'name'], path),
      exchange: textOf(r, ['ex', 'exchange'], path),
      region: textOf(r, ['r', 'region'], path) || region,
      country: textOf(r, ['ct', 'country'], path),
      listingDate: timeOf(r, ['dt', 'date', 'listingDate', 'ipoDate'], path),
      price: single,
      priceText,
      marketCap: figureOf(r, ['mc', 'marketCap'], path),
      subscriptionStart: timeOf(r, ['bs', 'subscriptionStart', 'startDate'], path),
      subscriptionEnd: timeOf(r, ['es', 'subscriptionEnd', 'endDate'], path),
      allotmentDate: timeOf(r, ['ad', 'allotmentDate'], path),
    };
  });
}

// ---------------------------------------------------------------- news detail

/** The instruments of a list field: `CODE.REGION` texts; an unreadable one is an issue. */
export function readInstrumentRefs(r: WireRecord, path: string): InstrumentRef[] {
  const out: InstrumentRef[] = [];
  for (const [i, text] of listOf(r, ['sy', 'symbols', 'instruments'], path).entries()) {
    const ref = parseInstrumentRef(text);
    if (ref === null) {
      throw new RecordIssue(`${path}sy[${i}]`, `must be CODE.REGION, got ${describeValue(text)}`);
    }
    out.push(ref);
  }
  return out;
}

/** A news item's detail (`/news/<id>`). */
export function readNewsDetail(value: unknown, id: string): NewsDetail {
  const r = asRecord(value);
  const page = readNewsPage([{ ...r, id: r.id ?? id }]);
  const item = page.items[0]!;
  return {
    ...item,
    body: textOf(r, ['ct', 'content', 'body', 'text'], ''),
    tags: listOf(r, ['tg', 'tags'], ''),
    markets: listOf(r, ['mk', 'markets', 'regions'], '').map((m) => m.toUpperCase()),
    instruments: readInstrumentRefs(r, ''),
  };
}
