/**
 * Ranked, fuzzy search over a symbol directory: pure functions, no I/O. An index is
 * built once per directory (every entry's code and name normalised: lower case,
 * diacritics and punctuation gone, the name split into words), so a search per
 * keystroke is one pass of cheap string tests over it and a bounded top-k, whatever
 * the directory's size (`npm run bench -- search` measures it at 20,000+ entries).
 *
 * Ranking, best first (`MatchKind`): the exact code ("700", "00700" in HK, "brkb" for
 * BRK.B), a code prefix ("btc" → BTCUSDT), a name prefix ("tencent" → Tencent
 * Holdings), every typed word starting a word of the name ("america bank"), the typed
 * letters inside the code or name, then fuzzy: the letters in order with gaps ("tncnt"),
 * or one typo in a word of four letters or more ("appel"). Within a kind: the closer
 * fit first (a shorter code past the prefix, a name the text covers more of, an earlier
 * word), then by class (stock, crypto, fund, indices, forex, future), then by the
 * directory's order (its lists put the major instruments first: BTCUSDT before BTCUSDC,
 * one code's venues together), so equal queries always rank alike.
 */
import {
  ASSET_CLASSES,
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  MATCH_KINDS,
  canonicalRegion,
  type AssetClass,
  type DirectoryEntry,
  type DirectoryOrigin,
  type MatchKind,
  type SymbolMatch,
  type SymbolSearchQuery,
} from '../../shared/model';

/** A directory entry with where it came from. */
export interface SourcedEntry extends DirectoryEntry {
  origin: DirectoryOrigin;
}

/** One entry, prepared for searching. */
interface Prepared {
  readonly entry: SourcedEntry;
  /** Lower-case code, and without `.`, `_`, `-`. */
  readonly code: string;
  readonly codeCompact: string;
  /** Normalised name: words joined by one space; and without the spaces. */
  readonly name: string;
  readonly nameCompact: string;
  readonly words: readonly string[];
  /** The letters and digits of the code and name, as a bit set ({@link letterMask}). */
  readonly mask: number;
  readonly classRank: number;
  /** Where the code first appears in the directory's order (prominence: lists put the major ones first). */
  readonly codeRank: number;
  /** The entry's own place in that order. */
  readonly order: number;
}

/** A directory prepared for {@link searchIndex}. */
export interface SearchIndex {
  readonly entries: readonly Prepared[];
}

const CLASS_RANK = new Map<AssetClass, number>(ASSET_CLASSES.map((c, i) => [c, i]));
const KIND_RANK = new Map<MatchKind, number>(MATCH_KINDS.map((k, i) => [k, i]));

/**
 * Lower case, without diacritics ("Nestlé" → "nestle", "Ørsted" → "orsted"), apostrophes
 * dropped ("L'Oréal" → "loreal"), every other run of punctuation or space one space.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øØ]/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Prepares entries for searching (the directory does this once per change). */
export function buildIndex(entries: readonly SourcedEntry[]): SearchIndex {
  const firstAt = new Map<string, number>();
  entries.forEach((e, i) => {
    const key = `${e.class}:${e.code}`;
    if (!firstAt.has(key)) firstAt.set(key, i);
  });
  return {
    entries: entries.map((entry, order) => {
      const name = normaliseText(entry.name);
      const code = entry.code.toLowerCase();
      const codeCompact = code.replace(/[._\-\s]/g, '');
      const nameCompact = name.replace(/ /g, '');
      return {
        entry,
        code,
        codeCompact,
        name,
        nameCompact,
        mask: letterMask(codeCompact) | letterMask(nameCompact),
        words: name === '' ? [] : name.split(' '),
        classRank: CLASS_RANK.get(entry.class) ?? ASSET_CLASSES.length,
        codeRank: firstAt.get(`${entry.class}:${entry.code}`) ?? order,
        order,
      };
    }),
  };
}

/**
 * The letters a–z (bits 0–25) and digits (bit 26) of `text`, other characters at bit 27:
 * letters in order cannot be found in a text whose set lacks one of them, so the fuzzy
 * test skips most entries on one AND.
 */
export function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << 26;
    else mask |= 1 << 27;
  }
  return mask;
}

