import { describe, expect, it } from 'vitest';
import { defaultWorkspace } from './default-workspace';
import type { PaneConfig } from './pane-contract';
import { createWatchlist, deleteWatchlist, renameWatchlist } from './watchlist-ops';
import type { WorkspaceData } from './workspace-document';
import { findPane } from './workspace-ops';

const listOf = (data: WorkspaceData, paneId: string) =>
  (findPane(data, paneId) as PaneConfig<'quotes'>).options.watchlistId;

function withSecond(): WorkspaceData {
  const result = createWatchlist(defaultWorkspace(), 'trading-quotes', { id: 'b', name: ' B ' });
  if ('error' in result) throw new Error(result.error);
  return result.data;
}

describe('watchlists', () => {
  it('creates an empty list, trimmed, shown in the asking board', () => {
    const data = withSecond();
    expect(data.watchlists.at(-1)).toEqual({ id: 'b', name: 'B', symbols: [] });
    expect(listOf(data, 'trading-quotes')).toBe('b');
    expect(createWatchlist(data, 'trading-quotes', { id: 'c', name: '  ' })).toEqual({
      error: 'Give the list a name.',
    });
  });

  it('renames, refusing an empty or too long name, unchanged when the name is the same', () => {
    const data = withSecond();
    const renamed = renameWatchlist(data, 'b', 'Crypto');
    expect('data' in renamed && renamed.data.watchlists.at(-1)?.name).toBe('Crypto');
    const same = renameWatchlist(data, 'b', 'B');
    expect('data' in same && same.data).toBe(data);
    expect(renameWatchlist(data, 'b', 'x'.repeat(61))).toHaveProperty('error');
    expect(renameWatchlist(data, 'nope', 'X')).toHaveProperty('error');
  });

  it('keeps the only list', () => {
    expect(deleteWatchlist(defaultWorkspace(), 'default')).toEqual({
      error: 'The only list cannot be deleted: rename it, or create another first.',
    });
  });

  it('moves every board showing a deleted list to its neighbour, leaving others alone', () => {
    const data = withSecond();
    // Research's board (another layout) still shows the default list.
    const result = deleteWatchlist(data, 'b');
    if ('error' in result) throw new Error(result.error);
    expect(result.data.watchlists.map((w) => w.id)).toEqual(['default']);
    expect(result.shown.id).toBe('default');
    expect(listOf(result.data, 'trading-quotes')).toBe('default');
  });

  it('moves the boards of a deleted first list to the next one', () => {
    const data = withSecond();
    const result = deleteWatchlist(data, 'default');
    if ('error' in result) throw new Error(result.error);
    expect(result.shown.id).toBe('b');
    expect(listOf(result.data, 'trading-quotes')).toBe('b');
  });
});
