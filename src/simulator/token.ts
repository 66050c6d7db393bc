/**
 * The simulator's one token rule, for REST's `token` header and the stream's two ways
 * of authenticating: a token is required only when one is configured (`--token`);
 * otherwise any token, or none, is accepted (the demo mode needs no key).
 */

/** Why `sent` is refused when `expected` is configured, or null when it is accepted. */
export function tokenRefusal(
  expected: string | undefined,
  sent: string | readonly string[] | undefined,
): 'missing token header' | 'wrong token' | null {
  if (expected === undefined) return null;
  if (sent === undefined || sent === '') return 'missing token header';
  return sent === expected ? null : 'wrong token';
}
