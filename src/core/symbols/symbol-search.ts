/**
 * Ranked, fuzzy search over a symbol directory: pure functions, no I/O.
 *
 * Ranking, best first (`MatchKind`): the exact code ("700", "00700" in HK, "brkb" for
 * BRK.B), a code prefix ("btc" → BTCUSDT), a name prefix ("tencent" → Tencent
 * Holdings), every typed word starting a word of the name ("america bank"), the typed
 * letters inside the code or name, then fuzzy: the letters in order with gaps ("tncnt"),
 * or one typo in a word of four letters or more ("appel"). Within a kind: the closer
 * fit first (a shorter code past the prefix, a name the text covers more of, an earlier
 * word), then by class (stock, crypto, fund, indices, forex, future), then by the
 * directory's order (its lists put the major instruments first: BTCUSDT before BTCUSDC,
 * one code's venues together), so equal queries always rank alike. `score` is the one
 * definition of it.
 *
 * Speed (`npm run bench -- search`, 20,000+ entries, per keystroke): an index is built
 * once per directory. Every entry's code and name are normalised (lower case, no
 * diacritics or punctuation, the name split into words), and what the pass reads for
 * every entry sits in typed arrays and one string, in entry order, so it reads memory
 * in sequence: the entry's character set, the first characters of its code, name and
 * name words, its pairs of neighbouring characters, and its compact code and name. A
 * kind is tried only where those allow it (a name prefix needs the name's first
 * character, `contains` every typed pair), and an entry lacking a typed character is
 * skipped on one AND: only a typo could match it, and the entries a typo matches are
 * found once per search from the names' distinct words and the codes by their first two
 * characters (`typoMatches`), not entry by entry. {@link searchEveryEntry} scores every
 * entry with nothing skipped; the tests and the benchmark hold the two to the same
 * answers.
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

/** One entry, prepared for searching: what a kind's string test reads once it may match. */
interface Prepared {
  readonly entry: SourcedEntry;
  /** Lower-case code, and without `.`, `_`, `-`. */
  readonly code: string;
  readonly codeCompact: string;
  /** Normalised name: words joined by one space; and without the spaces. */
  readonly name: string;
  readonly nameCompact: string;
  readonly words: readonly string[];
  readonly hk: boolean;
  readonly classRank: number;
  /** Where the code first appears in the directory's order (prominence: lists put the major ones first). */
  readonly codeRank: number;
  /** The entry's own place in that order, and in the arrays below. */
  readonly order: number;
}

/** A directory prepared for {@link searchIndex}; entry i's facts at i in every array. */
export interface SearchIndex {
  readonly entries: readonly Prepared[];
  /** The characters of the compact code and name, as a set ({@link letterMask}); and of the code alone. */
  readonly masks: Int32Array;
  readonly codeMasks: Int32Array;
  /** The first characters of the name's words, as a set ({@link letterMask}). */
  readonly initials: Int32Array;
  /** The neighbouring pairs of characters in the code and in the name ({@link pairMask}). */
  readonly pairs: Int32Array;
  /** Three per entry: the first character of the code, the compact code and the name (0: none). */
  readonly firsts: Int32Array;
  /**
   * Every entry's compact code and compact name, each followed by "\0": entry i's code
   * runs from `codeAt[i]` to `nameAt[i] - 1`, its name from `nameAt[i]` to `codeAt[i + 1] - 1`.
   */
  readonly text: string;
  readonly codeAt: Int32Array;
  readonly nameAt: Int32Array;
  /** The distinct words of the names by their first character, each with its entries. */
  readonly wordsByFirst: ReadonlyMap<number, ReadonlyMap<string, readonly number[]>>;
  /** The entries by the first and by the second character of their compact code. */
  readonly codesByFirst: ReadonlyMap<number, readonly number[]>;
  readonly codesBySecond: ReadonlyMap<number, readonly number[]>;
}

const CLASS_RANK = new Map<AssetClass, number>(ASSET_CLASSES.map((c, i) => [c, i]));
const KIND_RANK = new Map<MatchKind, number>(MATCH_KINDS.map((k, i) => [k, i]));
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * Lower case, without diacritics ("Nestlé" → "nestle", "Ørsted" → "orsted"), apostrophes
 * dropped ("L'Oréal" → "loreal"), every other run of punctuation or space one space.
 */
