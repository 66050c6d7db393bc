/**
 * The workspace's own fallback titles and default options per pane kind, used to
 * repair saved panes and whenever the pane registry does not say otherwise.
 */
import type { PaneKind, PaneOptions } from './pane-contract';

export const PANE_KINDS: readonly PaneKind[] = [
  'quotes',
  'chart',
  'depth',
  'ticks',
  'company',
  'news',
];

export function isPaneKind(value: unknown): value is PaneKind {
  return typeof value === 'string' && (PANE_KINDS as readonly string[]).includes(value);
}

export const PANE_TITLES: Record<PaneKind, string> = {
  quotes: 'Quotes',
  depth: 'Depth',
  chart: 'Chart',
  ticks: 'Ticks',
  company: 'Company',
  news: 'News',
};

export const DEFAULT_WATCHLIST_ID = 'default';

export const FALLBACK_OPTIONS: { [K in PaneKind]: () => PaneOptions[K] } = {
  quotes: () => ({ watchlistId: DEFAULT_WATCHLIST_ID }),
  depth: () => ({ grouping: 1 }),
  chart: () => ({ kType: 1, overlays: { sma: [], ema: [], bollinger: false } }),
  ticks: () => ({ codes: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], region: 'BA' }),
  company: () => ({}),
  news: () => ({ market: 'stock', lang: 'en' }),
};
