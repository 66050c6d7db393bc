/**
 * The drawing commands over real services: saved per canonical instrument, read back
 * by any window, and every window (the saving one too) told of each change.
 */
import { describe, expect, it } from 'vitest';
import type { DrawingSet } from '../../shared/model';
import { DrawingStore } from '../drawings';
import { AAPL, hline } from '../drawings/testing/fixtures';
import { bridgeEachTest, type TestBridge } from './test-bridge';

const LINE = hline('h1', 190.5);

let t: TestBridge;
bridgeEachTest((bridge) => (t = bridge));

describe('drawing commands', () => {
  it('save in one window: both windows hear the set, a new store reads it from disk', async () => {
    const a = t.client();
    const b = t.client();
    const saved = await a.call('saveDrawing', {
      instrument: { ...AAPL, code: 'aapl' },
      drawing: LINE,
    });
    const set: DrawingSet = { instrument: AAPL, drawings: [LINE], revision: 1 };
    expect(saved).toEqual({ ok: true, value: set });
    expect(await a.next('drawings')).toEqual(set);
    expect(await b.next('drawings')).toEqual(set);
    expect(await b.call('loadDrawings', { instrument: AAPL })).toEqual({ ok: true, value: set });

    const restarted = new DrawingStore({ folder: t.folder });
    expect(restarted.load()).toBeNull();
    expect(restarted.get(AAPL)).toEqual(set);
  });

  it('delete removes one drawing and tells every window; an unknown id changes nothing', async () => {
    const a = t.client();
    await a.call('saveDrawing', { instrument: AAPL, drawing: LINE });
    await a.call('saveDrawing', { instrument: AAPL, drawing: { ...LINE, id: 'h2' } });
    const unknown = await a.call('deleteDrawing', { instrument: AAPL, id: 'zz' });
    expect(unknown).toMatchObject({ ok: true, value: { revision: 2 } });
    const r = await a.call('deleteDrawing', { instrument: AAPL, id: 'h1' });
    expect(r).toMatchObject({ ok: true, value: { drawings: [{ id: 'h2' }], revision: 3 } });
    expect(a.events.filter((e) => e.event === 'drawings')).toHaveLength(3);
  });
});
