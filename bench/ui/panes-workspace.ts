/**
 * The 8-pane workspace of the UI load benchmark, as `workspace.json` holds it
 * (format: src/renderer/src/workspace/workspace-document.ts): two quote boards of
 * six crypto pairs each, two depth ladders, two tick tapes and two 1-minute charts,
 * all visible at once (no tabs). Crypto only: it trades around the clock, so every
 * pane has data to show at any hour of the week.
 */
import type { WorkspaceDocument } from '../../src/shared/bridge';
import {
  savedPane,
  savedWorkspace,
  split,
  tabsOf,
  type LayoutNode,
  type SymbolRef,
} from '../../e2e/support/saved-workspace';

export const sym = (code: string): SymbolRef => ({
  class: 'crypto',
  region: 'BA',
  exchange: '',
  code,
});
const CODES_A = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT'];
const CODES_B = ['ADAUSDT', 'TRXUSDT', 'AVAXUSDT', 'LINKUSDT', 'DOTUSDT', 'LTCUSDT'];

/** Kinds of the eight panes, in layout order. */
export const PANE_KINDS = [
  'quotes',
  'quotes',
  'depth',
  'depth',
  'ticks',
  'ticks',
  'chart',
  'chart',
];

/** The `workspace.json` document. */
export function benchWorkspace(): WorkspaceDocument {
  const on = (code: string) => ({ symbol: sym(code) });
  const panes = [
    savedPane('quotes-a', 'quotes', { options: { watchlistId: 'wa' } }),
    savedPane('quotes-b', 'quotes', { options: { watchlistId: 'wb' } }),
    savedPane('depth-btc', 'depth', { ...on('BTCUSDT'), options: { grouping: 1 } }),
    savedPane('depth-eth', 'depth', { ...on('ETHUSDT'), options: { grouping: 1 } }),
    savedPane('ticks-a', 'ticks', { options: { codes: CODES_A.slice(0, 3), region: 'BA' } }),
    savedPane('ticks-b', 'ticks', { options: { codes: CODES_B.slice(0, 3), region: 'BA' } }),
    savedPane('chart-btc', 'chart', { ...on('BTCUSDT'), options: { kType: 1 } }),
    savedPane('chart-eth', 'chart', { ...on('ETHUSDT'), options: { kType: 1 } }),
  ].map((p) => tabsOf({ ...p, title: p.id }));
  const quarter = (i: number): LayoutNode =>
    split(`s-${i}`, 'column', 0.5, panes[i]!, panes[i + 1]!);
  const root = split(
    's-root',
    'row',
    0.5,
    split('s-left', 'row', 0.5, quarter(0), quarter(2)),
    split('s-right', 'row', 0.5, quarter(4), quarter(6)),
  );
  return savedWorkspace({
    name: 'Bench',
    root,
    watchlists: [
      { id: 'wa', name: 'A', symbols: CODES_A.map(sym) },
      { id: 'wb', name: 'B', symbols: CODES_B.map(sym) },
    ],
  });
}
