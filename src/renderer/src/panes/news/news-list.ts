/**
 * The news feed's list arithmetic: live items in front and older pages behind,
 * without duplicate ids, bounded; which links may be links. Pure.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { errorMessage } from '../../../../shared/errors';
import type { NewsItem } from '../../../../shared/model';
import { isWebUrl } from '../../../../shared/urls';

/** Most items the feed keeps. */
export const MAX_ITEMS = 1000;

export { NEWS_LANGS, NEWS_MARKETS } from '../../../../shared/model';

/** A list of news items, newest first. */
type NewsList = readonly NewsItem[];

/** The items of `incoming` whose id neither `items` nor an earlier one of `incoming` has. */
function unseen(items: NewsList, incoming: NewsList): NewsItem[] {
  const known = new Set(items.map((i) => i.id));
  return incoming.filter((i) => !known.has(i.id) && (known.add(i.id), true));
}

/** Live items (newest first) in front of `items`; returns `items` when none is new. */
export function prependNews(items: NewsList, incoming: NewsList, max = MAX_ITEMS): NewsList {
  const fresh = unseen(items, incoming).sort((a, b) => b.publishedAt - a.publishedAt);
  return fresh.length === 0 ? items : fresh.concat(items).slice(0, max);
}

/** An older page behind `items`, without duplicates; returns `items` when none is new. */
export function appendNews(items: NewsList, older: NewsList, max = MAX_ITEMS): NewsList {
  const fresh = unseen(items, older);
  return fresh.length === 0 ? items : items.concat(fresh).slice(0, max);
}

/**
 * The address a news item may be shown linking to, or null when its link must be
 * plain text: only an http(s) URL without `user:pass@` ({@link isWebUrl}). The API's
 * link is untrusted text; checking it where it is rendered means a `javascript:` or
 * `file:` link never becomes an `href` at all (the click handler, the main side's
 * `openExternal` and the CSP each refuse it again).
 */
export function newsLinkHref(item: Pick<NewsItem, 'link'>): string | null {
  return isWebUrl(item.link) ? item.link : null;
}

/**
 * Opens a news item's link in the system browser (the main side opens only the links
 * of news items it has shown). Answers why it could not, or null.
 */
export async function openNewsLink(bridge: MarketdeskBridge, url: string): Promise<string | null> {
  if (!isWebUrl(url)) return null;
  try {
    await bridge.invoke('openExternal', { url });
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
