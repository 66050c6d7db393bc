/**
 * Command palette entries and how a query filters them: every word of the query
 * must appear in the label or keywords (case-insensitive), labels starting with the
 * query first.
 */

import type { SymbolMatch } from '../../../shared/model';

export interface PaletteItem {
  id: string;
  label: string;
  /** A symbol search result: shown as one (code, region, class, name, exchange). */
  symbol?: SymbolMatch;
  /** Shown right-aligned, e.g. a shortcut or what a go command resolved to. */
  hint?: string;
  /** Extra words it is found by. */
  keywords?: string;
  /**
   * True when the entry closes the palette itself, once it knows it can act (a
   * symbol command waits for the source's check); otherwise the palette closes first.
   */
  keepsOpen?: boolean;
  run(): void | Promise<void>;
}

export function filterItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const q = query.trim().toLowerCase();
  const matched = items.filter((item) => {
    const hay = `${item.label} ${item.keywords ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const starts = (item: PaletteItem) => (item.label.toLowerCase().startsWith(q) ? 0 : 1);
  return matched
    .map((item, index) => ({ item, index }))
    .sort((a, b) => starts(a.item) - starts(b.item) || a.index - b.index)
    .map((x) => x.item);
}

/** Moves a selection through `count` items, wrapping. */
export function moveSelection(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
