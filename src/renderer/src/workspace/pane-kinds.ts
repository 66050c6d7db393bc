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
import { isObj, isStr } from './saved-json';
import type { Obj } from './saved-json';
import { readSymbol } from './saved-symbol';
import type { SymbolRef } from './pane-contract';
import { isScaleMode, type ScaleMode } from '../panes/chart/price-scale';
import {
  readStudies,
  studiesFromOverlays,
  type StudyConfig,
} from '../panes/chart/studies/study-config';

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
  };
  /** No codes: the tape follows the pane's symbol (its link group's) when it is crypto. */
  ticks: { codes: string[]; region: string };
  company: Record<string, never>;
  news: { market: string; lang: string };
  /** Every alert is listed: nothing to keep. */
  alerts: Record<string, never>;
}

export type PaneKind = keyof PaneOptions;

/** One pane kind as the workspace knows it. */
export interface PaneKindSpec<K extends PaneKind> {
  /** The title a new pane of the kind gets (the user may rename it). */
  title: string;
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
    defaultOptions: () => ({ kType: 1, studies: [], scale: 'normal', compare: [] }),
    // `overlays` (SMA/EMA periods, Bollinger) is what charts saved before studies.
    read: ({ kType, studies, overlays, scale, compare }, defaults) => ({
      kType: isKType(kType) ? kType : defaults.kType,
      studies: Array.isArray(studies) ? readStudies(studies) : studiesFromOverlays(overlays),
      scale: isScaleMode(scale) ? scale : defaults.scale,
      compare: (Array.isArray(compare) ? compare : [])
        .map(readSymbol)
        .filter((s): s is SymbolRef => s !== null)
        .slice(0, MAX_COMPARE),
    }),
  },
  depth: {
    title: 'Depth',
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
    defaultOptions: () => ({ codes: [], region: 'BA' }),
    read: ({ codes, region }, defaults) => {
      const canonical = isStr(region, 8) ? canonicalRegion(region) : defaults.region;
      const saved = Array.isArray(codes) ? codes.filter((c): c is string => isStr(c, 32)) : [];
      return { codes: canonicalCodes(canonical, saved), region: canonical };
    },
  },
  company: {
    title: 'Company',
    defaultOptions: () => ({}),
    read: (_saved, defaults) => defaults,
  },
  news: {
    title: 'News',
    defaultOptions: () => ({ market: 'stock', lang: 'en' }),
    read: ({ market, lang }, defaults) => ({
      market: isAssetClass(market) ? market : defaults.market,
      lang: isStr(lang, 8) && lang !== '' ? lang : defaults.lang,
    }),
  },
  alerts: {
    title: 'Alerts',
    defaultOptions: () => ({}),
    read: (_saved, defaults) => defaults,
  },
};

/** A saved pane's options, read by its kind (see `PaneKindSpec.read`). */
export function readOptions<K extends PaneKind>(kind: K, saved: Obj): PaneOptions[K] {
  const spec: PaneKindSpec<K> = PANE_KIND_TABLE[kind];
  return spec.read(saved, spec.defaultOptions());
}

/** Every kind, in the table's order. */
export const PANE_KINDS = Object.keys(PANE_KIND_TABLE) as PaneKind[];

export function isPaneKind(value: unknown): value is PaneKind {
  return typeof value === 'string' && Object.hasOwn(PANE_KIND_TABLE, value);
}
