/**
 * The grouping a heatmap picks itself ("Auto", a new pane's default): BTCUSDT's book of
 * five levels a cent apart, moving dollars a second, is drawn in rows a trader can see;
 * a user's own grouping, and the rows they zoomed to in price, are kept.
 */
import { describe, expect, it } from 'vitest';
import type { UnixMs } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import type { HeatmapHistory } from './heatmap-history';
import { HeatmapState, type FitFrame, type GroupingChoice } from './heatmap-state.svelte';
import { HEATMAP_GROUPINGS } from './heatmap-model';
import {
  READABLE_ROW_PX,
  READABLE_SIDE_PX,
  autoGrouping,
  type GroupingFit,
} from './heatmap-grouping';
import { fittedRowPx } from './heatmap-view';
import { ladderBook } from './testing/books';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
const NONE: HeatmapHistory = {
  past: () =>
    Promise.resolve({ frames: [], trades: [], recorded: false, lastAt: null, source: null }),
};

async function setup(grouping: GroupingChoice, frame: FitFrame) {
  const bridge = new FakeBridge();
  let clock: UnixMs = 1_800_000_000_000;
  const state = new HeatmapState(bridge, NONE, () => clock, 1_000, grouping);
  state.fitTo(() => frame);
  state.setTimeline('');
  state.setSymbol(BTC);
  await new Promise((resolve) => setTimeout(resolve, 0));
  bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: 1 });
  /** A second of BTC: its book (five levels a side, a cent apart) `dollars` higher. */
  const second = (dollars: number) => {
    clock += 1_000;
    const book = ladderBook({ bid: 88_000 + dollars, levels: 5, symbol: 'BTCUSDT' });
    bridge.emit('depth', { subscriptionId: 's1', books: { BTCUSDT: book } });
  };
  return { state, second };
}

/** The fitted rows' height for the state's columns in view, as the plot fits them. */
function rowPx(state: HeatmapState, frame: FitFrame): number {
  const data = state.data;
  let lo = Infinity;
  let hi = -Infinity;
  for (let b = data.newest! - frame.columns + 1; b <= data.newest!; b++) {
    const c = data.column(b);
    if (!c) continue;
    lo = Math.min(lo, c.bids.rows[0]!);
    hi = Math.max(hi, c.asks.rows.at(-1)!);
  }
  return fittedRowPx(hi - lo + 1, frame.height);
}

const PLOT: FitFrame = { height: 470, columns: 125, fitted: true };

describe('HeatmapState: the grouping it picks', () => {
  it('opens on one tick a row, and groups as the price moves away from the book', async () => {
    const { state, second } = await setup('auto', PLOT);
    second(0);
    expect(state.grouping).toBe(1);
    expect(state.data.step).toBe(0.01);
    // Two minutes of a price moving ~1.6 USD a second: 20,000 one-cent rows.
    for (let s = 1; s <= 120; s++) second(s * 1.6);
    expect(state.grouping).toBeGreaterThan(1);
    expect(state.data.step).toBe(Number((0.01 * state.grouping).toFixed(10)));
    expect(rowPx(state, PLOT)).toBeGreaterThanOrEqual(READABLE_ROW_PX);
    // A side of the book: one row (its five levels in 0.04 USD) as tall as a side needs.
    expect(rowPx(state, PLOT)).toBeGreaterThanOrEqual(READABLE_SIDE_PX);
    // Each column still holds only the rows its book lists (five levels, one or two rows).
    const c = state.data.column(state.data.newest!)!;
    expect(c.bids.rows.length).toBeLessThanOrEqual(2);
    expect([...c.bids.sizes].reduce((a, b) => a + b)).toBe(5);
    state.dispose();
  });

  it('keeps the grouping a user picked, however thin its rows', async () => {
    const { state, second } = await setup(1, PLOT);
    for (let s = 0; s <= 120; s++) second(s * 1.6);
    expect(state.grouping).toBe(1);
    expect(state.data.step).toBe(0.01);
    expect(rowPx(state, PLOT)).toBeLessThan(0.1);
    state.dispose();
  });

  it('keeps the rows while the user has zoomed or panned in price', async () => {
    const frame = { ...PLOT };
    const { state, second } = await setup('auto', frame);
    for (let s = 0; s <= 30; s++) second(s * 1.6);
    const picked = state.grouping;
    expect(picked).toBeGreaterThan(1);
    frame.fitted = false;
    for (let s = 31; s <= 120; s++) second(s * 1.6);
    expect(state.grouping).toBe(picked);
    // Following again (Follow, or a double-click): picked again for the range in view.
    frame.fitted = true;
    state.refit();
    expect(state.grouping).toBeGreaterThan(picked);
    state.dispose();
  });

  it('picks again when more columns come into view (a zoom out in time), with no new book', async () => {
    const frame = { ...PLOT, columns: 10 };
    const { state, second } = await setup('auto', frame);
    for (let s = 0; s <= 120; s++) second(s * 1.6);
    const near = state.grouping;
    frame.columns = 120;
    state.refit();
    expect(state.grouping).toBeGreaterThan(near);
    expect(rowPx(state, frame)).toBeGreaterThanOrEqual(READABLE_SIDE_PX);
    state.dispose();
  });

  it('is the user’s again once they pick one, and the pane’s once they pick Auto', async () => {
    const { state, second } = await setup('auto', PLOT);
    for (let s = 0; s <= 120; s++) second(s * 1.6);
    const picked = state.grouping;
    state.setScale(1_000, 5);
    second(121 * 1.6);
    expect(state.grouping).toBe(5);
    state.setScale(1_000, 'auto');
    expect(state.grouping).toBe(picked);
    state.dispose();
  });
});

