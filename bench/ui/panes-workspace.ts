/**
 * The 8-pane workspace of the UI load benchmark, as `workspace.json` holds it
 * (format: src/renderer/src/workspace/workspace-document.ts): two quote boards of
 * six crypto pairs each, two depth ladders, two tick tapes and two 1-minute charts,
 * all visible at once (no tabs). Crypto only: it trades around the clock, so every
 * pane has data to show at any hour of the week.
 */

export const sym = (code: string) => ({ class: 'crypto', region: 'BA', exchange: '', code });
const CODES_A = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT'];
const CODES_B = ['ADAUSDT', 'TRXUSDT', 'AVAXUSDT', 'LINKUSDT', 'DOTUSDT', 'LTCUSDT'];

export type Pane = Record<string, unknown>;
export const pane = (id: string, kind: string, symbol: string | null, options: object): Pane => ({
  id,
  kind,
  title: id,
  link: null,
  symbol: symbol ? sym(symbol) : null,
  options,
});
export const tabs = (p: Pane) => ({
  type: 'tabs',
  id: `t-${String(p.id)}`,
  panes: [p],
  activeId: p.id,
});
export const split = (id: string, direction: 'row' | 'column', first: object, second: object) => ({
  type: 'split',
  id,
  direction,
  ratio: 0.5,
  first,
  second,
});
const chart = { kType: 1, overlays: { sma: [], ema: [], bollinger: false } };

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
export function benchWorkspace(): object {
  const panes = [
    pane('quotes-a', 'quotes', null, { watchlistId: 'wa' }),
    pane('quotes-b', 'quotes', null, { watchlistId: 'wb' }),
    pane('depth-btc', 'depth', 'BTCUSDT', { grouping: 1 }),
    pane('depth-eth', 'depth', 'ETHUSDT', { grouping: 1 }),
    pane('ticks-a', 'ticks', null, { codes: CODES_A.slice(0, 3), region: 'BA' }),
    pane('ticks-b', 'ticks', null, { codes: CODES_B.slice(0, 3), region: 'BA' }),
    pane('chart-btc', 'chart', 'BTCUSDT', chart),
    pane('chart-eth', 'chart', 'ETHUSDT', chart),
  ].map(tabs);
  const quarter = (i: number) => split(`s-${i}`, 'column', panes[i]!, panes[i + 1]!);
  const root = split(
    's-root',
    'row',
    split('s-left', 'row', quarter(0), quarter(2)),
    split('s-right', 'row', quarter(4), quarter(6)),
  );
  return {
    version: 1,
    data: {
      layouts: [{ name: 'Bench', root }],
      activeLayout: 'Bench',
      watchlists: [
        { id: 'wa', name: 'A', symbols: CODES_A.map(sym) },
        { id: 'wb', name: 'B', symbols: CODES_B.map(sym) },
      ],
      linkSymbols: {},
    },
  };
}
