/**
 * zod 4 schemas of the cold-path wire records, stock info and news (spec section 2, with
 * the quirks the spec and docs/api-gaps.md allow). The hot path (quotes, klines,
 * depth, ticks) is read by the hand-written readers of `read.ts` and
 * `normalise-market.ts`, several times faster than zod on those bodies.
 */
import { z } from 'zod';
import { parseNumeric } from './read';

const NUMBER = 'must be a number';

/** A finite number, or a string spelling one. zod 4's z.number() already rejects NaN/±Infinity. */
export const wireNumber = z
  .union([z.number(), z.string()], { error: NUMBER })
  .transform((v, ctx) => {
    if (typeof v === 'number') return v;
    const n = parseNumeric(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: NUMBER });
      return z.NEVER;
    }
    return n;
  });

/** Text that may be absent or null (→ ''); numbers are accepted as text. */
export const wireText = z
  .union([z.string(), z.number(), z.null()], { error: 'must be a string' })
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** A figure of stock info (mcb, tso, pet): number or string; not a finite number → null. */
export const wireFigure = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string') return parseNumeric(v.replaceAll(',', ''));
    return null;
  });

/** Stock information record (2.7). */
export const wireStockInfoSchema = z.object({
  c: wireText,
  n: wireText,
  t: wireText,
  e: wireText,
  s: wireText,
  i: wireText,
  r: wireText,
  bd: wireText,
  wu: wireText,
  mcb: wireFigure,
  tso: wireFigure,
  pet: wireFigure,
  fcc: wireText,
});

/**
 * News `pt`: documented as a string, sent as a number of seconds; milliseconds seen too.
 * Values below 1e12 are seconds (1e12 ms is September 2001, 1e12 s is far future).
 * An ISO date string is accepted as well. Result: Unix milliseconds.
 */
export const wirePublishTime = z
  .union([z.number(), z.string()], { error: 'must be a Unix time' })
  .transform((v, ctx) => {
    let n: number | null =
      typeof v === 'number' ? (Number.isFinite(v) ? v : null) : parseNumeric(v);
    if (n === null && typeof v === 'string') {
      const parsed = Date.parse(v);
      if (Number.isFinite(parsed)) return parsed;
    }
    if (n === null || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'must be a Unix time' });
      return z.NEVER;
    }
    if (n < 1e12) n *= 1000;
    return Math.round(n);
  });

export const wireNewsItemSchema = z.object({
  id: z.union([z.string().min(1), z.number()], { error: 'must be a news id' }).transform(String),
  te: wireText,
  pt: wirePublishTime,
  mt: wireText,
  lg: wireText,
  lk: wireText,
  pv: wireText,
  /** Instruments it concerns, `CODE.REGION` (guessed; list or comma text). */
  sy: z.union([z.array(z.string()), z.string()]).nullish(),
});

export const wirePaginationSchema = z.object({
  nextCursor: z.string().nullish(),
  hasMore: z.union([z.boolean(), z.literal('true'), z.literal('false')]).nullish(),
  count: wireNumber.nullish(),
});

/** News `data` as a bare array of items (the field list's reading). */
export const wireNewsArraySchema = z.array(wireNewsItemSchema);

/** News `data` nested as `{data, pagination}` (the sample's reading). */
export const wireNewsNestedSchema = z.object({
  data: z.array(wireNewsItemSchema).nullish(),
  pagination: wirePaginationSchema.nullish(),
});