export function normaliseText(text: string): string {
  // Plain ASCII, most names and every code: the same result without the Unicode passes.
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
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
  const n = entries.length;
  const firstAt = new Map<string, number>();
  entries.forEach((e, i) => {
    const key = `${e.class}:${e.code}`;
    if (!firstAt.has(key)) firstAt.set(key, i);
  });
  const masks = new Int32Array(n);
  const codeMasks = new Int32Array(n);
  const initials = new Int32Array(n);
  const pairs = new Int32Array(n);
  const firsts = new Int32Array(n * 3);
  const codeAt = new Int32Array(n + 1);
  const nameAt = new Int32Array(n);
  const parts: string[] = [];
  let at = 0;
  const prepared = entries.map((entry, order): Prepared => {
    const name = normaliseText(entry.name);
    const code = entry.code.toLowerCase();
    const codeCompact = code.replace(/[._\-\s]/g, '');
    const nameCompact = name.replace(/ /g, '');
    const words = name === '' ? [] : name.split(' ');
    codeMasks[order] = letterMask(codeCompact);
    masks[order] = codeMasks[order]! | letterMask(nameCompact);
    initials[order] = initialsMask(words);
    pairs[order] = pairMask(codeCompact) | pairMask(nameCompact);
    firsts[order * 3] = code.charCodeAt(0) || 0;
    firsts[order * 3 + 1] = codeCompact.charCodeAt(0) || 0;
    firsts[order * 3 + 2] = name.charCodeAt(0) || 0;
    codeAt[order] = at;
    nameAt[order] = at + codeCompact.length + 1;
    at = nameAt[order]! + nameCompact.length + 1;
    parts.push(codeCompact, nameCompact);
    return {
      entry,
      code,
      codeCompact,
      name,
      nameCompact,
      words,
      hk: entry.region === 'HK',
      classRank: CLASS_RANK.get(entry.class) ?? ASSET_CLASSES.length,
      codeRank: firstAt.get(`${entry.class}:${entry.code}`) ?? order,
      order,
    };
  });
  codeAt[n] = at;
  const wordsByFirst = new Map<number, Map<string, number[]>>();
  const codesByFirst = new Map<number, number[]>();
  const codesBySecond = new Map<number, number[]>();
  const push = <K>(map: Map<K, number[]>, key: K, i: number) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  prepared.forEach((p, i) => {
    for (const word of p.words) {
      const first = word.charCodeAt(0);
      let words = wordsByFirst.get(first);
      if (words === undefined) wordsByFirst.set(first, (words = new Map()));
      push(words, word, i);
    }
    if (p.codeCompact.length > 0) push(codesByFirst, p.codeCompact.charCodeAt(0), i);
    if (p.codeCompact.length > 1) push(codesBySecond, p.codeCompact.charCodeAt(1), i);
  });
  return {
    entries: prepared,
    masks,
    codeMasks,
    initials,
    pairs,
    firsts,
    text: parts.join('\0') + '\0',
    codeAt,
    nameAt,
    wordsByFirst,
    codesByFirst,
    codesBySecond,
  };
}

/**
 * The characters of `text` as a set of 32 bits: a–z one bit each (0–25); the digits
 * 0, 1 and 2 one each, 3–5 one, 6–9 one (26–30); anything else bit 31. A text cannot
 * hold the typed characters (in order or not) when its set lacks one of theirs, so most
 * entries are skipped on one AND.
 */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) mask |= charBit(text.charCodeAt(i));
  return mask;
}

function charBit(c: number): number {
  if (c >= 97 && c <= 122) return 1 << (c - 97);
  if (c >= 48 && c <= 50) return 1 << (c - 48 + 26);
  if (c >= 51 && c <= 53) return 1 << 29;
  if (c >= 54 && c <= 57) return 1 << 30;
  return 1 << 31;
}

/** The first characters of `words`, as a set ({@link letterMask}). */
function initialsMask(words: readonly string[]): number {
  let mask = 0;
  for (const w of words) mask |= charBit(w.charCodeAt(0));
  return mask;
}

/**
 * The neighbouring pairs of characters of `text`, each hashed to one of 32 bits: a
 * text holding the typed characters together holds their pairs, so the `contains` test
 * is skipped where a pair is missing.
 */
