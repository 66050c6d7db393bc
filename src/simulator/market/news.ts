/**
 * The synthetic news feed. Each (market, lang) stream has one item per slot of a few
 * minutes, published at a hashed instant inside its slot (to the nanosecond), so items
 * appear as the wall clock passes and old items never change. History reaches back
 * `NEWS_HISTORY_SECONDS`; the cursor is the ISO 8601 publish time, nanoseconds included,
 * of the last item of a page, and a page after it holds items strictly older. Every
 * headline is about a catalog instrument of the stream's market (never the status
 * fixtures, which are not real companies).
 */
import type { WireNewsDetail, WireNewsItem, WireNewsResult } from '../../shared/api/wire';
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
  /** The instruments written about, each with its name in the stream's language. */
  readonly #subjects: Array<{ name: string; entry: CatalogEntry | null }>;
  /** Ids of items served lately → their slot, so a detail is found without a scan. */
  readonly #served = new Map<string, number>();

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
    const seen = new Set<string>();
    this.#subjects = [];
    for (const k of named.length > 0 ? named : listed) {
      const name = nameIn(k, lang);
      if (seen.has(name)) continue;
      seen.add(name);
      this.#subjects.push({ name, entry: k });
    }
    if (this.#subjects.length === 0) this.#subjects.push({ name: 'Markets', entry: null });
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

  /** Slot `j`'s item with its detail; the list shows all but the article, tags and markets. */
  #detail(j: number): WireNewsDetail {
    const t = NEWS_TEMPLATES[this.lang] ?? NEWS_TEMPLATES.en!;
    const h = mix(this.#seed, j, 3);
    const subject = this.#subjects[h % this.#subjects.length]!;
    const name = subject.name;
    const topic = t.topics[mix(h, 1) % t.topics.length]!;
    const pct = ((mix(h, 2) % 500) + 10) / 100;
    const title = t.titles[mix(h, 3) % t.titles.length]!.replace('{n}', name)
      .replace('{p}', pct.toFixed(2))
      .replace('{topic}', topic);
    const id = uuid(this.#seed, j);
    const entry = subject.entry;
    const ref = entry ? `${entry.code}.${entry.region}` : null;
    return {
      id,
      te: title,
      pt: this.#stamp(j).sec,
      mt: this.market,
      lg: this.lang,
      lk: `https://news.example.com/${this.lang}/${this.market}/${id}`,
      pv: t.providers[mix(h, 4) % t.providers.length]!,
      sy: ref ? [ref] : [],
      ct: `${title}. ${name}${ref ? ` (${ref})` : ''}: ${topic}.`,
      tg: [topic, this.market],
      mk: entry ? [entry.region] : [],
    };
  }

  /** The list record of slot `j`: the detail without its article, tags and markets. */
  #listed(j: number): WireNewsItem {
    const { ct: _ct, tg: _tg, mk: _mk, ...item } = this.#detail(j);
    if (this.#served.size >= 20_000) this.#served.clear();
    this.#served.set(item.id, j);
    return item;
  }

  /**
   * The detail of item `id` if this stream published it at or before `now` within its
   * history; null otherwise. Items served lately are found at once, others by a scan.
   */
  detail(id: string, now: number): WireNewsDetail | null {
    const nowStamp: Stamp = { sec: Math.floor(now / 1000), nanos: (now % 1000) * 1_000_000 + 1 };
    const top = this.#lastBefore(nowStamp);
    const oldest = Math.floor((nowStamp.sec - NEWS_HISTORY_SECONDS) / this.#spacing) + 1;
    const known = this.#served.get(id);
    if (known !== undefined) return known <= top && known >= oldest ? this.#detail(known) : null;
    // The id's first eight hex digits are one hash of the slot: compare those, then the id.
    if (!/^[0-9a-f]{8}-/.test(id)) return null;
    const head = parseInt(id.slice(0, 8), 16);
    for (let j = top; j >= oldest; j--) {
      if (mix(this.#seed, j, 0x1d1) >>> 0 === head && uuid(this.#seed, j) === id) {
        return this.#detail(j);
      }
    }
    return null;
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
    for (; j >= oldest && data.length < n; j--) data.push(this.#listed(j));
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
