import { describe, expect, it } from 'vitest';
import { ASSET_CLASSES } from './market';
import * as news from './news-feeds';

describe('news feeds', () => {
  it('has one market per asset class', () => {
    expect([...news.NEWS_MARKETS].sort()).toEqual([...ASSET_CLASSES].sort());
    expect(news.isNewsMarket('crypto')).toBe(true);
    expect(news.isNewsMarket('bond')).toBe(false);
  });

  it('has the three languages the service answers in', () => {
    expect(news.NEWS_LANGS.map((l) => l.id)).toEqual(['en', 'zh', 'hk']);
    expect(news.isNewsLang('hk')).toBe(true);
    expect(news.isNewsLang('english')).toBe(false);
  });

  it('says them as the command line’s help does', () => {
    expect(news.NEWS_MARKETS_TEXT).toBe('stock, forex, indices, crypto, future or fund');
    expect(news.NEWS_LANGS_TEXT).toBe('en, zh (Simplified Chinese) or hk (Traditional Chinese)');
  });
});
