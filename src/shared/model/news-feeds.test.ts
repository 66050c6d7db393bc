import { describe, expect, it } from 'vitest';
import { ASSET_CLASSES } from './market';
import {
  NEWS_LANGS,
  NEWS_LANGS_TEXT,
  NEWS_MARKETS,
  NEWS_MARKETS_TEXT,
  isNewsLang,
  isNewsMarket,
} from './news-feeds';

describe('news feeds', () => {
  it('has one market per asset class', () => {
    expect([...NEWS_MARKETS].sort()).toEqual([...ASSET_CLASSES].sort());
    expect(isNewsMarket('crypto')).toBe(true);
    expect(isNewsMarket('bond')).toBe(false);
  });

  it('has the three languages the service answers in', () => {
    expect(NEWS_LANGS.map((l) => l.id)).toEqual(['en', 'zh', 'hk']);
    expect(isNewsLang('hk')).toBe(true);
    expect(isNewsLang('english')).toBe(false);
  });

  it('says them as the command line’s help does', () => {
    expect(NEWS_MARKETS_TEXT).toBe('stock, forex, indices, crypto, future or fund');
    expect(NEWS_LANGS_TEXT).toBe('en, zh (Simplified Chinese) or hk (Traditional Chinese)');
  });
});