function pairMask(text: string): number {
  let mask = 0;
  for (let i = 1; i < text.length; i++) {
    mask |= 1 << (Math.imul(text.charCodeAt(i - 1) * 131 + text.charCodeAt(i), 0x9e3779b1) >>> 27);
  }
  return mask;
}

/** The shortest typed word a typo is allowed in. */
const TYPO_MIN = 4;

/** The query, prepared once per search. */
interface Typed {
  /** Words joined by one space; and without the spaces. */
  text: string;
  compact: string;
  words: string[];
  /** Digits only, without leading zeros (HK codes are listed without them); else null. */
  hkNumber: string | null;
  /** The first character of the text, and of `hkNumber` (NaN: none). */
  first: number;
  hkFirst: number;
  mask: number;
  /**
   * What an entry must hold to be scored: `mask`, or only the HK number's characters
   * ("0005" is 5 HK, which has no 0).
   */
  sieveMask: number;
  initials: number;
  pairs: number;
}

function prepareQuery(text: string): Typed | null {
  const normal = normaliseText(text);
  if (normal === '') return null;
  const compact = normal.replace(/ /g, '');
  const words = normal.split(' ');
  const hkNumber = /^\d+$/.test(compact) ? compact.replace(/^0+(?=\d)/, '') : null;
  return {
    text: normal,
    compact,
    words,
    hkNumber,
    first: normal.charCodeAt(0),
    hkFirst: hkNumber === null ? NaN : hkNumber.charCodeAt(0),
    mask: letterMask(compact),
    sieveMask: letterMask(hkNumber ?? compact),
    initials: initialsMask(words),
    pairs: pairMask(compact),
  };
}

/**
 * A match's rank as one number, lower is better: its kind ({@link MATCH_KINDS}' order)
 * times {@link KIND_SPAN}, plus its fit within the kind (offset so it is never negative).
 * Scoring an entry makes no object; one is made only for an entry that enters the top-k.
 */
const KIND_SPAN = 10_000_000;
const FIT_BASE = 1_000;
const NO_MATCH = Infinity;
const keyOf = (kind: number, fit: number) => kind * KIND_SPAN + FIT_BASE + fit;
const kindOf = (key: number) => Math.floor(key / KIND_SPAN);

/** A candidate in the top-k. */
interface Scored {
  p: Prepared;
  key: number;
}

/** Whether `p` with rank `key` ranks before `b`: by rank, then class, prominence and order. */
function before(key: number, p: Prepared, b: Scored): boolean {
  if (key !== b.key) return key < b.key;
  const pb = b.p;
  if (p.classRank !== pb.classRank) return p.classRank < pb.classRank;
  if (p.codeRank !== pb.codeRank) return p.codeRank < pb.codeRank;
  return p.order < pb.order;
}

const K_CODE = KIND_RANK.get('code')!;
const K_CODE_PREFIX = KIND_RANK.get('code-prefix')!;
const K_NAME_PREFIX = KIND_RANK.get('name-prefix')!;
const K_NAME_WORDS = KIND_RANK.get('name-words')!;
const K_CONTAINS = KIND_RANK.get('contains')!;
const K_FUZZY = KIND_RANK.get('fuzzy')!;

/** Searches a prepared directory: the best `limit` matches, best first. */
export function searchIndex(index: SearchIndex, query: SymbolSearchQuery): SymbolMatch[] {
  return rank(index, query, true);
}

/**
 * The same search with every entry scored in full ({@link score}, {@link typoMatch}),
 * nothing skipped on character sets or first characters: the reference the skipping of
 * {@link searchIndex} is tested against, and the benchmark's baseline.
 */
export function searchEveryEntry(index: SearchIndex, query: SymbolSearchQuery): SymbolMatch[] {
  return rank(index, query, false);
}