describe('autoGrouping: the grouping a heatmap picks itself', () => {
  // BTCUSDT in the demo: a 0.01 tick, five levels a side in ~0.07 USD, and a price that
  // moves ~1.6 USD a second, 200 USD over the two minutes a 1024 px window's heatmap
  // shows (470 px high).
  const BTC: GroupingFit = {
    tick: 0.01,
    span: { lo: 88_300, hi: 88_500 },
    depth: 0.07,
    move: 1.6,
    height: 470,
  };
  /** How tall a row, and a side of the book, are at grouping `g`. */
  const px = (fit: GroupingFit, g: number) => {
    const step = fit.tick * g;
    const row = fittedRowPx(
      Math.ceil(fit.span.hi / step - 1e-9) - Math.floor(fit.span.lo / step + 1e-9) + 1,
      fit.height,
    );
    const sideRows = Math.floor(fit.depth / step + 1e-9) + 1;
    return { row, side: sideRows * row, sidePrice: sideRows * step };
  };
  const readable = (fit: GroupingFit, g: number) =>
    px(fit, g).row >= READABLE_ROW_PX &&
    px(fit, g).side >= READABLE_SIDE_PX &&
    px(fit, g).sidePrice >= fit.move;
  const finerThan = (g: number) => HEATMAP_GROUPINGS[HEATMAP_GROUPINGS.indexOf(g as never) - 1]!;

  it('draws a book that moves far more than its depth in bands a trader can see', () => {
    // One tick a row: 20,000 rows in 470 px, a side of the book under a pixel.
    expect(px(BTC, 1).side).toBeLessThan(0.2);
    // Rows tall enough, but a side's row a dollar high: the next second's book is in
    // other rows (a staircase a column wide, under the best-price lines).
    const first40s = { ...BTC, span: { lo: 88_300, hi: 88_340 } };
    expect(readable({ ...first40s, move: 0 }, 100)).toBe(true);
    expect(autoGrouping(first40s, null)).toBeGreaterThan(100);
    expect(readable(first40s, autoGrouping(first40s, null))).toBe(true);
    const g = autoGrouping(BTC, null);
    expect(readable(BTC, g)).toBe(true);
    // And no coarser than it needs: the next finer grouping's book is too thin.
    expect(readable(BTC, finerThan(g))).toBe(false);
  });

  it('keeps one tick a row for a book readable at it (AAPL, a one-level forex book)', () => {
    const aapl = {
      tick: 0.01,
      span: { lo: 215.4, hi: 215.8 },
      depth: 0.12,
      move: 0.01,
      height: 470,
    };
    expect(autoGrouping(aapl, null)).toBe(1);
    // EURUSD: one level a side, moving a tick a second.
    const eurusd = { tick: 0.00001, span: { lo: 1.1431, hi: 1.14328 }, depth: 0, move: 0.00001 };
    expect(autoGrouping({ ...eurusd, height: 470 }, null)).toBe(1);
    // A taller plot needs rows no coarser than a short one.
    const short = autoGrouping({ ...BTC, height: 300 }, null);
    expect(autoGrouping({ ...BTC, height: 760 }, null)).toBeLessThanOrEqual(short);
  });

  it('does not go back and forth at the threshold', () => {
    const g = autoGrouping(BTC, null);
    // The span shrinks until the finer grouping is just readable: kept.
    let narrower = BTC;
    for (let hi = BTC.span.hi; hi > BTC.span.lo; hi -= 1) {
      narrower = { ...BTC, span: { lo: BTC.span.lo, hi } };
      if (readable(narrower, finerThan(g))) break;
    }
    expect(autoGrouping(narrower, null)).toBe(finerThan(g));
    expect(autoGrouping(narrower, g)).toBe(g);
    // Far narrower: finer rows, once they are clearly readable.
    const calm = { ...BTC, span: { lo: 88_300, hi: 88_302 }, move: 0.02 };
    expect(autoGrouping(calm, g)).toBeLessThan(finerThan(g));
    // Wider, or moving faster: coarser at once.
    expect(autoGrouping({ ...BTC, span: { lo: 88_000, hi: 89_000 } }, g)).toBeGreaterThan(g);
    expect(autoGrouping({ ...BTC, move: 8 }, g)).toBeGreaterThan(g);
  });
});
