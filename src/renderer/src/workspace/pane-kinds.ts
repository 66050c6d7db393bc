/**
 * Every pane kind, without its component: the options it persists, the title and
 * options a new pane starts with, and how options read from disk are repaired.
 * The add-pane menu, the palette, the default workspace, `addPane` and the reading
 * of a saved workspace all take a kind's facts from here; the pane registry
 * (../panes/registry.ts) only adds a component per kind. No Svelte component is
 * imported, so the workspace's pure functions and their tests load without one.
 */
import { canonicalCodes, canonicalRegion, isAssetClass, isKType } from '../../../shared/model';
import type { KType } from '../../../shared/model';
import {
  PANE_BAR_PX,
  buttonRow,
  numberColumn,
  tableHeight,
  textColumn,
  type Size,
} from './pane-floors';
import { isObj, isStr } from './saved-json';
import type { Obj } from './saved-json';
import { readSymbol } from './saved-symbol';
import type { SymbolRef } from './symbol-ref';
import { isScaleMode, type ScaleMode } from './chart/price-scale';
import { readStudies, studiesFromOverlays, type StudyConfig } from './chart/study-config';

/** Most symbols one chart compares with its own. */
export const MAX_COMPARE = 4;

/** Per-kind options, persisted with the layout. */
export interface PaneOptions {
  quotes: { watchlistId: string; sort?: { column: string; descending: boolean } };
  /** `chart`: the cumulative depth chart shown beside the ladder. */
  depth: { grouping: number; chart: boolean };
  chart: {
    kType: KType;
    /** The studies, in the order of their lines and panes. */
    studies: StudyConfig[];
    /** The candle pane's price scale. */
    scale: ScaleMode;
    /** Symbols drawn over the chart in percent from the first visible bar. */
    compare: SymbolRef[];
    /** Prices as traded, not split-adjusted (absent: adjusted, the default). */
    raw?: boolean;
  };
  /** No codes: the tape follows the pane's symbol (its link group's) when it is crypto. */
  ticks: { codes: string[]; region: string };
  company: Record<string, never>;
  news: { market: string; lang: string };
  /** Every alert is listed: nothing to keep. */
  alerts: Record<string, never>;
  /** The region whose splits and IPOs are listed (the workspace's markets' holidays beside). */
  events: { region: string };
  /** A time bucket (ms, 100 to 60,000) and a price row in multiples of the tick. */
  /** `grouping` 'auto': rows the pane picks for the book in view (panes/heatmap/heatmap-grouping.ts). */
  heatmap: { bucketMs: number; grouping: number | 'auto' };
}

export type PaneKind = keyof PaneOptions;

/** One pane kind as the workspace knows it. */
export interface PaneKindSpec<K extends PaneKind> {
  /** The title a new pane of the kind gets (the user may rename it). */
  title: string;
  /**
   * The least width and height (CSS px, the pane's body and bar, without its slot's
   * tabs) at which the kind shows its content whole: the layout engine
   * (./layout-fit) gives it no less; a split that would goes in as a tab instead.
   */
  floor: Size;
  /** What Undo calls a change of an option ("Change studies"); others: "Change pane settings". */
  optionLabels?: { readonly [O in keyof PaneOptions[K]]?: string };
  /** Fresh options for a new pane (a new object each call). */
  defaultOptions(): PaneOptions[K];
  /**
   * Options read from a saved workspace: each field as the kind's type wants it,
   * else its value in `defaults` (fresh default options); codes canonical.
   * Unknown fields are dropped. Use `readOptions(kind, saved)`.
   */
  read(saved: Obj, defaults: PaneOptions[K]): PaneOptions[K];
}

/** The id of the default workspace's watchlist, which a new quote board shows. */
export const DEFAULT_WATCHLIST_ID = 'default';