/** The query, prepared once per search. */
interface Typed {
  /** Words joined by one space; and without the spaces. */
  text: string;
  compact: string;
  words: string[];
  /** Digits only, without leading zeros (HK codes are listed without them); else null. */
  hkNumber: string | null;
  mask: number;
}

function prepareQuery(text: string): Typed | null {
  const normal = normaliseText(text);
  if (normal === '') return null;
  const compact = normal.replace(/ /g, '');
  return {
    text: normal,
    compact,
    words: normal.split(' '),
    hkNumber: /^\d+$/.test(compact) ? compact.replace(/^0+(?=\d)/, '') : null,
    mask: letterMask(compact),
  };
}

/** A candidate's rank: lower is better. */
interface Scored {
  p: Prepared;
  kind: number;
  fit: number;
}

/** Whether `a` ranks before `b`. */
function before(a: Scored, b: Scored): boolean {
  if (a.kind !== b.kind) return a.kind < b.kind;
  if (a.fit !== b.fit) return a.fit < b.fit;
  const pa = a.p;
  const pb = b.p;
  if (pa.classRank !== pb.classRank) return pa.classRank < pb.classRank;
  if (pa.codeRank !== pb.codeRank) return pa.codeRank < pb.codeRank;
  return pa.order < pb.order;
}

const K_CODE = KIND_RANK.get('code')!;
const K_CODE_PREFIX = KIND_RANK.get('code-prefix')!;
const K_NAME_PREFIX = KIND_RANK.get('name-prefix')!;
const K_NAME_WORDS = KIND_RANK.get('name-words')!;
const K_CONTAINS = KIND_RANK.get('contains')!;
const K_FUZZY = KIND_RANK.get('fuzzy')!;

/** Searches a prepared directory: the best `limit` matches, best first. */
export function searchIndex(index: SearchIndex, query: SymbolSearchQuery): SymbolMatch[] {
  const typed = prepareQuery(query.text.slice(0, 200));
  if (typed === null) return [];
  const limit = Math.max(1, Math.min(query.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT));
  const cls = query.class;
  const region = query.region === undefined ? undefined : canonicalRegion(query.region);
  const best: Scored[] = [];
  for (const p of index.entries) {
    if (cls !== undefined && p.entry.class !== cls) continue;
    if (region !== undefined && p.entry.region !== region) continue;
    // Full of better kinds than fuzzy: no fuzzy candidate can enter, so skip that work.
    const worst = best.length === limit ? best[limit - 1]! : null;
    const scored = score(p, typed, worst !== null && worst.kind < K_FUZZY ? worst.kind : K_FUZZY);
    if (scored === null) continue;
    if (worst !== null && !before(scored, worst)) continue;
    let i = best.length === limit ? limit - 1 : best.length;
    if (best.length === limit) best.pop();
    while (i > 0 && before(scored, best[i - 1]!)) i--;
    best.splice(i, 0, scored);
  }
  return best.map(({ p, kind }) => ({ ...p.entry, match: MATCH_KINDS[kind]! }));
}

/** How `p` matches `q`, or null; kinds past `worstKind` are not tried. */
function score(p: Prepared, q: Typed, worstKind: number): Scored | null {
  const { code, codeCompact } = p;
  if (
    code === q.text ||
    codeCompact === q.compact ||
    (q.hkNumber !== null && p.entry.region === 'HK' && code === q.hkNumber)
  ) {
    return { p, kind: K_CODE, fit: 0 };
  }
  if (code.startsWith(q.text) || codeCompact.startsWith(q.compact)) {
    return { p, kind: K_CODE_PREFIX, fit: code.length - q.compact.length };
  }
  // The share of the name left over: "Tencent Holdings" before "Tencent Music Entertainment".
  const rest = p.name.length - q.text.length;
  if (p.name.startsWith(q.text) || p.nameCompact.startsWith(q.compact)) {
    return { p, kind: K_NAME_PREFIX, fit: rest };
  }
  if (worstKind < K_NAME_WORDS) return null;
  const at = wordsAt(p.words, q.words);
  if (at >= 0) return { p, kind: K_NAME_WORDS, fit: at * 1000 + rest };
  if (worstKind < K_CONTAINS) return null;
  const inCode = codeCompact.indexOf(q.compact);
  if (inCode >= 0) return { p, kind: K_CONTAINS, fit: inCode };
  const inName = p.nameCompact.indexOf(q.compact);
  if (inName >= 0) return { p, kind: K_CONTAINS, fit: 100 + inName };
  if (worstKind < K_FUZZY || q.compact.length < 3) return null;
  const gaps =
    (q.mask & ~p.mask) !== 0
      ? Infinity
      : Math.min(
          subsequenceGaps(q.compact, codeCompact),
          subsequenceGaps(q.compact, p.nameCompact),
        );
  if (gaps <= q.compact.length) return { p, kind: K_FUZZY, fit: gaps * 1000 + Math.min(rest, 999) };
  if (typoMatch(p, q)) return { p, kind: K_FUZZY, fit: 1_000_000 + Math.min(rest, 999) };
  return null;
}

