/**
 * What a symbol field shows while the user types: the directory's answer for the text
 * (`searchSymbols`, asked per keystroke; a later keystroke's answer wins), and whether
 * the source's own list is still being read (then it asks once more shortly after).
 * Shared by the palette and every `SymbolSearch` field.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { AssetClass, SymbolMatch, SymbolSearchQuery } from '../../../../shared/model';
import { MAX_SEARCH_TEXT, readRegion } from '../../../../shared/model';
import { errorMessage } from '../../../../shared/errors';
import { systemTimers, type TimerHandle, type Timers } from '../../../../shared/timers';

/** A search's filters, as a field knows them (a region only when it is two letters). */
export interface SearchFilter {
  class?: AssetClass;
  region?: string;
}

/** While the directory reads the source's list, how long until asking again. */
export const AGAIN_MS = 800;

/** The query for `text` and `filter`, or null when there is nothing to search. */
export function searchQuery(
  text: string,
  filter: SearchFilter,
  limit: number,
): SymbolSearchQuery | null {
  const t = text.trim().slice(0, MAX_SEARCH_TEXT);
  if (t === '') return null;
  const query: SymbolSearchQuery = { text: t, limit };
  if (filter.class) query.class = filter.class;
  const region = readRegion(filter.region?.trim() ?? '');
  if (region !== null) query.region = region;
  return query;
}

export class SymbolSearchState {
  results = $state.raw<SymbolMatch[]>([]);
  /** Why the last search failed; null when it did not. */
  error = $state<string | null>(null);
  /** The source's list is still being read: more may match in a moment. */
  loading = $state(false);
  /** The text `results` answer (null: none asked, or being asked again). */
  answered = $state<string | null>(null);
  #generation = 0;
  #again: TimerHandle | undefined;

  constructor(
    private readonly bridge: MarketdeskBridge,
    private readonly limit = 8,
    /** What waits before asking again while the source's list loads. */
    private readonly timers: Timers = systemTimers,
  ) {}

  /**
   * Searches `text`; when a `fallback` text is given and the filtered search finds
   * nothing, that is searched without the region (the palette's "ping an": AN is no region).
   */
  async search(text: string, filter: SearchFilter = {}, fallback?: string): Promise<void> {
    const generation = ++this.#generation;
    this.timers.clearTimeout(this.#again);
    const query = searchQuery(text, filter, this.limit);
    this.answered = null;
    if (query === null) {
      this.results = [];
      this.loading = false;
      this.error = null;
      return;
    }
    try {
      let answer = await this.bridge.invoke('searchSymbols', { query });
      if (answer.results.length === 0 && fallback !== undefined && query.region !== undefined) {
        const wider = searchQuery(fallback, { ...filter, region: '' }, this.limit);
        if (wider) answer = await this.bridge.invoke('searchSymbols', { query: wider });
      }
      if (generation !== this.#generation) return;
      this.results = answer.results;
      this.loading = answer.loading;
      this.error = null;
      this.answered = text;
      if (answer.loading) {
        this.#again = this.timers.setTimeout(() => {
          if (generation === this.#generation) void this.search(text, filter, fallback);
        }, AGAIN_MS);
      }
    } catch (error) {
      if (generation !== this.#generation) return;
      this.results = [];
      this.loading = false;
      this.error = `Search failed: ${errorMessage(error)}`;
    }
  }

  /** Forgets the results (the field closed or was cleared). */
  clear(): void {
    this.#generation++;
    this.timers.clearTimeout(this.#again);
    this.results = [];
    this.loading = false;
    this.error = null;
    this.answered = null;
  }
}

/** Whether Enter should take the first result unasked: only a strong match (not letters found somewhere). */
export function isStrongMatch(match: SymbolMatch | undefined): boolean {
  return match !== undefined && match.match !== 'contains' && match.match !== 'fuzzy';
}

/** A result's key in a list. */
export const matchKey = (m: SymbolMatch): string => `${m.class}:${m.region}:${m.code}`;
