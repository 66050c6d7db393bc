/**
 * Normalisers for the cold-path records, validated with the zod schemas: stock
 * information (2.7) and news pages (2.8).
 */
import type { z } from 'zod';
import type { InstrumentRef, NewsItem, NewsPage, StockInfo } from '../../shared/model';
import { RecordIssue } from './read';
import { describeValue } from './errors';
import { wireNewsArraySchema, wireNewsNestedSchema, wireStockInfoSchema } from './schemas';

/** `a[2].v` from a zod path. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path)
    out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** The first zod issue as a RecordIssue, in the client's own wording. */
function toIssue(error: z.ZodError, input: unknown): RecordIssue {
  const issue = error.issues[0];
  if (issue === undefined) return new RecordIssue('(record)', 'is invalid');
  return new RecordIssue(
    formatPath(issue.path) || '(record)',
    `${issue.message}, got ${describeValue(valueAt(input, issue.path))}`,
  );
}

/** Stock information. An empty `c` takes the requested code. */
export function readStockInfo(value: unknown, code: string): StockInfo {
  const r = wireStockInfoSchema.safeParse(value);
  if (!r.success) throw toIssue(r.error, value);
  const w = r.data;
  return {
    code: w.c || code,
    name: w.n,
    type: w.t,
    exchange: w.e,
    sector: w.s,
    industry: w.i,
    country: w.r,
    description: w.bd,
    website: w.wu,
    marketCap: w.mcb,
    sharesOutstanding: w.tso,
    peRatio: w.pet,
    currency: w.fcc,
  };
}

/**
 * A news page. Without pagination (bare array), there is no cursor and no more pages
 * known; `count` falls back to the number of items.
 */
export function readNewsPage(value: unknown): NewsPage {
  // The shape picks the schema (rather than a z.union) so an error names the real field.
  const r = Array.isArray(value)
    ? wireNewsArraySchema.safeParse(value)
    : wireNewsNestedSchema.safeParse(value);
  if (!r.success) throw toIssue(r.error, value);
  const d = r.data;
  const wireItems = Array.isArray(d) ? d : (d.data ?? []);
  const items: NewsItem[] = wireItems.map((w) => {
    const item: NewsItem = {
      id: w.id,
      title: w.te,
      publishedAt: w.pt,
      market: w.mt,
      language: w.lg,
      link: w.lk,
      provider: w.pv,
    };
    // A list item names its instruments only when the record carries `sy` (guessed field).
    if (w.sy !== undefined && w.sy !== null) {
      const texts = typeof w.sy === 'string' ? w.sy.split(',') : w.sy;
      item.instruments = texts
        .map(parseInstrumentRef)
        .filter((r): r is InstrumentRef => r !== null);
    }
    return item;
  });
  const p = Array.isArray(d) ? null : (d.pagination ?? null);
  return {
    items,
    nextCursor: p?.nextCursor || null,
    hasMore: p?.hasMore === true || p?.hasMore === 'true',
    count: p?.count ?? items.length,
  };
}

/**
 * `NVDA.US` → { code: NVDA, region: US }: the region is the two letters after the last
 * dot (codes may hold dots: `BRK.B.US`). Null for anything else.
 */
export function parseInstrumentRef(text: string): InstrumentRef | null {
  const t = text.trim();
  const dot = t.lastIndexOf('.');
  if (dot <= 0 || dot === t.length - 1) return null;
  const region = t.slice(dot + 1).toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return null;
  return { code: t.slice(0, dot).toUpperCase(), region };
}