function rank(index: SearchIndex, query: SymbolSearchQuery, sieve: boolean): SymbolMatch[] {
  const typed = prepareQuery(query.text.slice(0, 200));
  if (typed === null) return [];
  const limit = Math.max(1, Math.min(query.limit ?? DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT));
  const cls = query.class;
  const region = query.region === undefined ? undefined : canonicalRegion(query.region);
  const { entries, masks } = index;
  // Whether a typo matches entry i: the index's answer, or entry by entry (the reference).
  const typos = sieve ? typoMatches(index, typed) : null;
  const typo = typos ?? ((i: number) => typoMatch(entries[i]!, typed));
  const best: Scored[] = [];
  let worst: Scored | null = null;
  // Full of better kinds than fuzzy: no fuzzy candidate can enter, so skip that work.
  let worstKind = K_FUZZY;
  const unwanted =
    cls === undefined && region === undefined
      ? null
      : (i: number) =>
          (cls !== undefined && entries[i]!.entry.class !== cls) ||
          (region !== undefined && entries[i]!.entry.region !== region);
  const offer = (i: number, key: number) => {
    if (key === NO_MATCH) return;
    const p = entries[i]!;
    if (worst !== null && !before(key, p, worst)) return;
    let at = best.length === limit ? limit - 1 : best.length;
    if (best.length === limit) best.pop();
    while (at > 0 && before(key, p, best[at - 1]!)) at--;
    best.splice(at, 0, { p, key });
    if (best.length === limit) {
      worst = best[limit - 1]!;
      worstKind = Math.min(kindOf(worst.key), K_FUZZY);
    }
  };
  for (let i = 0; i < entries.length; i++) {
    // With the sieve, an entry lacking a typed character is left to the typos below.
    if (sieve && (typed.sieveMask & ~masks[i]!) !== 0) continue;
    if (unwanted !== null && unwanted(i)) continue;
    offer(i, score(index, i, typed, worstKind, typo, sieve));
  }
  // The entries only a typo matches, when a typo can still enter.
  if (typos !== null && worstKind === K_FUZZY && typed.compact.length >= 3) {
    for (const i of typos.entries) {
      if ((typed.sieveMask & ~masks[i]!) === 0 || (unwanted !== null && unwanted(i))) continue;
      offer(i, typoKey(entries[i]!, typed));
    }
  }
  return best.map(({ p, key }) => ({ ...p.entry, match: MATCH_KINDS[kindOf(key)]! }));
}

/**
 * How entry `i` matches `q` (the definition of the ranking): its rank ({@link keyOf}),
 * or {@link NO_MATCH}. Kinds past `worstKind` are not tried, and `typo(i)` says whether
 * a typo matches it ({@link typoMatch}). With `sieve`, a kind is tried only where the
 * entry's first characters and character sets allow it, which spares most entries the
 * string tests.
 */
function score(
  index: SearchIndex,
  i: number,
  q: Typed,
  worstKind: number,
  typo: (i: number) => boolean,
  sieve: boolean,
): number {
  const { firsts } = index;
  const f = i * 3;
  if (!sieve || firsts[f] === q.first || firsts[f + 1] === q.first || firsts[f] === q.hkFirst) {
    const { code, codeCompact, hk } = index.entries[i]!;
    if (
      code === q.text ||
      codeCompact === q.compact ||
      (q.hkNumber !== null && hk && code === q.hkNumber)
    ) {
      return keyOf(K_CODE, 0);
    }
    if (code.startsWith(q.text) || codeCompact.startsWith(q.compact)) {
      return keyOf(K_CODE_PREFIX, code.length - q.compact.length);
    }
  }
  if (!sieve || firsts[f + 2] === q.first) {
    const { name, nameCompact } = index.entries[i]!;
    if (name.startsWith(q.text) || nameCompact.startsWith(q.compact)) {
      return keyOf(K_NAME_PREFIX, rest(index.entries[i]!, q));
    }
  }
  if (worstKind < K_NAME_WORDS) return NO_MATCH;
  if (!sieve || (q.initials & ~index.initials[i]!) === 0) {
    const p = index.entries[i]!;
    const at = wordsAt(p.words, q.words);
    if (at >= 0) return keyOf(K_NAME_WORDS, at * 1000 + rest(p, q));
  }
  if (worstKind < K_CONTAINS) return NO_MATCH;
  if (!sieve || (q.pairs & ~index.pairs[i]!) === 0) {
    const { codeCompact, nameCompact } = index.entries[i]!;
    const inCode = codeCompact.indexOf(q.compact);
    if (inCode >= 0) return keyOf(K_CONTAINS, inCode);
    const inName = nameCompact.indexOf(q.compact);
    if (inName >= 0) return keyOf(K_CONTAINS, 100 + inName);
  }
  if (worstKind < K_FUZZY || q.compact.length < 3) return NO_MATCH;
  // Letters in order: in the code (not where it lacks one), or in the name.
  const { text, codeAt, nameAt } = index;
  const inCode =
    !sieve || (q.mask & ~index.codeMasks[i]!) === 0
      ? subsequenceGaps(q.compact, text, codeAt[i]!, nameAt[i]! - 1)
      : Infinity;
  const gaps =
    inCode === 0 || (sieve && (q.mask & ~index.masks[i]!) !== 0)
      ? inCode
      : Math.min(inCode, subsequenceGaps(q.compact, text, nameAt[i]!, codeAt[i + 1]! - 1));
  if (gaps <= q.compact.length) {
    return keyOf(K_FUZZY, gaps * 1000 + Math.min(rest(index.entries[i]!, q), 999));
  }
  return typo(i) ? typoKey(index.entries[i]!, q) : NO_MATCH;
}

