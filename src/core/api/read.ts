/**
 * Hand-written readers for wire fields, used on the hot path (quotes, depth, klines,
 * ticks): measured faster than the equivalent zod schemas (bench/client.bench.ts).
 * They accept what the spec and the real service allow (numbers, or numeric strings)
 * and reject everything else, NaN and Infinity included. A failure throws a
 * `RecordIssue`, which the caller turns into a schema ApiError naming op, code, field.
 */
import { describeValue } from './errors';

/** A field of one record that cannot be read. Internal: never escapes the client. */
export class RecordIssue {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {}
}

export type WireRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number a numeric string spells, or null: "", "-", "N/A", "1e999" are not numbers. */
export function parseNumeric(text: string): number | null {
  const t = text.trim();
  if (!NUMERIC.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Where a field sits, for messages: `ld`, or `a[2].v` for field `v` of item 2 of list `a`. */
export function fieldPath(field: string, index: number, list: string): string {
  return index < 0 ? field : `${list}[${index}].${field}`;
}

/**
 * A finite number from a number or numeric string; anything else is an issue. Callers
 * pass the field's value (a named property load at the call site, which V8 keeps
 * monomorphic) and its name; the path string is built only on failure.
 */
export function num(v: unknown, field: string, index = -1, list = ''): number {
  if (typeof v === 'number') {
    // `v - v === 0` is false exactly for NaN and ±Infinity (JSON's 1e999 parses to Infinity).
    if (v - v === 0) return v;
  } else if (typeof v === 'string') {
    const n = parseNumeric(v);
    if (n !== null) return n;
  }
  throw new RecordIssue(fieldPath(field, index, list), `must be a number, got ${describeValue(v)}`);
}

/** Like `num`, but absent or null gives null. */
export function optNum(v: unknown, field: string, index = -1, list = ''): number | null {
  return v === undefined || v === null ? null : num(v, field, index, list);
}

/** A non-empty string, or `fallback` when absent, null or empty. Numbers are accepted as text. */
export function text(v: unknown, field: string, fallback: string): string {
  if (typeof v === 'string') return v === '' ? fallback : v;
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new RecordIssue(field, `must be a string, got ${describeValue(v)}`);
}

/** The record itself (item `index` of `list`, or the whole record), or an issue when not an object. */
export function asRecord(value: unknown, index = -1, list = ''): WireRecord {
  if (isRecord(value)) return value;
  const path = index < 0 ? '(record)' : `${list}[${index}]`;
  throw new RecordIssue(path, `must be an object, got ${describeValue(value)}`);
}
