/**
 * Guards for reading JSON the app saved, by this version or another, or that was
 * damaged on disk: what a field must be before the workspace trusts it.
 */

export type Obj = Record<string, unknown>;

/** A plain object (not null, not an array). */
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string of at most `max` characters. */
export const isStr = (v: unknown, max = 200): v is string =>
  typeof v === 'string' && v.length <= max;