/**
 * The index of the name word the first typed word starts, when every typed word starts
 * a word of the name (any order); else -1.
 */
function wordsAt(words: readonly string[], typed: readonly string[]): number {
  let first = -1;
  for (let t = 0; t < typed.length; t++) {
    const w = typed[t]!;
    let found = -1;
    for (let i = 0; i < words.length; i++) {
      if (words[i]!.startsWith(w)) {
        found = i;
        break;
      }
    }
    if (found < 0) return -1;
    if (t === 0) first = found;
  }
  return first;
}

/**
 * How many letters of `text` the letters of `typed` skip over when found in order
 * (the span they cover minus their own length); Infinity when they are not all there.
 */
export function subsequenceGaps(typed: string, text: string): number {
  let start = -1;
  let j = 0;
  for (let i = 0; i < text.length && j < typed.length; i++) {
    if (text.charCodeAt(i) === typed.charCodeAt(j)) {
      if (j === 0) start = i;
      j++;
      if (j === typed.length) return i - start + 1 - typed.length;
    }
  }
  return Infinity;
}

/** Every typed word of four letters or more is one typo from the start of a word of the name or the code. */
function typoMatch(p: Prepared, q: Typed): boolean {
  let any = false;
  for (const w of q.words) {
    if (w.length < 4) continue;
    any = true;
    if (oneEditFromPrefix(w, p.codeCompact)) continue;
    // A word one edit away starts with the typed first letter, or its second (a swap or
    // an extra first letter): most words are skipped on one comparison.
    const a = w.charCodeAt(0);
    const b = w.charCodeAt(1);
    let found = false;
    for (const n of p.words) {
      const c = n.charCodeAt(0);
      if ((c === a || c === b) && oneEditFromPrefix(w, n)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return any;
}

/**
 * Whether `typed` is one edit (a wrong, missing, extra or swapped letter) from a prefix
 * of `word`: "appel" → "apple", "tencnt" → "tencent", "tenccent" → "tencent".
 */
export function oneEditFromPrefix(typed: string, word: string): boolean {
  const n = typed.length;
  const m = word.length;
  if (m < n - 1) return false;
  let i = 0;
  while (i < n && i < m && typed.charCodeAt(i) === word.charCodeAt(i)) i++;
  if (i === n) return true;
  // Wrong letter at i, or two neighbours swapped, or an extra letter typed, or one missing.
  return (
    (m >= n && same(typed, i + 1, word, i + 1, n - i - 1)) ||
    (m >= n &&
      i + 1 < n &&
      typed.charCodeAt(i) === word.charCodeAt(i + 1) &&
      typed.charCodeAt(i + 1) === word.charCodeAt(i) &&
      same(typed, i + 2, word, i + 2, n - i - 2)) ||
    same(typed, i + 1, word, i, n - i - 1) ||
    (m > n && same(typed, i, word, i + 1, n - i))
  );
}

/** Whether `a` from `ai` and `b` from `bi` agree for `len` characters (both long enough). */
function same(a: string, ai: number, b: string, bi: number, len: number): boolean {
  if (len <= 0) return true;
  if (ai + len > a.length || bi + len > b.length) return false;
  for (let k = 0; k < len; k++) if (a.charCodeAt(ai + k) !== b.charCodeAt(bi + k)) return false;
  return true;
}
