/**
 * Which news items are about an instrument. A news item's detail (the service's
 * `/news/{id}`) names the instruments it concerns; where that detail is cached it
 * decides. Otherwise the headline does: the instrument's name (or its name without a
 * legal suffix: "Apple" for "Apple Inc.") or its code as a word of its own. Only items
 * of the instrument's own news market are looked at (the `stock` feed for a stock).
 * Pure.
 */
import type { AssetClass, NewsItem } from '../../shared/model';

/** What an instrument is called, for matching headlines. */
export interface MatchTarget {
  class: AssetClass;
  region: string;
  code: string;
  /** Its names (English, and any other language the feeds are read in); '' ignored. */
  names: readonly string[];
}

/** The instruments a news item's detail names, as `REGION:CODE` keys (canonical). */
export type NamedInstruments = ReadonlySet<string>;

/** `US:AAPL`: how a detail's instrument is keyed. */
export const namedKey = (region: string, code: string): string =>
  `${region.toUpperCase()}:${code.toUpperCase()}`;

/** Legal forms dropped from a company's name to find its short name in a headline. */
const LEGAL_SUFFIX =
  /[\s,]+(inc\.?|incorporated|corp\.?|corporation|co\.?,? ltd\.?|company|ltd\.?|limited|plc|group|holdings?|s\.?a\.?|n\.?v\.?|ag|se|tbk|\(persero\)|joint stock company)$/i;

/** The shortest form of a name still worth matching: at least 3 letters. */
function shortName(name: string): string {
  let short = name.trim();
  for (let i = 0; i < 4; i++) {
    const next = short.replace(LEGAL_SUFFIX, '').trim();
    if (next === short) break;
    short = next;
  }
  return short.length >= 3 ? short : name.trim();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Letters of scripts written with spaces between words (a word boundary means something). */
const SPACED = /[A-Za-z0-9\u00C0-\u024F]/;

/** A pattern matching `phrase` as whole words (a CJK name matches anywhere). */
function phrase(text: string, caseSensitive: boolean): RegExp {
  const first = text[0] ?? '';
  const last = text.at(-1) ?? '';
  const lead = SPACED.test(first) ? '(?<![A-Za-z0-9\\u00C0-\\u024F])' : '';
  const tail = SPACED.test(last) ? '(?![A-Za-z0-9\\u00C0-\\u024F])' : '';
  return new RegExp(`${lead}${escape(text)}${tail}`, caseSensitive ? 'u' : 'iu');
}

/**
 * A code is matched as a word only when it could not be an ordinary word or number: two
 * or more characters with a capital letter ("AAPL", "BTCUSDT"), matched in capitals.
 * A number code ("700", "600028") never is: headlines are full of numbers.
 */
function codePattern(code: string): RegExp | null {
  if (code.length < 2 || !/[A-Z]/.test(code)) return null;
  return phrase(code, true);
}

/** A matcher for one instrument: built once, run over every cached headline. */
export interface NewsMatcher {
  /** Whether `item` (with its detail's instruments, when cached) is about the instrument. */
  matches(item: Pick<NewsItem, 'title' | 'market'>, named?: NamedInstruments | null): boolean;
}

/** Builds the matcher of `target`. */
export function newsMatcher(target: MatchTarget): NewsMatcher {
  const key = namedKey(target.region, target.code);
  const patterns: RegExp[] = [];
  const seen = new Set<string>();
  for (const name of target.names) {
    for (const form of [name.trim(), shortName(name)]) {
      if (form.length < 2 || seen.has(form.toLowerCase())) continue;
      seen.add(form.toLowerCase());
      patterns.push(phrase(form, false));
    }
  }
  const code = codePattern(target.code);
  if (code) patterns.push(code);
  return {
    matches(item, named) {
      if (item.market !== target.class) return false;
      if (named && named.size > 0) return named.has(key);
      return patterns.some((p) => p.test(item.title));
    },
  };
}
