import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../../shared/model';
import { WEB_LINK_CASES } from '../../../../shared/testing/web-link-cases';
import { appendNews, newsLinkHref, prependNews } from './news-list';

const item = (id: string, publishedAt: number): NewsItem => ({
  id,
  title: id,
  publishedAt,
  market: 'stock',
  language: 'en',
  link: `https://example.com/${id}`,
  provider: 'p',
});

describe('news list', () => {
  it('prepends live items newest first without duplicates', () => {
    const items = [item('b', 2), item('a', 1)];
    const out = prependNews(items, [item('c', 3), item('b', 2), item('d', 4), item('d', 4)]);
    expect(out.map((i) => i.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(prependNews(items, [item('a', 1)])).toBe(items);
  });
  it('appends older pages without duplicates and bounds the list', () => {
    const out = appendNews([item('b', 2)], [item('b', 2), item('a', 1)]);
    expect(out.map((i) => i.id)).toEqual(['b', 'a']);
    expect(appendNews([item('c', 3)], [item('b', 2), item('a', 1)], 2)).toHaveLength(2);
  });
});

describe('news links', () => {
  const linked = (link: string) => newsLinkHref({ ...item('x', 1), link });

  it('links http(s) articles as the API gave them', () => {
    expect(linked('https://example.com/x?id=1#top')).toBe('https://example.com/x?id=1#top');
    expect(linked('http://news.example/a')).toBe('http://news.example/a');
  });

  it.each(WEB_LINK_CASES)('links %j only if it is a web link (%s)', (link, ok) => {
    expect(linked(link)).toBe(ok ? link : null);
  });
});
