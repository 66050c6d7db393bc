/**
 * The one check of a web link from outside the app (a news item's address): what the
 * renderer may show as a link and the shell may hand to the system browser. Anything
 * else (`javascript:`, `file:`, `data:`, custom schemes) is text, never a link.
 */

/**
 * Longest link accepted, in characters: as long as the bridge's `openExternal` takes;
 * a longer one is no article's address.
 */
export const MAX_WEB_URL_LENGTH = 4096;

/**
 * True when `text` is an absolute http(s) URL with a host and no `user:pass@` part
 * (credentials in a link are a phishing trick: `https://bank.example@evil.example/`),
 * at most {@link MAX_WEB_URL_LENGTH} characters long.
 */
export function isWebUrl(text: unknown): text is string {
  if (typeof text !== 'string' || text.length > MAX_WEB_URL_LENGTH || !URL.canParse(text)) {
    return false;
  }
  const url = new URL(text);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}
