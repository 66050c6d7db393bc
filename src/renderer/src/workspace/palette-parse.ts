/**
 * Parses what a trader types into the command palette: `<code> [region] [pane kind]
 * [interval]`, e.g. `AAPL US`, `700 HK chart 1d`, `BTCUSDT BA depth`. Words after the
 * code may come in any order; a class word (`fund`, `crypto`…) overrides inference.
 * The code comes out canonical (`00700 HK` → `700`). A parsed command is a guess to be
 * checked with the source before it acts (see workspace/symbol-gate).
 */
import {
  REGION_TEXT_PATTERN,
  canonicalRegion,
  isSymbolCode,
  type AssetClass,
  type KType,
} from '../../../shared/model';
import { canonicalCode, parseKType } from '../../../shared/model';
import type { PaneKind, SymbolRef } from './pane-contract';
import { expandBareCode, inferAssetClass, inferRegion } from './symbol-inference';

export interface SymbolCommand {
  symbol: SymbolRef;
  /** The pane kind asked for; null to use the focused pane. */
  kind: PaneKind | null;
  /** The chart interval asked for. */
  kType: KType | null;
  /** True when the region was not typed but guessed from the code. */
  regionGuessed: boolean;
}

const KIND_WORDS: Record<string, PaneKind> = {
  quote: 'quotes',
  quotes: 'quotes',
  board: 'quotes',
  watch: 'quotes',
  watchlist: 'quotes',
  depth: 'depth',
  book: 'depth',
  ladder: 'depth',
  dom: 'depth',
  chart: 'chart',
  candles: 'chart',
  kline: 'chart',
  klines: 'chart',
  tick: 'ticks',
  ticks: 'ticks',
  tape: 'ticks',
  trades: 'ticks',
  company: 'company',
  info: 'company',
  profile: 'company',
  card: 'company',
  news: 'news',
};

const CLASS_WORDS: Record<string, AssetClass> = {
  stock: 'stock',
  crypto: 'crypto',
  fund: 'fund',
  etf: 'fund',
  index: 'indices',
  indices: 'indices',
  forex: 'forex',
  fx: 'forex',
  future: 'future',
  futures: 'future',
};

/** Lower-case interval spellings; `1M` (month) keeps its case, `1mo` is the same. */
function parseInterval(word: string): KType | null {
  if (word === '1M' || word.toLowerCase() === '1mo') return 10;
  if (/^\d+$/.test(word)) return null; // a bare number is a code, not an interval
  return parseKType(word.toLowerCase());
}

/** The modifiers a palette line carries after a code or before its end. */
interface Modifiers {
  kind: PaneKind | null;
  cls: AssetClass | null;
  kType: KType | null;
  region: string | null;
}

const noModifiers = (): Modifiers => ({ kind: null, cls: null, kType: null, region: null });

/**
 * Takes `word` into `m` as a pane kind, a class, an interval or a two-letter region,
 * each at most once; false when it is none of them, or one already taken.
 */
function takeModifier(m: Modifiers, word: string): boolean {
  const lower = word.toLowerCase();
  const interval = parseInterval(word);
  if (KIND_WORDS[lower] && !m.kind) m.kind = KIND_WORDS[lower];
  else if (CLASS_WORDS[lower] && !m.cls) m.cls = CLASS_WORDS[lower];
  else if (interval !== null && m.kType === null) m.kType = interval;
  else if (!m.region && REGION_TEXT_PATTERN.test(word)) m.region = canonicalRegion(word);
  else return false;
  return true;
}

/** The symbol command in `text`, or null when it is not one. */
export function parseSymbolCommand(text: string): SymbolCommand | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first || !isSymbolCode(first)) return null;
  let code = first.toUpperCase();
  const m = noModifiers();
  for (const word of rest) if (!takeModifier(m, word)) return null;
  const { region, kType, cls } = m;
  // An interval alone means a chart.
  const kind = m.kind ?? (kType !== null ? 'chart' : null);
  const regionGuessed = region === null;
  if (regionGuessed && !cls) code = expandBareCode(code);
  // A code no market's codes look like is no command unless its region is typed.
  const finalRegion = region ?? inferRegion(code);
  if (finalRegion === null) return null;
  code = canonicalCode(finalRegion, code);
  return {
    symbol: {
      class: cls ?? inferAssetClass(code, finalRegion),
      region: finalRegion,
      exchange: '',
      code,
    },
    kind,
    kType,
    regionGuessed,
  };
}

/** What the palette searches the symbol directory for, and what a chosen result opens. */
export interface PaletteSearch {
  /** The words left once the trailing modifiers are taken off. */
  text: string;
  /** The whole query's words, for a search without the region (see SymbolSearchState). */
  whole: string;
  class?: AssetClass;
  region?: string;
  kind: PaneKind | null;
  kType: KType | null;
}

/**
 * Splits a palette query into search text and modifiers: trailing pane kinds, classes,
 * intervals and one two-letter region come off the end ("tencent chart 1d", "apple us",
 * "700 HK chart"); the words before them are searched by code or name.
 */
export function paletteSearchOf(query: string): PaletteSearch {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const m = noModifiers();
  while (words.length > 1 && takeModifier(m, words[words.length - 1]!)) words.pop();
  const { kType, cls, region } = m;
  const kind = m.kind ?? (kType !== null ? 'chart' : null);
  const out: PaletteSearch = { text: words.join(' '), whole: query.trim(), kind, kType };
  if (cls) out.class = cls;
  if (region) out.region = region;
  return out;
}
