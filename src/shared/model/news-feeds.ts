/**
 * The news feeds there are: the `market` and `lang` values `/news` takes. The API's
 * documentation shows one sample of each (`stock`, `hk`) and lists no others
 * (docs/api-gaps.md); these are the values the real service answers, and the only ones
 * the news pane offers, the command line documents and the simulator serves.
 */
import type { AssetClass } from './market';

/** News `market` values: one per asset class, in the news pane's order. */
export const NEWS_MARKETS = [
  'stock',
  'forex',
  'indices',
  'crypto',
  'future',
  'fund',
] as const satisfies readonly AssetClass[];

export type NewsMarket = (typeof NEWS_MARKETS)[number];

/** News `lang` values: the id the service takes, its own name, and its name in English. */
export const NEWS_LANGS = [
  { id: 'en', label: 'English', english: 'English' },
  { id: 'zh', label: '简体中文', english: 'Simplified Chinese' },
  { id: 'hk', label: '繁體中文', english: 'Traditional Chinese' },
] as const;

export type NewsLang = (typeof NEWS_LANGS)[number]['id'];

/** True when `market` is a news market. */
export function isNewsMarket(market: string): market is NewsMarket {
  return (NEWS_MARKETS as readonly string[]).includes(market);
}

/** True when `lang` is a news language. */
export function isNewsLang(lang: string): lang is NewsLang {
  return NEWS_LANGS.some((l) => l.id === lang);
}

/** "a, b or c": a list as a sentence ends it. */
function either(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** "stock, forex, indices, crypto, future or fund". */
export const NEWS_MARKETS_TEXT = either(NEWS_MARKETS);

/** "en, zh (Simplified Chinese) or hk (Traditional Chinese)". */
export const NEWS_LANGS_TEXT = either(
  NEWS_LANGS.map((l) => (l.id === 'en' ? l.id : `${l.id} (${l.english})`)),
);
