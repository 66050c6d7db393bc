/**
 * The 24 h references of a board's crypto rows (./day-change): asked of the candle
 * history once per symbol, source and hour of the window (cache-first, so usually at
 * once), never per render or per quote; a refresh that follows a cached answer
 * replaces the reference. Rows read `reference(…)` in their `$derived`s.
 */
import type { CandlesPage, MarketdeskBridge } from '../../../../shared/bridge';
import type { Disposable } from '../../../../shared/emitter';
import {
  seriesKey,
  type DataSourceId,
  type SeriesKey,
  type UnixMs,
} from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import {
  DAY_CHANGE_CANDLES,
  DAY_CHANGE_KTYPE,
  dayReference,
  dayWindow,
  type DayReference,
} from '../../../../shared/model/day-change';

interface Entry {
  /** The window it was asked for. */
  window: number;
  time: UnixMs;
  reference: DayReference | null;
}

export class DayChanges {
  /** By source and series key: the newest window asked, and its answer once known. */
  #entries = $state.raw<Record<string, Entry>>({});
  /** The window last asked per key: plain bookkeeping, never read by a template. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #asked = new Map<string, number>();
  #stop: Disposable;

  constructor(private readonly bridge: MarketdeskBridge) {
    // A cached answer is followed by the refreshed page as an event: use it.
    this.#stop = bridge.on('candles', ({ subscriptionId, page }) => {
      if (subscriptionId === null) this.#take(page);
    });
  }

  /** The reference for a crypto row's quote at `time` from `source`; null until known or when none. */
  reference(symbol: SymbolRef, time: UnixMs, source: DataSourceId): DayReference | null {
    const series = seriesOf(symbol);
    const key = `${source}|${seriesKey(series)}`;
    const window = dayWindow(time);
    const entry = this.#entries[key];
    if (entry?.window === window) return entry.reference;
    if (this.#asked.get(key) !== window) {
      this.#asked.set(key, window);
      void this.#load(key, series, window, time);
    }
    return null;
  }

  dispose(): void {
    this.#stop.dispose();
  }

  async #load(key: string, series: SeriesKey, window: number, time: UnixMs): Promise<void> {
    try {
      const page = await this.bridge.invoke('loadCandles', {
        series,
        limit: DAY_CHANGE_CANDLES,
        deferred: true,
      });
      if (this.#asked.get(key) !== window) return;
      this.#set(key, { window, time, reference: dayReference(page.candles, time) });
    } catch {
      // No reference: the row keeps showing no 24 h change; the next hour asks again.
    }
  }

  #take(page: CandlesPage): void {
    if (page.series.kType !== DAY_CHANGE_KTYPE) return;
    const suffix = `|${seriesKey(page.series)}`;
    for (const [key, entry] of Object.entries(this.#entries)) {
      if (!key.endsWith(suffix)) continue;
      const reference = dayReference(page.candles, entry.time);
      if (reference) this.#set(key, { ...entry, reference });
    }
  }

  #set(key: string, entry: Entry): void {
    this.#entries = { ...this.#entries, [key]: entry };
  }
}

function seriesOf(symbol: SymbolRef): SeriesKey {
  return {
    class: symbol.class,
    region: symbol.region,
    exchange: '',
    code: symbol.code,
    kType: DAY_CHANGE_KTYPE,
  };
}
