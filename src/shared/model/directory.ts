/**
 * The symbol directory's vocabulary: what a directory entry is, what a search asks and
 * what it answers. The directory lives in core (src/core/symbols); the palette, the
 * symbol fields and the command line ask it by code or name.
 */
import type { AssetClass } from './market';
import type { DataSourceId } from './settings';

/** Where a directory entry came from (what vouches for it). */
export type DirectoryOrigin =
  /** The source's own symbol list (the demo simulator's catalog, or the live service's list). */
  | 'listed'
  /** The user has seen it from this source (its rows are in the cache). */
  | 'seen'
  /** The list of well-known instruments shipped with the app (live only; checked when chosen). */
  | 'shipped';

/** One instrument of the directory, in canonical form. */
export interface DirectoryEntry {
  class: AssetClass;
  region: string;
  code: string;
  /** '' when no one told it. */
  name: string;
  /** The listing exchange, for display ('' when unknown); not the request's `exchange`. */
  exchange: string;
}

/** A search of the directory. */
export interface SymbolSearchQuery {
  /** What was typed: a code, a name, words of a name, or letters of either. */
  text: string;
  class?: AssetClass;
  /** Two letters, any case. */
  region?: string;
  /** Most results; default {@link DEFAULT_SEARCH_LIMIT}. */
  limit?: number;
}

/** How a result matched, best first. */
export const MATCH_KINDS = [
  'code',
  'code-prefix',
  'name-prefix',
  'name-words',
  'contains',
  'fuzzy',
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** One search result. */
export interface SymbolMatch extends DirectoryEntry {
  match: MatchKind;
  origin: DirectoryOrigin;
}

/** What a search answers. */
export interface SymbolSearchAnswer {
  /** The source whose directory answered (demo and live directories never mix). */
  source: DataSourceId;
  /** Best first. */
  results: SymbolMatch[];
  /** Entries the directory holds now (for this source). */
  size: number;
  /** The source's own list is still being read: more may match in a moment. */
  loading: boolean;
}

/** Results a search returns unless asked otherwise. */
export const DEFAULT_SEARCH_LIMIT = 20;
/** Most results one search may ask for. */
export const MAX_SEARCH_LIMIT = 100;
/** Longest search text accepted. */
export const MAX_SEARCH_TEXT = 64;
