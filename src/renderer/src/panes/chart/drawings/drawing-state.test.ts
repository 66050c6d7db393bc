import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingSet, Instrument } from '../../../../../shared/model';
import { FakeBridge } from '../../../base/testing/fake-bridge';
import { DrawingState } from './drawing-state.svelte';

const AAPL: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const T = 1_700_000_000_000;

/** A bridge over an in-memory store, as the main side answers. */
function setup() {
  const bridge = new FakeBridge();
  let set: DrawingSet = { instrument: AAPL, drawings: [], revision: 0 };
  const change = (drawings: Drawing[]) => (set = { ...set, drawings, revision: set.revision + 1 });
  bridge.handlers.loadDrawings = async () => set;
  bridge.handlers.saveDrawing = async ({ drawing }) =>
    change([...set.drawings.filter((d) => d.id !== drawing.id), drawing]);
  bridge.handlers.deleteDrawing = async ({ id }) => change(set.drawings.filter((d) => d.id !== id));
  let n = 0;
  const state = new DrawingState(bridge, () => `d${++n}`);
  return { bridge, state, current: () => set };
}

describe('DrawingState', () => {
  it('places a horizontal line with one click, selects it and saves it', async () => {
    const { state, current } = setup();
    await state.show({ ...AAPL, code: 'aapl' });
    state.pick('hline');
    state.place({ time: T, price: 190 });
    expect(state.tool).toBeNull();
    expect(state.selectedId).toBe('d1');
    await Promise.resolve();
    await Promise.resolve();
    expect(current().drawings).toMatchObject([
      { id: 'd1', kind: 'hline', anchors: [{ price: 190 }] },
    ]);
  });

  it('places a trend line in two clicks, following the pointer in between', async () => {
    const { state, bridge } = setup();
    await state.show(AAPL);
    state.pick('trend');
    state.place({ time: T, price: 180 });
    expect(state.placing).toBe(true);
    state.track({ time: T + 60_000, price: 185 });
    expect(state.visible[0]!.anchors[1]).toEqual({ time: T + 60_000, price: 185 });
    expect(bridge.namesCalled()).not.toContain('saveDrawing');
    state.place({ time: T + 120_000, price: 190 });
    expect(state.placing).toBe(false);
    expect(bridge.namesCalled()).toContain('saveDrawing');
    expect(state.saved[0]!.anchors).toEqual([
      { time: T, price: 180 },
      { time: T + 120_000, price: 190 },
    ]);
  });

  it('Escape drops the drawing being placed and the tool, then the selection', async () => {
    const { state, bridge } = setup();
    await state.show(AAPL);
    state.pick('rect');
    state.place({ time: T, price: 1 });
    expect(state.cancel()).toBe(true);
    expect(state.visible).toEqual([]);
    expect(state.tool).toBeNull();
    expect(bridge.namesCalled()).not.toContain('saveDrawing');
    state.pick('text');
    state.place({ time: T, price: 1 });
    expect(state.selectedId).toBe('d2');
    expect(state.cancel()).toBe(true);
    expect(state.selectedId).toBeNull();
    expect(state.cancel()).toBe(false);
  });

  it('recolours and deletes the selected drawing; later drawings take the colour', async () => {
    const { state, current } = setup();
    await state.show(AAPL);
    state.pick('hline');
    state.place({ time: T, price: 190 });
    await state.save(state.selected!);
    state.recolor('#e5484d');
    await Promise.resolve();
    expect(state.selected?.color).toBe('#e5484d');
    await state.remove();
    expect(state.saved).toEqual([]);
    expect(current().drawings).toEqual([]);
    expect(state.selectedId).toBeNull();
    expect(state.color).toBe('#e5484d');
  });

  it('follows other windows’ changes for its symbol, ignoring older sets and other symbols', async () => {
    const { state, bridge } = setup();
    await state.show(AAPL);
    const line: Drawing = {
      id: 'x',
      kind: 'hline',
      anchors: [{ time: T, price: 5 }],
      color: '#2f7df6',
      text: '',
    };
    bridge.emit('drawings', { instrument: AAPL, drawings: [line], revision: 4 });
    expect(state.saved).toEqual([line]);
    bridge.emit('drawings', { instrument: AAPL, drawings: [], revision: 3 });
    bridge.emit('drawings', { instrument: { ...AAPL, code: 'MSFT' }, drawings: [], revision: 9 });
    expect(state.saved).toEqual([line]);
  });

  it('says why a refused save failed and shows what is saved', async () => {
    const { state, bridge } = setup();
    await state.show(AAPL);
    bridge.handlers.saveDrawing = async () => {
      throw new Error('AAPL has 500 drawings');
    };
    state.pick('hline');
    state.place({ time: T, price: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(state.error).toBe('The drawing was not saved: AAPL has 500 drawings');
    expect(state.saved).toEqual([]);
  });
});