/** The share of the name the text leaves over: "Tencent Holdings" before "Tencent Music Entertainment". */
const rest = (p: Prepared, q: Typed) => p.name.length - q.text.length;

/** A typo's rank: after every fuzzy match with its letters in order. */
function typoKey(p: Prepared, q: Typed): number {
  return keyOf(K_FUZZY, 1_000_000 + Math.min(rest(p, q), 999));
}

/**
 * How many characters of `text` (from `from` to `to`) the characters of `typed` skip
 * over when found in order (the span they cover minus their own length); Infinity when
 * they are not all there.
 */
export function subsequenceGaps(typed: string, text: string, from = 0, to = text.length): number {
  let start = -1;
  let j = 0;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === typed.charCodeAt(j)) {
      if (j === 0) start = i;
      j++;
      if (j === typed.length) return i - start + 1 - typed.length;
    }
  }
  return Infinity;
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
 * Every typed word of {@link TYPO_MIN} letters or more is one typo from the start of a
 * word of the name or the code (the definition; {@link typoMatches} finds the same
 * entries from the index).
 */
function typoMatch(p: Prepared, q: Typed): boolean {
  let any = false;
  for (const w of q.words) {
    if (w.length < TYPO_MIN) continue;
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

/** The entries a typo matches: a test by entry, and the list of them in order. */
interface TypoMatches {
  (i: number): boolean;
  readonly entries: readonly number[];
}

/**
 * The entries {@link typoMatch} accepts, found per typed word from the index rather
 * than entry by entry: the distinct name words starting with the word's first or second
 * character, and the codes whose first or second character is one of those (a code one
 * edit from the word's start has one there, whichever edit it is). An entry matches
 * when every typed word a typo is allowed in found it.
 */
function typoMatches(index: SearchIndex, q: Typed): TypoMatches {
  const long = q.words.filter((w) => w.length >= TYPO_MIN);
  if (long.length === 0) return Object.assign(() => false, { entries: [] });
  const hits = new Uint8Array(index.entries.length);
  long.forEach((w, k) => {
    // `hits` holds how many typed words so far found each entry.
    const mark = (i: number) => {
      if (hits[i] === k) hits[i] = k + 1;
    };
    const a = w.charCodeAt(0);
    const b = w.charCodeAt(1);
    const firsts = a === b ? [a] : [a, b];
    // A code one edit from the word's start lacks one of the word's characters at most.
    const wordMask = letterMask(w);
    for (const first of firsts) {
      for (const [word, at] of index.wordsByFirst.get(first) ?? []) {
        if (oneEditFromPrefix(w, word)) at.forEach(mark);
      }
    }
    for (const codes of [index.codesByFirst, index.codesBySecond]) {
      for (const c of firsts) {
        for (const i of codes.get(c) ?? []) {
          const lacks = wordMask & ~index.codeMasks[i]!;
          if (hits[i] !== k || (lacks & (lacks - 1)) !== 0) continue;
          if (oneEditFromPrefix(w, index.entries[i]!.codeCompact)) hits[i] = k + 1;
        }
      }
    }
  });
  const entries: number[] = [];
  for (let i = 0; i < hits.length; i++) if (hits[i] === long.length) entries.push(i);
  return Object.assign((i: number) => hits[i] === long.length, { entries });
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
