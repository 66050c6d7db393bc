/**
 * The synthetic news feed. Each (market, lang) stream has one item per slot of a few
 * minutes, published at a hashed instant inside its slot (to the nanosecond), so items
 * appear as the wall clock passes and old items never change. History reaches back
 * `NEWS_HISTORY_SECONDS`; the cursor is the ISO 8601 publish time, nanoseconds included,
 * of the last item of a page, and a page after it holds items strictly older. Every
 * headline is about a catalog instrument of the stream's market (never the status
 * fixtures, which are not real companies).
 */
import type { WireNewsItem, WireNewsResult } from '../../shared/api/wire';
import type { AssetClass } from '../../shared/model';
import type { CatalogEntry } from './catalog';
import { catalogOf } from './catalog';
import { hashString, mix } from './hash';
import { NEWS_TEMPLATES } from './news-templates';

export const NEWS_DEFAULT_LIMIT = 20;
export const NEWS_MAX_LIMIT = 100;
/** How far back the feed reaches (30 days). */
export const NEWS_HISTORY_SECONDS = 30 * 86_400;

/** Seconds between items, per market (one every few minutes). */
const SPACING: Record<string, number> = {
  stock: 180,
  crypto: 240,
  forex: 300,
  future: 360,
  indices: 420,
  fund: 600,
};

interface Stamp {
  sec: number;
  nanos: number;
}

const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{9})Z$/;

function parseCursor(cursor: string): Stamp | null {
  const m = CURSOR_RE.exec(cursor);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 19) !== m[1]) return null;
  return { sec: ms / 1000, nanos: Number(m[2]) };
}

/** True if `cursor` is one this market could have produced (ISO 8601 with nanoseconds). */
export function isNewsCursor(cursor: string): boolean {
  return parseCursor(cursor) !== null;
}

function formatCursor({ sec, nanos }: Stamp): string {
  return `${new Date(sec * 1000).toISOString().slice(0, 19)}.${String(nanos).padStart(9, '0')}Z`;
}

const before = (a: Stamp, b: Stamp) => a.sec < b.sec || (a.sec === b.sec && a.nanos < b.nanos);

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(8, '0').slice(0, width);

function uuid(stream: number, j: number): string {
  const a = mix(stream, j, 0x1d1);
  const b = mix(stream, j, 0x1d2);
  const c = mix(stream, j, 0x1d3);
  const d = mix(stream, j, 0x1d4);
  const version = `4${hex(b, 8).slice(5, 8)}`;
  const variant = `${'89ab'[c & 3]}${hex(c, 8).slice(5, 8)}`;
  return `${hex(a, 8)}-${hex(b, 4)}-${version}-${variant}-${hex(d, 8)}${hex(mix(d, j), 4)}`;
}

const MARKET_CLASS: Record<string, AssetClass> = {
  stock: 'stock',
  crypto: 'crypto',
  forex: 'forex',
  future: 'future',
  indices: 'indices',
  fund: 'fund',
};

/** An instrument's name in a news language. */
function nameIn(k: CatalogEntry, lang: string): string {
  if (lang === 'hk') return k.nameHk ?? k.nameZh ?? k.name;
  if (lang === 'zh') return k.nameZh ?? k.name;
  return k.name;
}

/** One (market, lang) stream of items. */
export class NewsStream {
  readonly #seed: number;
  readonly #spacing: number;
  readonly #subjects: string[];

  constructor(
    seed: number,
    private readonly market: string,
    private readonly lang: string,
  ) {
    this.#seed = mix(seed, hashString(`news|${market}|${lang}`));
    this.#spacing = SPACING[market] ?? 300;
    const cls = MARKET_CLASS[market] ?? 'stock';
    const listed = catalogOf(cls).filter((k) => k.status === 0);
    // A Chinese feed writes about the instruments that have a Chinese name.
    const chinese = lang === 'hk' || lang === 'zh';
    const named = chinese ? listed.filter((k) => k.nameZh !== undefined) : listed;
    const names = [...new Set((named.length > 0 ? named : listed).map((k) => nameIn(k, lang)))];
    this.#subjects = names.length > 0 ? names : ['Markets'];
  }

  #stamp(j: number): Stamp {
    return {
      sec: j * this.#spacing + (mix(this.#seed, j, 1) % this.#spacing),
      nanos: mix(this.#seed, j, 2) % 1_000_000_000,
    };
  }

  /** Largest slot published strictly before `limit`. */
  #lastBefore(limit: Stamp): number {
    const j = Math.floor(limit.sec / this.#spacing);
    return before(this.#stamp(j), limit) ? j : j - 1;
  }

  #item(j: number): WireNewsItem {
    const t = NEWS_TEMPLATES[this.lang] ?? NEWS_TEMPLATES.en!;
    const h = mix(this.#seed, j, 3);
    const name = this.#subjects[h % this.#subjects.length]!;
    const topic = t.topics[mix(h, 1) % t.topics.length]!;
    const pct = ((mix(h, 2) % 500) + 10) / 100;
    const title = t.titles[mix(h, 3) % t.titles.length]!.replace('{n}', name)
      .replace('{p}', pct.toFixed(2))
      .replace('{topic}', topic);
    const id = uuid(this.#seed, j);
    return {
      id,
      te: title,
      pt: this.#stamp(j).sec,
      mt: this.market,
      lg: this.lang,
      lk: `https://news.example.com/${this.lang}/${this.market}/${id}`,
      pv: t.providers[mix(h, 4) % t.providers.length]!,
    };
  }

  /** A page of items, newest first, published at or before `now` and before `cursor`. */
  page(now: number, limit: number, cursor?: string): WireNewsResult {
    const n =
      Number.isFinite(limit) && limit >= 1
        ? Math.min(Math.floor(limit), NEWS_MAX_LIMIT)
        : NEWS_DEFAULT_LIMIT;
    const nowStamp: Stamp = { sec: Math.floor(now / 1000), nanos: (now % 1000) * 1_000_000 + 1 };
    let top = this.#lastBefore(nowStamp);
    const parsed = cursor ? parseCursor(cursor) : null;
    if (parsed) top = Math.min(top, this.#lastBefore(parsed));
    const oldest = Math.floor((nowStamp.sec - NEWS_HISTORY_SECONDS) / this.#spacing) + 1;
    const data: WireNewsItem[] = [];
    let j = top;
    for (; j >= oldest && data.length < n; j--) data.push(this.#item(j));
    const last = j + 1;
    return {
      data,
      pagination: {
        nextCursor: data.length > 0 ? formatCursor(this.#stamp(last)) : '',
        hasMore: data.length > 0 && j >= oldest,
        count: data.length,
      },
    };
  }
}
