import { describe, expect, it } from 'vitest';
import { filterItems, moveSelection } from './palette-items';
import type { PaletteItem } from './palette-items';

const item = (label: string, keywords?: string): PaletteItem => ({
  id: label,
  label,
  ...(keywords ? { keywords } : {}),
  run: () => {},
});
const items = [
  item('Add chart pane'),
  item('Toggle theme', 'dark light'),
  item('Switch layout: Trading'),
  item('Chart interval'),
];

describe('filterItems', () => {
  it('keeps everything for an empty query', () => {
    expect(filterItems(items, '  ')).toHaveLength(4);
  });

  it('needs every word, in labels or keywords', () => {
    expect(filterItems(items, 'add chart').map((i) => i.label)).toEqual(['Add chart pane']);
    expect(filterItems(items, 'LIGHT').map((i) => i.label)).toEqual(['Toggle theme']);
    expect(filterItems(items, 'banana')).toEqual([]);
  });

  it('puts labels starting with the query first', () => {
    expect(filterItems(items, 'chart').map((i) => i.label)).toEqual([
      'Chart interval',
      'Add chart pane',
    ]);
  });
});

describe('moveSelection', () => {
  it('wraps both ways', () => {
    expect(moveSelection(0, -1, 3)).toBe(2);
    expect(moveSelection(2, 1, 3)).toBe(0);
    expect(moveSelection(1, 1, 3)).toBe(2);
    expect(moveSelection(5, 1, 0)).toBe(0);
  });
});
