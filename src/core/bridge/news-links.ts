/**
 * The links `openExternal` may open: only http(s) addresses of news items the
 * services have delivered to a renderer. A compromised or buggy renderer can
 * therefore not make the shell open an arbitrary URL (or a `file:`/custom scheme).
 */
import type { NewsItem } from '../../shared/model';

/** Default number of links remembered; the oldest are forgotten first. */
export const DEFAULT_MAX_LINKS = 5000;

export class NewsLinks {
  // A Map keeps insertion order, which makes it a cheap bounded FIFO.
  readonly #links = new Map<string, true>();
  readonly #max: number;

  constructor(max = DEFAULT_MAX_LINKS) {
    this.#max = max;
  }

  /** Remembers the http(s) links of `items`. */
  remember(items: readonly NewsItem[]): void {
    for (const item of items) {
      const url = normalise(item.link);
      if (url === null) continue;
      this.#links.delete(url);
      this.#links.set(url, true);
      if (this.#links.size > this.#max) {
        const oldest = this.#links.keys().next().value;
        if (oldest !== undefined) this.#links.delete(oldest);
      }
    }
  }

  /** True when `url` is an http(s) link of a delivered news item. */
  allows(url: string): boolean {
    const normal = normalise(url);
    return normal !== null && this.#links.has(normal);
  }

  get size(): number {
    return this.#links.size;
  }
}

/** The canonical form of an http(s) URL; null for anything else. */
function normalise(text: string): string | null {
  if (typeof text !== 'string' || text.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in a link are a phishing trick, never a news article.
  if (url.username || url.password) return null;
  return url.href;
}
