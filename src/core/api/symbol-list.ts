/**
 * The symbol list's reader: lenient, because the operation's contract is not in the
 * spec (src/shared/api/symbol-list.ts). It takes the array bare or under `list`,
 * `items`, `symbols` or `data`; per entry the code as `c`, `code`, `symbol` or `s`, the
 * name as `n` or `name`, the exchange as `e`, `exchange` or `ex`, the class as `t` or
 * `type`, the region as `r`, `region` or `market`. Strict in what it passes on: an
 * entry without a usable code, or of another class than asked, is left out; codes
 * come out canonical; duplicates go. A `data` that holds no array is a schema error.
 */
import type { AssetClass, DirectoryEntry } from '../../shared/model';
import {
  canonicalCode,
  canonicalRegion,
  isRegion,
  isSymbolCode,
  splitRegionSuffix,
} from '../../shared/model';
import { isRecord, RecordIssue, type WireRecord } from './read';

/** What a symbol list request asks: a class, and a region or all of the class's. */
export interface SymbolListParams {
  class: AssetClass;
  region?: string;
}

const CODE_KEYS = ['c', 'code', 'symbol', 's'] as const;
const NAME_KEYS = ['n', 'name'] as const;
const EXCHANGE_KEYS = ['e', 'exchange', 'ex'] as const;
const CLASS_KEYS = ['t', 'type'] as const;
const REGION_KEYS = ['r', 'region', 'market'] as const;
const LIST_KEYS = ['list', 'items', 'symbols', 'data'] as const;

/** The first of `keys` holding a non-empty string (numbers are taken as text: HK codes). */
function text(record: WireRecord, keys: readonly string[]): string {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
}

/** The entries of a symbol list answer; throws a RecordIssue when it holds no list. */
export function readSymbolList(data: unknown, asked: SymbolListParams): DirectoryEntry[] {
  let list: unknown = data;
  if (isRecord(data)) list = LIST_KEYS.map((k) => data[k]).find(Array.isArray);
  if (!Array.isArray(list)) {
    throw new RecordIssue('data', 'must be a list of symbols (or an object holding one)');
  }
  const out: DirectoryEntry[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (!isRecord(item)) continue;
    const type = text(item, CLASS_KEYS).toLowerCase();
    // "stock" and "stocks", "index" and "indices": the asked class, or a spelling of it.
    if (type !== '' && !type.startsWith(asked.class.slice(0, 4))) continue;
    const region = canonicalRegion(text(item, REGION_KEYS) || asked.region || '');
    if (!isRegion(region)) continue;
    if (asked.region !== undefined && region !== canonicalRegion(asked.region)) continue;
    const raw = text(item, CODE_KEYS);
    // `AAPL.US` / `AAPL$US`: the stream's spelling of a code with its region.
    const suffixed = splitRegionSuffix(raw);
    const code = canonicalCode(region, suffixed?.region === region ? suffixed.code : raw);
    if (!isSymbolCode(code)) continue;
    const key = `${region}:${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      class: asked.class,
      region,
      code,
      name: text(item, NAME_KEYS),
      exchange: text(item, EXCHANGE_KEYS),
    });
  }
  return out;
}