/** The table of kinds, in the order the add-pane menu and the palette list them. */
export const PANE_KIND_TABLE: { readonly [K in PaneKind]: PaneKindSpec<K> } = {
  quotes: {
    title: 'Quotes',
    // The columns that never drop (quotes/board.ts): the state icon (16), the code with
    // its market chip, the last price, the change, the change % with its "24h" tag, the time.
    floor: {
      width:
        16 +
        textColumn(10) +
        numberColumn(10) +
        numberColumn(9) +
        numberColumn(10) +
        numberColumn(8),
      // The bar wrapped to two rows over the header and three quotes.
      height: PANE_BAR_PX + tableHeight(3),
    },
    defaultOptions: () => ({ watchlistId: DEFAULT_WATCHLIST_ID }),
    read: ({ watchlistId, sort }, defaults) => ({
      watchlistId: isStr(watchlistId, 64) ? watchlistId : defaults.watchlistId,
      ...(isObj(sort) && isStr(sort.column, 32) && typeof sort.descending === 'boolean'
        ? { sort: { column: sort.column, descending: sort.descending } }
        : {}),
    }),
  },
  chart: {
    title: 'Chart',
    // Beside the plot the drawing tools' column (38) and the price scale (72), on it
    // twenty-five 6 px bars; the bar's widest group is the eight interval buttons. Its
    // three rows, then the legend's row above the plot (O H L C V: two lines of 14 px
    // and their padding at this width), then a plot of 150.
    floor: {
      width: Math.max(
        38 + 72 + 25 * 6,
        buttonRow(['1m', '5m', '15m', '30m', '1h', '1d', '1w', '1M']),
      ),
      height: 3 * PANE_BAR_PX + 32 + 150,
    },
    optionLabels: {
      kType: 'Change interval',
      studies: 'Change studies',
      scale: 'Change scale',
      compare: 'Change compare',
      raw: 'Switch split adjustment',
    },
    defaultOptions: () => ({ kType: 1, studies: [], scale: 'normal', compare: [] }),
    // `overlays` (SMA/EMA periods, Bollinger) is what charts saved before studies.
    read: ({ kType, studies, overlays, scale, compare, raw }, defaults) => ({
      kType: isKType(kType) ? kType : defaults.kType,
      studies: Array.isArray(studies) ? readStudies(studies) : studiesFromOverlays(overlays),
      scale: isScaleMode(scale) ? scale : defaults.scale,
      compare: (Array.isArray(compare) ? compare : [])
        .map(readSymbol)
        .filter((s): s is SymbolRef => s !== null)
        .slice(0, MAX_COMPARE),
      ...(raw === true ? { raw: true as const } : {}),
    }),
  },
  depth: {
    title: 'Depth',
    // The spread row, the widest ("Spread 12.34 (1.23 bps) · Mid 84,467.475"), over
    // orders, size and price; three levels a side around it, under a bar of two rows.
    floor: {
      width: Math.max(numberColumn(34), numberColumn(6) + numberColumn(10) + numberColumn(12)),
      height: PANE_BAR_PX + tableHeight(7),
    },
    optionLabels: { grouping: 'Change grouping', chart: 'Show or hide the depth chart' },
    defaultOptions: () => ({ grouping: 1, chart: false }),
    read: ({ grouping, chart }, defaults) => ({
      grouping:
        typeof grouping === 'number' && Number.isInteger(grouping) && grouping >= 1
          ? grouping
          : defaults.grouping,
      chart: typeof chart === 'boolean' ? chart : defaults.chart,
    }),
  },
  ticks: {
    title: 'Tick tape',
    // Time, code, price and volume (the tape's table is never narrower: TickTape's
    // min-width); a bar of two rows over three ticks.
    floor: {
      width: numberColumn(8) + textColumn(9) + numberColumn(11) + numberColumn(9),
      height: PANE_BAR_PX + tableHeight(3),
    },
    defaultOptions: () => ({ codes: [], region: 'BA' }),
    read: ({ codes, region }, defaults) => {
      const canonical = isStr(region, 8) ? canonicalRegion(region) : defaults.region;
      const saved = Array.isArray(codes) ? codes.filter((c): c is string => isStr(c, 32)) : [];
      return { codes: canonicalCodes(canonical, saved), region: canonical };
    },
  },
  company: {
    title: 'Company',
    // A label and its figure ("Market cap" · "3,456,789,012,345").
    floor: { width: textColumn(14) + numberColumn(17), height: tableHeight(5) },
    defaultOptions: () => ({}),
    read: (_saved, defaults) => defaults,
  },
  news: {
    title: 'News',
    // A headline's first words and its time, three items.
    floor: { width: textColumn(24) + numberColumn(8), height: tableHeight(5) },
    defaultOptions: () => ({ market: 'stock', lang: 'en' }),
    read: ({ market, lang }, defaults) => ({
      market: isAssetClass(market) ? market : defaults.market,
      lang: isStr(lang, 8) && lang !== '' ? lang : defaults.lang,
    }),
  },
  alerts: {
    title: 'Alerts',
    // The alert (code, condition), its state with the two times it fired at ("fired
    // 07:40:38" and the quote's "16:00 Nov 27"), and its buttons (wrapped, one a row).
    floor: {
      width: textColumn(12) + numberColumn(17) + buttonRow(['Resume']) + 12,
      height: PANE_BAR_PX + tableHeight(4),
    },
    defaultOptions: () => ({}),
    read: (_saved, defaults) => defaults,
  },
  events: {
    title: 'Events',
    // A row of a list: the date ("30 Sept 2020"), the code, the exchange, the price or
    // ratio whole, and a name's first letters (cut with an ellipsis).
    floor: {
      width: numberColumn(12) + textColumn(6) + textColumn(8) + numberColumn(8) + textColumn(6),
      height: PANE_BAR_PX + tableHeight(5),
    },
    optionLabels: { region: 'Change region' },
    defaultOptions: () => ({ region: 'US' }),
    read: ({ region }, defaults) => ({
      region: isStr(region, 8) && region !== '' ? canonicalRegion(region) : defaults.region,
    }),
  },
  heatmap: {
    title: 'Heatmap',
    // The plot (120 px of time), the profile strip (56) and the price axis (72) under a
    // bar of two rows (symbol, bucket and grouping; state and Follow), over the time axis.
    floor: { width: 120 + 56 + 72, height: 2 * PANE_BAR_PX + 120 + 18 },
    optionLabels: { bucketMs: 'Change time bucket', grouping: 'Change grouping' },
    // Rows the pane picks until the user picks some: one tick a row draws BTCUSDT's book
    // (five levels in 0.07 USD, its price 200 USD across the plot) under a pixel a row.
    defaultOptions: () => ({ bucketMs: 1_000, grouping: 'auto' as const }),
    read: ({ bucketMs, grouping }, defaults) => ({
      bucketMs:
        typeof bucketMs === 'number' && HEATMAP_BUCKETS_MS.includes(bucketMs)
          ? bucketMs
          : defaults.bucketMs,
      grouping:
        grouping === 'auto' ||
        (typeof grouping === 'number' &&
          Number.isInteger(grouping) &&
          grouping >= 1 &&
          grouping <= 1_000)
          ? grouping
          : defaults.grouping,
    }),
  },
};

