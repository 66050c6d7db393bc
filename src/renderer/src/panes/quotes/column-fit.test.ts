import { describe, expect, it } from 'vitest';
import { COLUMNS } from './board';
import { INITIAL_FIT, MAX_DROP_LEVEL, fitColumns, type FitState } from './column-fit';

/** A table whose width at each level is `widths[level]`, fitted into `room` until stable. */
function settle(state: FitState, widths: number[], room: number): FitState {
  for (let i = 0; i < 10; i++) {
    const next = fitColumns(state, widths[state.level]!, room);
    if (next === state) return state;
    state = next;
  }
  throw new Error('did not settle');
}

describe('fitColumns', () => {
  const widths = [900, 760, 620, 480];

  it('has a level per drop group, and keeps symbol, price, change and time always', () => {
    expect(MAX_DROP_LEVEL).toBe(3);
    const always = COLUMNS.filter((c) => c.drop === 0).map((c) => c.id);
    expect(always).toEqual(['symbol', 'last', 'change', 'changePercent', 'time']);
  });

  it('shows everything that fits', () => {
    expect(settle(INITIAL_FIT, widths, 1000).level).toBe(0);
    expect(settle(INITIAL_FIT, widths, 900).level).toBe(0);
  });

  it('drops whole groups until the table fits', () => {
    expect(settle(INITIAL_FIT, widths, 899).level).toBe(1);
    expect(settle(INITIAL_FIT, widths, 700).level).toBe(2);
    expect(settle(INITIAL_FIT, widths, 500).level).toBe(3);
    // Narrower than the columns that never drop: the last level, and the board scrolls.
    expect(settle(INITIAL_FIT, widths, 300).level).toBe(3);
  });

  it('brings columns back as the room grows to what they needed, and not before', () => {
    let state = settle(INITIAL_FIT, widths, 500);
    state = settle(state, widths, 619);
    expect(state.level).toBe(3);
    state = settle(state, widths, 620);
    expect(state.level).toBe(2);
    state = settle(state, widths, 2000);
    expect(state.level).toBe(0);
  });

  it('drops a group again when wider numbers no longer fit, and does not flap', () => {
    let state = settle(INITIAL_FIT, widths, 760);
    expect(state.level).toBe(1);
    // A price gains a digit: level 1 is now 8 px too wide.
    const wider = [908, 768, 628, 488];
    state = settle(state, wider, 760);
    expect(state.level).toBe(2);
    // The same room again: it stays (it was seen to need 768).
    for (let i = 0; i < 3; i++) state = settle(state, wider, 760);
    expect(state.level).toBe(2);
  });

  it('brings every level that fits back in one measurement (a full-width table keeps its size)', () => {
    let state = settle(INITIAL_FIT, widths, 500);
    expect(state.level).toBe(3);
    // The window grows: one measurement, the table as wide as its room (width 100%).
    state = fitColumns(state, 2000, 2000);
    expect(state.level).toBe(0);
    state = settle(state, widths, 700);
    expect(state.level).toBe(2);
    state = fitColumns(state, 770, 770);
    expect(state.level).toBe(1);
  });
});
