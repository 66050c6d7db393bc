/**
 * The WebSocket address of a class's stream: the REST base URL's host with `ws`/`wss`
 * (`https://api.itick.org` → `wss://api.itick.org/stock`), any path of the base kept in
 * front of the endpoint's; an endpoint given as a whole `ws(s)://` URL is used as it is
 * (some of the service's examples stream from another host).
 */

/** The stream address; throws TypeError when the base or the path is not a usable URL. */
export function streamUrl(baseUrl: string, path: string): string {
  if (/^wss?:\/\//i.test(path)) return new URL(path).toString();
  const base = new URL(baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new TypeError(`a stream needs an http(s) base URL, got ${base.protocol}`);
  }
  const url = new URL(base.origin);
  url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const prefix = base.pathname.replace(/\/+$/, '');
  url.pathname = `${prefix}/${path.replace(/^\/+/, '')}`;
  return url.toString();
}
