/**
 * The links `openExternal` may open: only http(s) addresses of news items the
 * services have delivered to a renderer. A compromised or buggy renderer can
 * therefore not make the shell open an arbitrary URL (or a `file:`/custom scheme).
 */
import type { NewsItem } from '../../shared/model';
import { webUrl } from '../../shared/urls';

/** Default number of links remembered; the oldest are forgotten first. */
export const DEFAULT_MAX_LINKS = 5000;

export class NewsLinks {
  // A Map keeps insertion order, which makes it a cheap bounded FIFO.
  readonly #links = new Map<string, true>();
  readonly #max: number;

  constructor(max = DEFAULT_MAX_LINKS) {
    this.#max = max;
  }

  /** Remembers the web links of `items` (shared/urls' `webUrl`), in canonical form. */
  remember(items: readonly NewsItem[]): void {
    for (const item of items) {
      const url = webUrl(item.link);
      if (url === null) continue;
      this.#links.delete(url);
      this.#links.set(url, true);
      if (this.#links.size > this.#max) {
        const oldest = this.#links.keys().next().value;
        if (oldest !== undefined) this.#links.delete(oldest);
      }
    }
  }

  /** True when `url` is, in canonical form, the web link of a delivered news item. */
  allows(url: string): boolean {
    const normal = webUrl(url);
    return normal !== null && this.#links.has(normal);
  }

  get size(): number {
    return this.#links.size;
  }
}
