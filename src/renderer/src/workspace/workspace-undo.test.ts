import { describe, expect, it } from 'vitest';
import type { WorkspaceDocument } from '../../../shared/bridge';
import { FakeBridge } from '../base/testing/fake-bridge';
import { defaultWorkspace } from './default-workspace';
import { allPanes } from './layout-tree';
import type { PaneConfig, SymbolRef } from './pane-contract';
import { SAVED_STEPS, readHistory, readWorkspace, toDocument } from './workspace-document';
import { activeRoot } from './workspace-ops';
import { WorkspaceState } from './workspace-state.svelte';

const ETH: SymbolRef = { class: 'crypto', region: 'BA', exchange: '', code: 'ETHUSDT' };

/** A loaded workspace (the default one) whose saves land in `saved`; saves run on flush(). */
async function loaded() {
  const bridge = new FakeBridge();
  const saved: WorkspaceDocument[] = [];
  bridge.handlers.loadWorkspace = async () => toDocument(defaultWorkspace());
  bridge.handlers.saveWorkspace = async ({ document }) => void saved.push(document);
  let n = 0;
  const never = { setTimeout: () => 0, clearTimeout: () => {} };
  const ws = new WorkspaceState({ bridge, newId: (p) => `${p}-${++n}`, timers: never });
  await ws.load();
  return { ws, bridge, saved };
}

const paneIds = (ws: WorkspaceState) => allPanes(activeRoot(ws.data)).map((p) => p.id);

