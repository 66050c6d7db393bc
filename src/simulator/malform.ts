/**
 * Malformed bodies for fault injection: a few variants a robust client must survive.
 * Each still goes out with HTTP 200 and a JSON content type.
 */

/** How a body is broken. */
export const MALFORM_VARIANTS = ['truncated', 'not-json', 'wrong-type', 'missing-field'] as const;
export type MalformVariant = (typeof MALFORM_VARIANTS)[number];

/** What a proxy in trouble might put where JSON belongs. */
const NOT_JSON = '<html><body><h1>502 Bad Gateway</h1></body></html>';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The first object holding a primitive field, depth first: a record. */
function firstRecord(value: Json): { [key: string]: Json } | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const r = firstRecord(v);
      if (r) return r;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const values = Object.values(value);
  if (values.some((v) => v === null || typeof v !== 'object')) return value;
  for (const v of values) {
    const r = firstRecord(v);
    if (r) return r;
  }
  return null;
}

/** Cuts a JSON text short; any strict prefix of an object's text is invalid JSON. */
function truncate(body: string, r: number): string {
  return body.slice(0, Math.max(1, Math.floor(body.length * (0.2 + 0.6 * r))));
}

/**
 * Breaks `body` (the JSON text of an envelope) as `variant` says; `r` in [0, 1)
 * picks where. Variants that need a record fall back to truncation when the data
 * holds none (null or `{}`).
 */
export function malformBody(body: string, variant: MalformVariant, r: number): string {
  if (variant === 'truncated') return truncate(body, r);
  if (variant === 'not-json') return NOT_JSON;
  const envelope = JSON.parse(body) as { data: Json };
  const record = firstRecord(envelope.data);
  const keys = record ? Object.keys(record) : [];
  if (!record || keys.length === 0) return truncate(body, r);
  const key = keys[Math.floor(r * keys.length)]!;
  if (variant === 'missing-field') {
    delete record[key];
  } else {
    const v = record[key];
    // A number becomes text, anything else a number: the type is always wrong.
    record[key] = typeof v === 'number' ? `${v}x` : 12345;
  }
  return JSON.stringify(envelope);
}
