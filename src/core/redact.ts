/**
 * The one way a secret (the API token) is blanked out of text, for every path out of
 * the process: bridge answers and events, the status, logs, notices and the command
 * line. One mask, so a user or a log reader recognises it wherever it appears.
 */

/** What a secret is replaced with, everywhere. */
export const REDACTED = '[redacted]';

/** Blanks secrets out of a text; built by whoever knows the secrets. */
export type Redactor = (text: string) => string;

/**
 * Characters that continue a word around a secret. A match touching one of them on a
 * side where the secret itself ends in one is part of a longer word, not the secret:
 * the one-letter token "T" must not turn "The market…" into "[redacted]he market…".
 */
const WORD_CHAR = /[A-Za-z0-9_-]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * From this length a secret is blanked wherever it appears, even inside a longer word
 * (`token%3Dabc…`, `keyabc…`): a random string this long does not occur in ordinary text
 * by chance, so there is nothing to garble, and a glued echo would otherwise pass. Real
 * API tokens are much longer; only short ones need the whole-value rule.
 */
export const REDACT_ANYWHERE_LENGTH = 16;

/**
 * The pattern of one secret. A short one only as a whole value: each edge that is a
 * word character must meet a non-word character (or the end of the text); an edge that
 * is punctuation (`ab==`) bounds itself.
 */
function secretPattern(secret: string): string {
  if (secret.length >= REDACT_ANYWHERE_LENGTH) return escapeRegExp(secret);
  const before = WORD_CHAR.test(secret[0]!) ? '(?<![A-Za-z0-9_-])' : '';
  const after = WORD_CHAR.test(secret[secret.length - 1]!) ? '(?![A-Za-z0-9_-])' : '';
  return `${before}${escapeRegExp(secret)}${after}`;
}

/**
 * Replaces each secret in `text` with {@link REDACTED}: a short secret where it stands
 * as a whole value, a long one ({@link REDACT_ANYWHERE_LENGTH}) wherever it appears.
 * Longer secrets go first, so one that contains another is blanked as a whole.
 * Case-sensitive, as tokens are. Empty and missing secrets are skipped.
 */
export function redactSecrets(text: string, secrets: Iterable<string | null | undefined>): string {
  const list = [...new Set([...secrets].filter((s): s is string => !!s))];
  if (list.length === 0 || text === '') return text;
  list.sort((a, b) => b.length - a.length);
  // Cheap pre-check: most texts hold no secret at all, and need no regular expression.
  if (!list.some((secret) => text.includes(secret))) return text;
  const pattern = new RegExp(list.map(secretPattern).join('|'), 'g');
  return text.replace(pattern, REDACTED);
}

/** A {@link Redactor} over a fixed or changing set of secrets (read at each call). */
export function secretRedactor(secrets: () => Iterable<string | null | undefined>): Redactor {
  return (text) => redactSecrets(text, secrets());
}
