/**
 * Checks that a value survives JSON unchanged: plain objects, arrays, strings,
 * finite numbers, booleans and null, without cycles. `JSON.stringify` alone would
 * quietly turn `NaN` into null, drop `undefined` and functions, and flatten a Map to
 * `{}` — a saved workspace must come back as it was given.
 */

/** Deeper than this is not a workspace but a mistake (and would risk the stack). */
export const MAX_JSON_DEPTH = 64;

/** The path (`data.layouts[2].name`) and reason of the first value JSON cannot carry, or null. */
export function findNonJson(value: unknown, where = 'value'): string | null {
  return check(value, where, 0, new Set());
}

function check(value: unknown, where: string, depth: number, seen: Set<object>): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : `${where} is ${value} (not a finite number)`;
  if (typeof value !== 'object') return `${where} is a ${typeof value}`;
  if (depth >= MAX_JSON_DEPTH) return `${where} is nested more than ${MAX_JSON_DEPTH} levels deep`;
  if (seen.has(value)) return `${where} refers back to itself (a cycle)`;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = check(value[i], `${where}[${i}]`, depth + 1, seen);
        if (problem) return problem;
      }
      return null;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      return `${where} is a ${value.constructor?.name ?? 'class instance'}, not a plain object`;
    for (const [key, child] of Object.entries(value)) {
      const problem = check(child, `${where}.${key}`, depth + 1, seen);
      if (problem) return problem;
    }
    return null;
  } finally {
    // Only ancestors count: the same object twice in siblings is fine for JSON.
    seen.delete(value);
  }
}
