import { describe, expect, it } from 'vitest';
import type { NewsItem } from '../../shared/model';
import { WEB_LINK_CASES } from '../../shared/testing/web-link-cases';
import { NewsLinks } from './news-links';

const item = (link: string): NewsItem => ({
  id: link,
  title: 't',
  publishedAt: 0,
  market: 'stock',
  language: 'en',
  link,
  provider: 'p',
});

describe('NewsLinks', () => {
  it('allows only remembered http(s) links, compared in canonical form', () => {
    const links = new NewsLinks();
    links.remember([
      item('https://news.example/a?id=1'),
      item('HTTP://News.Example/b'),
      item('file:///etc/passwd'),
      item('javascript:alert(1)'),
      item('https://user:pw@news.example/c'),
    ]);
    expect(links.allows('https://news.example/a?id=1')).toBe(true);
    expect(links.allows('http://news.example/b')).toBe(true);
    expect(links.allows('https://news.example/a?id=2')).toBe(false);
    expect(links.allows('file:///etc/passwd')).toBe(false);
    expect(links.allows('javascript:alert(1)')).toBe(false);
    expect(links.allows('https://user:pw@news.example/c')).toBe(false);
    expect(links.allows('not a url')).toBe(false);
    expect(links.size).toBe(2);
  });

  it.each(WEB_LINK_CASES)('remembers %j only if it is a web link (%s)', (address, verdict) => {
    const links = new NewsLinks();
    links.remember([item(address)]);
    expect(links.allows(address)).toBe(verdict);
    expect(links.size).toBe(verdict ? 1 : 0);
  });

  it('forgets the oldest links beyond its bound', () => {
    const links = new NewsLinks(3);
    links.remember(['a', 'b', 'c', 'd'].map((p) => item(`https://n.example/${p}`)));
    expect(links.size).toBe(3);
    expect(links.allows('https://n.example/a')).toBe(false);
    expect(links.allows('https://n.example/d')).toBe(true);
  });
});
