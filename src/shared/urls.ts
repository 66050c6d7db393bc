/**
 * The one check of a web link from outside the app (a news item's address): what the
 * renderer may show as a link, the Electron shell may hand to `shell.openExternal`,
 * the bridge remembers as a news link and the browser host may give the system
 * browser. Anything else (`javascript:`, `file:`, `data:`, custom schemes, relative
 * paths) is text, never a link.
 *
 * Every rule about an http(s) address builds on {@link parseHttpUrl}, so the rules
 * cannot drift apart: the base URL of the market data service
 * (`shared/model`'s `baseUrlProblem`) is the same parse with stricter terms.
 *
 * White space around a link is the URL parser's business, as it is a browser's: it
 * drops leading and trailing spaces and control characters and tabs or newlines
 * inside, so `" https://a.example/ "` is that address and `"\tjavascript:…"` is
 * still `javascript:`.
 */

/**
 * Longest link accepted, in characters: as long as the bridge's `openExternal` takes;
 * a longer one is no article's address.
 */
export const MAX_WEB_URL_LENGTH = 4096;

/**
 * `text` parsed, when it is an absolute http(s) URL with a host, at most
 * {@link MAX_WEB_URL_LENGTH} characters long; null for anything else. The parse every
 * http(s) rule starts from; it says nothing yet about credentials (see
 * {@link hasCredentials}).
 */
export function parseHttpUrl(text: unknown): URL | null {
  if (typeof text !== 'string' || text.length > MAX_WEB_URL_LENGTH || !URL.canParse(text)) {
    return null;
  }
  const url = new URL(text);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    ? url
    : null;
}

/**
 * True when `url` carries a `user:pass@` part. In a link that is a phishing trick
 * (`https://bank.example@evil.example/`); in a stored address, a password.
 */
export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/**
 * The canonical form (`URL.href`: scheme and host lower-cased, spaces and quotes
 * percent-encoded) of a web link we may open or render, or null when `text` is not
 * one: an http(s) URL ({@link parseHttpUrl}) without credentials.
 */
export function webUrl(text: unknown): string | null {
  const url = parseHttpUrl(text);
  return url === null || hasCredentials(url) ? null : url.href;
}

/** True when `text` is a web link we may open or render (see {@link webUrl}). */
export function isWebUrl(text: unknown): text is string {
  return webUrl(text) !== null;
}

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  // Exactly these names: `x.localhost` or `localhost.` go through DNS on some systems.
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  // The URL parser has already normalised IPv4 forms (127.1, 0x7f.1…) to dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
