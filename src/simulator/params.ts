/**
 * Query validation: turns a query string into the typed arguments of one operation,
 * or throws a 400 {@link SimulatorError}. Strict on what the spec names, lenient on
 * the rest (unknown parameters, and `exchange` outside stock, are ignored).
 */
import type { OperationSpec } from '../shared/api/operations';
import {
  EXCHANGE_PATTERN,
  NEWS_LANGS,
  NEWS_MARKETS,
  SPEC_KTYPES,
  isNewsLang,
  isNewsMarket,
  isRegion,
  isSymbolCode,
  type KType,
  type Plan,
} from '../shared/model';
import { badParam, overPlan } from './errors';
import {
  MAX_KLINE_LIMIT as MARKET_MAX_KLINES,
  NEWS_DEFAULT_LIMIT,
  NEWS_MAX_LIMIT,
} from './market/synthetic-market';

// Codes, regions and exchanges: the app's own shapes (shared/model/symbols), so the
// simulator refuses exactly what the app would never send.
const TYPE_RE = /^[A-Za-z0-9._-]{1,32}$/;
const DIGITS_RE = /^\d+$/;

const NEWS_LANG_IDS: readonly string[] = NEWS_LANGS.map((l) => l.id);

/** Longest kline array (the market's cap); a larger `limit` is served shorter (rule 4.3.2 holds). */
export const MAX_KLINE_LIMIT = MARKET_MAX_KLINES;
/** Longest news page (the market's cap). */
export const MAX_NEWS_LIMIT = NEWS_MAX_LIMIT;
/** News page length when `limit` is absent. */
export const DEFAULT_NEWS_LIMIT = NEWS_DEFAULT_LIMIT;

/** The validated arguments of a request; fields an operation does not take keep their defaults. */
export interface ParsedQuery {
  region: string;
  /** Stock only; '' = the primary exchange. */
  exchange: string;
  /** `code` on single-symbol operations; '' elsewhere. */
  code: string;
  /** Unique `codes` in request order; [] on single-symbol operations. */
  codes: string[];
  kType: KType;
  limit: number;
  /** Kline end time (Unix ms); undefined = now. */
  et: number | undefined;
  type: string;
  market: string;
  lang: string;
  cursor: string | undefined;
}

/** Everything parsing needs besides the query. */
export interface ParseContext {
  plan: Plan;
  /** The market model's cursor check. */
  isCursor: (cursor: string) => boolean;
}

function required(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (v === null || v === '') throw badParam(name, 'missing');
  return v;
}

function checkCode(name: string, code: string): string {
  if (!isSymbolCode(code)) {
    throw badParam(
      name,
      `malformed code ${JSON.stringify(code)} (1–32 of A-Z a-z 0-9 . _ -, not starting with . _ -)`,
    );
  }
  return code;
}

function positiveInt(name: string, text: string, max: number): number {
  const n = DIGITS_RE.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1)) throw badParam(name, `expected a positive integer, got ${JSON.stringify(text)}`);
  return Math.min(n, max);
}

function parseCodes(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(',')) seen.add(checkCode('codes', raw.trim()));
  return [...seen];
}

function parseKType(text: string, cls: OperationSpec['class']): KType {
  const n = DIGITS_RE.test(text) ? Number(text) : Number.NaN;
  // 6 and 7 exist on the real service for crypto only (docs/api-gaps.md).
  if (
    (SPEC_KTYPES as readonly number[]).includes(n) ||
    (cls === 'crypto' && (n === 6 || n === 7))
  ) {
    return n as KType;
  }
  const allowed = cls === 'crypto' ? '1-10' : '1, 2, 3, 4, 5, 8, 9, 10';
  throw badParam('kType', `expected one of ${allowed}, got ${JSON.stringify(text)}`);
}

/** Validates `query` against `spec`; throws a 400 SimulatorError on the first problem. */
export function parseQuery(
  spec: OperationSpec,
  query: URLSearchParams,
  ctx: ParseContext,
): ParsedQuery {
  const out: ParsedQuery = {
    region: '',
    exchange: '',
    code: '',
    codes: [],
    kType: 1,
    limit: 1,
    et: undefined,
    type: '',
    market: '',
    lang: '',
    cursor: undefined,
  };
  const takes = (name: string) =>
    (spec.required as readonly string[]).includes(name) ||
    (spec.optional as readonly string[]).includes(name);

  if (spec.kind === 'news') {
    out.market = required(query, 'market');
    if (!isNewsMarket(out.market)) {
      throw badParam('market', `expected one of ${NEWS_MARKETS.join(', ')}`);
    }
    out.lang = required(query, 'lang');
    if (!isNewsLang(out.lang)) {
      throw badParam('lang', `expected one of ${NEWS_LANG_IDS.join(', ')}`);
    }
    const limit = query.get('limit');
    out.limit =
      limit === null || limit === ''
        ? DEFAULT_NEWS_LIMIT
        : positiveInt('limit', limit, MAX_NEWS_LIMIT);
    const cursor = query.get('cursor');
    if (cursor !== null && cursor !== '') {
      if (!ctx.isCursor(cursor)) throw badParam('cursor', 'not a cursor this service issued');
      out.cursor = cursor;
    }
    return out;
  }

  out.region = required(query, 'region');
  if (!isRegion(out.region)) {
    throw badParam('region', `expected two uppercase letters, got ${JSON.stringify(out.region)}`);
  }
  if (takes('exchange')) {
    const exchange = query.get('exchange') ?? '';
    if (!EXCHANGE_PATTERN.test(exchange)) throw badParam('exchange', 'malformed');
    out.exchange = exchange;
  }
  if (spec.batch) {
    out.codes = parseCodes(required(query, 'codes'));
    if (spec.planLimited && out.codes.length > ctx.plan.maxCodes) {
      throw overPlan(out.codes.length, ctx.plan.name, ctx.plan.maxCodes);
    }
  } else {
    out.code = checkCode('code', required(query, 'code'));
  }
  if (spec.kind === 'klines') {
    out.kType = parseKType(required(query, 'kType'), spec.class);
    out.limit = positiveInt('limit', required(query, 'limit'), MAX_KLINE_LIMIT);
    const et = query.get('et');
    if (et !== null && et !== '') {
      if (!DIGITS_RE.test(et) || !Number.isSafeInteger(Number(et))) {
        throw badParam('et', 'expected a Unix time in milliseconds');
      }
      out.et = Number(et);
    }
  }
  if (spec.kind === 'info') {
    out.type = required(query, 'type');
    if (!TYPE_RE.test(out.type)) throw badParam('type', 'malformed');
  }
  return out;
}
