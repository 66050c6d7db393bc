/**
 * The one way a secret (the API token) is blanked out of text, for every path out of
 * the process: bridge answers and events, the status, logs, notices and the command
 * line. One mask, so a user or a log reader recognises it wherever it appears.
 *
 * A service that echoes the token does not always echo it as sent: it may URL-encode it
 * into a query it repeats, JSON-escape it, base64 or hex it, or cut it short ("…starts
 * with abc123…"). Each of those forms, and any prefix of 8 or more characters of one,
 * is blanked too, so no encoding and no truncation lets a usable part of it out.
 */

/** What a secret is replaced with, everywhere. */
export const REDACTED = '[redacted]';

/** Blanks secrets out of a text; built by whoever knows the secrets. */
export type Redactor = (text: string) => string;

/**
 * From this length a secret's form — and any prefix of it this long — is blanked
 * wherever it appears, even inside a longer word (`token%3Dabc…`, `keyabc…`, a body cut
 * after 30 characters): eight characters of a random token do not occur in ordinary
 * text by chance, so there is nothing to garble, and a glued or truncated echo would
 * otherwise pass. Only shorter secrets need the whole-value rule below.
 */
export const REDACT_PREFIX_LENGTH = 8;

/**
 * Characters that continue a word around a short secret. A match touching one of them
 * on a side where the secret itself ends in one is part of a longer word, not the
 * secret: the one-letter token "T" must not turn "The market…" into "[redacted]he…".
 */
const WORD_CHAR = /[A-Za-z0-9_-]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * The forms a service may echo a secret in: as it is, URL-encoded (either case of hex
 * digits, `%20` or form-style), JSON-escaped, base64 (standard and URL-safe, at each of
 * the three byte alignments it can have inside a longer encoded text) and hex.
 */
export function encodedForms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const url = encodeURIComponent(secret);
  const forms = [
    secret,
    url,
    url.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    new URLSearchParams({ t: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    hex(bytes),
    hex(bytes).toUpperCase(),
  ];
  // Inside a longer base64 text the secret starts at byte 0, 1 or 2 of a 3-byte group:
  // each alignment encodes it differently. Past the first group (which mixes in the
  // bytes before it) each is a plain base64 string of the secret's later bytes.
  for (const lead of [0, 1, 2]) {
    const padded = new Uint8Array(lead + bytes.length);
    padded.set(bytes, lead);
    const b64 = base64(padded)
      .replace(/=+$/, '')
      .slice(lead === 0 ? 0 : 4);
    forms.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(forms.filter((f) => f !== ''))];
}

/** Where a long form, or a prefix of it of {@link REDACT_PREFIX_LENGTH} or more, stands. */
function prefixRanges(text: string, form: string, out: [number, number][]): void {
  const head = form.slice(0, REDACT_PREFIX_LENGTH);
  for (let at = text.indexOf(head); at >= 0;) {
    let end = at + head.length;
    while (end < text.length && end - at < form.length && text[end] === form[end - at]) end++;
    out.push([at, end]);
    at = text.indexOf(head, end);
  }
}

/**
 * Where a short secret stands as a whole value: each edge that is a word character must
 * meet a non-word character (or the end of the text); an edge that is punctuation
 * (`ab==`) bounds itself.
 */
function wholeRanges(text: string, secret: string, out: [number, number][]): void {
  if (!text.includes(secret)) return;
  const before = WORD_CHAR.test(secret[0]!) ? '(?<![A-Za-z0-9_-])' : '';
  const after = WORD_CHAR.test(secret[secret.length - 1]!) ? '(?![A-Za-z0-9_-])' : '';
  for (const m of text.matchAll(new RegExp(`${before}${escapeRegExp(secret)}${after}`, 'g'))) {
    out.push([m.index, m.index + secret.length]);
  }
}

/**
 * Replaces each secret in `text` with {@link REDACTED}: every encoded form of it (see
 * {@link encodedForms}) and any prefix of 8 or more characters of one, wherever they
 * appear; a secret shorter than that only where it stands as a whole value. Overlapping
 * matches become one mask. Case-sensitive, as tokens are. Empty and missing secrets are
 * skipped.
 */
export function redactSecrets(text: string, secrets: Iterable<string | null | undefined>): string {
  if (text === '') return text;
  const ranges: [number, number][] = [];
  for (const secret of new Set(secrets)) {
    if (!secret) continue;
    for (const form of formsOf(secret)) {
      if (form.length >= REDACT_PREFIX_LENGTH) prefixRanges(text, form, ranges);
      // A short secret's encoded forms are too short to tell from ordinary text (the hex
      // of "T" is "54"); only its literal and URL-encoded forms are sought, as values.
      else if (form === secret || form === encodeURIComponent(secret)) {
        wholeRanges(text, form, ranges);
      }
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let pos = 0;
  for (let i = 0; i < ranges.length;) {
    const start = ranges[i]![0];
    let end = ranges[i++]![1];
    while (i < ranges.length && ranges[i]![0] <= end) end = Math.max(end, ranges[i++]![1]);
    out += text.slice(pos, start) + REDACTED;
    pos = end;
  }
  return out + text.slice(pos);
}

/** The forms of the few secrets in use, computed once each (a token is redacted often). */
const FORMS = new Map<string, string[]>();
function formsOf(secret: string): string[] {
  let forms = FORMS.get(secret);
  if (!forms) {
    if (FORMS.size >= 32) FORMS.clear();
    FORMS.set(secret, (forms = encodedForms(secret)));
  }
  return forms;
}

/** A {@link Redactor} over a fixed or changing set of secrets (read at each call). */
export function secretRedactor(secrets: () => Iterable<string | null | undefined>): Redactor {
  return (text) => redactSecrets(text, secrets());
}
