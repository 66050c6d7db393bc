/**
 * The demo instrument a news headline is about: the catalog's stock whose name the
 * headline carries (the simulator writes one instrument's name into each headline).
 * The longest name wins, so "Apple Inc." is not taken for a shorter name inside it.
 */
import { CATALOG } from '../../src/simulator';

export interface NewsSubject {
  code: string;
  region: string;
  name: string;
}

export function newsSubject(headline: string): NewsSubject | null {
  let best: NewsSubject | null = null;
  for (const e of CATALOG) {
    if (e.class !== 'stock' || !e.name || !headline.includes(e.name)) continue;
    if (!best || e.name.length > best.name.length)
      best = { code: e.code, region: e.region, name: e.name };
  }
  return best;
}
