/**
 * Order books around the last price (spec 2.2). Shapes by class:
 *
 * | class   | levels per side                          | empty levels                   |
 * |---------|------------------------------------------|--------------------------------|
 * | stock   | 10                                       | none (unless the grid runs out)|
 * | crypto  | 5, `o` fractional and equal to `v`       | none                           |
 * | fund    | 10; thin books fill 2–9 of them          | `{po, p: 0, v: 0, o: 0}`       |
 * | indices | 1; thin books 5, 1 filled                | `{po, p: 0, v: 0, o: 0}`       |
 * | forex   | 1; thin books 5                          | none; filled levels have `o` 1 |
 * | future  | 10; thin books 5, 1–4 filled             | `{po, v: 0, o: 0}` (no `p`)    |
 *
 * Which instruments have thin books is the catalog's `book` column: the spec's sparse
 * shapes (spec 2.2) appear on real instruments, so clients meet them in demo mode.
 *
 * Books are seeded by the second of the latest trade: they move with the price during
 * a session and stand still while the market is closed.
 */
import type { WireDepth, WireDepthLevel } from '../../shared/api/wire';
import { mix, mulberry32, unit } from './hash';
import { roundToGrid } from './ticks';
import type { SymbolModel } from './symbol-model';

interface Shape {
  levels: number;
  filled: number;
  empty: (po: number) => WireDepthLevel;
}

const zeroPrice = (po: number): WireDepthLevel => ({ po, p: 0, v: 0, o: 0 });
const noPrice = (po: number): WireDepthLevel => ({ po, v: 0, o: 0 });

/** Levels per side and how many carry orders, for a symbol. */
export function depthShape(sym: SymbolModel): Shape {
  const h = mix(sym.seed, 0xdeb7);
  const thin = sym.entry.book === 'thin';
  switch (sym.cls) {
    case 'crypto':
      return { levels: 5, filled: 5, empty: zeroPrice };
    case 'fund':
      return { levels: 10, filled: thin ? 2 + (h % 8) : 10, empty: zeroPrice };
    case 'indices':
      return { levels: thin ? 5 : 1, filled: 1, empty: zeroPrice };
    case 'forex':
      return { levels: thin ? 5 : 1, filled: thin ? 5 : 1, empty: zeroPrice };
    case 'future':
      return thin
        ? { levels: 5, filled: 1 + (h % 4), empty: noPrice }
        : { levels: 10, filled: 10, empty: noPrice };
    case 'stock':
      return { levels: 10, filled: 10, empty: zeroPrice };
  }
}

/** The next price on the grid away from `price` (`dir` 1 up, -1 down); null if none below. */
function step(sym: SymbolModel, price: number, dir: 1 | -1, ticks: number): number | null {
  const tick = sym.tickRule(price).tick;
  for (let m = ticks; m < ticks + 4; m++) {
    const next = roundToGrid(price + dir * m * tick, sym.tickRule);
    if (dir > 0 ? next > price : next < price) return next;
  }
  return null;
}

/** Builds the book of a symbol whose last trade was at `last`, seeded by `stamp` (ms). */
export function buildDepth(sym: SymbolModel, last: number, stamp: number): WireDepth {
  const shape = depthShape(sym);
  const rng = mulberry32(mix(sym.seed, 0xb00c, Math.floor(stamp / 1000)));
  const tight = sym.cls === 'crypto' || sym.cls === 'forex' || sym.cls === 'future';
  const spread = tight ? 1 : 1 + Math.floor(rng() * 2);
  let ask: number | null;
  let bid: number | null;
  if (rng() < 0.5) {
    ask = last;
    bid = step(sym, last, -1, spread);
  } else {
    bid = last;
    ask = step(sym, last, 1, spread);
  }
  const a: WireDepthLevel[] = [];
  const b: WireDepthLevel[] = [];
  for (let po = 1; po <= shape.levels; po++) {
    const filled = po <= shape.filled;
    a.push(filled && ask !== null ? level(sym, po, ask, rng) : shape.empty(po));
    b.push(filled && bid !== null ? level(sym, po, bid, rng) : shape.empty(po));
    const gap = rng() < 0.8 ? 1 : 2;
    if (ask !== null) ask = step(sym, ask, 1, gap);
    if (bid !== null) bid = step(sym, bid, -1, gap);
  }
  return { s: sym.code, a, b };
}

function level(sym: SymbolModel, po: number, p: number, rng: () => number): WireDepthLevel {
  const u = rng();
  const depthFactor = 0.3 + u * u * 3 + po * 0.15;
  switch (sym.cls) {
    case 'crypto': {
      // Fractional size in the coin, four decimals; the real service repeats it in `o`.
      const v = Math.max(1, Math.round((sym.minuteVolume / 40) * depthFactor)) / sym.volScale;
      return { po, p, v, o: v };
    }
    case 'forex':
      return { po, p, v: Math.round(depthFactor * 10) * 100_000, o: 1 };
    case 'indices':
      return { po, p, v: Math.round(depthFactor * 50), o: 1 };
    case 'future': {
      const v = Math.max(1, Math.round(depthFactor * 40));
      return { po, p, v, o: Math.max(1, Math.min(v, Math.round(v * (0.1 + 0.3 * rng())))) };
    }
    default: {
      const lots = Math.max(1, Math.round(depthFactor * (sym.lot > 1 ? 40 : 500)));
      const v = lots * sym.lot;
      const o = Math.max(1, Math.min(lots, Math.round(lots * (0.02 + 0.1 * unit(mix(lots, po))))));
      return { po, p, v, o };
    }
  }
}