describe('WorkspaceState undo', () => {
  it('brings a closed pane back, and saves the workspace with it', async () => {
    const { ws, saved } = await loaded();
    const before = paneIds(ws);
    expect(ws.removePane('trading-depth')).toBe(true);
    expect(paneIds(ws)).not.toContain('trading-depth');
    expect(ws.undoLabel).toBe('Close pane');
    expect(ws.undo()).toBe('Close pane');
    expect(paneIds(ws)).toEqual(before);
    await ws.flush();
    expect(readWorkspace(saved.at(-1))).toEqual(ws.data);
    expect(JSON.stringify(readWorkspace(saved.at(-1)))).toBe(JSON.stringify(defaultWorkspace()));
  });

  it('goes ten and more steps back, and redoes them all', async () => {
    const { ws } = await loaded();
    const start = ws.data;
    const states = [start];
    for (let i = 0; i < 12; i++) {
      ws.addPane('news');
      states.push(ws.data);
    }
    for (let i = 11; i >= 0; i--) {
      ws.undo();
      expect(ws.data).toBe(states[i]);
    }
    expect(ws.undo()).toBeNull();
    for (let i = 0; i < 12; i++) ws.redo();
    expect(ws.data).toBe(states[12]);
  });

  it('forgets what could be redone once a new change is made', async () => {
    const { ws } = await loaded();
    ws.removePane('trading-news');
    ws.undo();
    expect(ws.redoLabel).toBe('Close pane');
    ws.pickSymbol('trading-chart', ETH);
    expect(ws.redoLabel).toBeNull();
    expect(ws.redo()).toBeNull();
    expect(paneIds(ws)).toContain('trading-news');
  });

  it('records no step for a change that changes nothing', async () => {
    const { ws } = await loaded();
    ws.pickSymbol('trading-chart', ETH);
    ws.pickSymbol('trading-chart', ETH);
    ws.removePane('no-such-pane');
    ws.setRatio('no-such-split', 0.3);
    expect(ws.undo()).toBe('Pick symbol');
    expect(ws.undo()).toBeNull();
  });

  it('keeps its steps across saves, and an echo of its own save adds none', async () => {
    const { ws, bridge, saved } = await loaded();
    ws.removePane('trading-news');
    await ws.flush();
    ws.removePane('trading-depth');
    await ws.flush();
    // The host broadcasts to other windows only, but an echo must not count either.
    bridge.emit('workspace', saved.at(-1)!);
    expect(ws.undo()).toBe('Close pane');
    expect(paneIds(ws)).toContain('trading-depth');
    expect(ws.undo()).toBe('Close pane');
    expect(paneIds(ws)).toContain('trading-news');
    await ws.flush();
    expect(readWorkspace(saved.at(-1))).toEqual(ws.data);
  });

  it("undoes another window's change as one step", async () => {
    const { ws } = await loaded();
    const mine = ws.data;
    const other = toDocument({ ...mine, activeLayout: 'Research' });
    ws.applyRemote(other);
    expect(ws.activeName).toBe('Research');
    expect(ws.undo()).toBe('Change from another window');
    expect(ws.data).toBe(mine);
  });

  it('starts a loaded workspace with nothing to undo', async () => {
    const { ws } = await loaded();
    ws.removePane('trading-news');
    await ws.load();
    expect(ws.undoLabel).toBeNull();
    expect(ws.undo()).toBeNull();
  });

  it('does not record choosing a tab as a step, nor let it clear redo', async () => {
    const { ws } = await loaded();
    ws.removePane('trading-news');
    ws.undo();
    ws.activateTab('trading-depth');
    expect(ws.redoLabel).toBe('Close pane');
  });

  it('undoes watchlist deletion, boards and all', async () => {
    const { ws } = await loaded();
    expect(ws.createWatchlist('trading-quotes', 'Second')).toBeNull();
    const created = ws.watchlists.at(-1)!;
    expect(ws.deleteWatchlist(created.id)).toBeNull();
    expect(ws.watchlists.map((w) => w.id)).toEqual(['default']);
    ws.undo();
    expect(ws.watchlists.map((w) => w.name)).toEqual(['Watchlist', 'Second']);
    const board = ws.paneById('trading-quotes') as PaneConfig<'quotes'>;
    expect(board.options.watchlistId).toBe(created.id);
  });

  it('reaches back past a reload: the steps are kept with the workspace', async () => {
    const first = await loaded();
    first.ws.removePane('trading-depth');
    first.ws.updateOptions('trading-chart', 'chart', { scale: 'log' });
    await first.ws.flush();
    // A new window (a reload, a restart) loads what was saved.
    const bridge = new FakeBridge();
    bridge.handlers.loadWorkspace = async () => first.saved.at(-1)!;
    bridge.handlers.saveWorkspace = async () => {};
    const again = new WorkspaceState({ bridge });
    await again.load();
    expect(again.undoLabel).toBe('Change scale');
    expect(again.undo()).toBe('Change scale');
    expect(again.undo()).toBe('Close pane');
    expect(paneIds(again)).toContain('trading-depth');
    expect(again.redoLabel).toBe('Close pane');
  });

  it('keeps a bounded number of steps with the document', async () => {
    const { ws, saved } = await loaded();
    for (let i = 0; i < SAVED_STEPS + 5; i++) ws.addPane('news', 'tab');
    await ws.flush();
    const kept = readHistory(saved.at(-1));
    expect(kept.past).toHaveLength(SAVED_STEPS);
    // The newest ones: the last step's after is the workspace saved.
    expect(kept.past.at(-1)?.after).toEqual(readWorkspace(saved.at(-1)));
    // The window itself still goes further back.
    for (let i = 0; i < SAVED_STEPS + 5; i++) expect(ws.undo()).toBe('Add pane');
  });

  it('takes the history another window saved with its change (one history for all)', async () => {
    const popOut = await loaded();
    popOut.ws.updateOptions('trading-chart', 'chart', {
      studies: [
        { id: 's1', kind: 'rsi', params: { period: 14 }, colors: ['#112233'], visible: true },
      ],
    });
    await popOut.ws.flush();
    const { ws } = await loaded();
    ws.applyRemote(popOut.saved.at(-1)!);
    expect(ws.undoLabel).toBe('Change studies');
    ws.undo();
    expect(ws.paneById('trading-chart')?.options).toMatchObject({ studies: [] });
  });
});