/** The heatmap's time buckets, 100 ms to 1 min (its pane offers these). */
export const HEATMAP_BUCKETS_MS: readonly number[] = [100, 200, 500, 1_000, 5_000, 15_000, 60_000];

/** A saved pane's options, read by its kind (see `PaneKindSpec.read`). */
export function readOptions<K extends PaneKind>(kind: K, saved: Obj): PaneOptions[K] {
  const spec: PaneKindSpec<K> = PANE_KIND_TABLE[kind];
  return spec.read(saved, spec.defaultOptions());
}

/** What Undo calls a change of a pane's options (its first option's label). */
export function optionsLabel<K extends PaneKind>(kind: K, patch: Partial<PaneOptions[K]>): string {
  const labels: PaneKindSpec<K>['optionLabels'] = PANE_KIND_TABLE[kind].optionLabels;
  for (const key of Object.keys(patch) as (keyof PaneOptions[K])[]) {
    const label = labels?.[key];
    if (label) return label;
  }
  return 'Change pane settings';
}

/** Every kind, in the table's order. */
export const PANE_KINDS = Object.keys(PANE_KIND_TABLE) as PaneKind[];

export function isPaneKind(value: unknown): value is PaneKind {
  return typeof value === 'string' && Object.hasOwn(PANE_KIND_TABLE, value);
}
