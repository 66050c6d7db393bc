/**
 * What a chart marks, as loaded: its instrument's splits and IPO and the cached news
 * about it (`loadChartEvents`, asked per instrument, never per bar). Asked as soon as
 * the instrument is known, beside its candles, from the cache, so the first page is
 * drawn split-adjusted at once rather than drawn twice; then asked again with the news
 * feed refreshed, an answer that may wait out the plan's rate limit (the splits never
 * wait for it). Asked again when the bridge comes back after failing.
 */
import type { ChartEventsAnswer, MarketdeskBridge } from '../../../../shared/bridge';
import {
  instrumentKey,
  type Instrument,
  type NewsItem,
  type UnixMs,
} from '../../../../shared/model';
import { errorMessage } from '../../../../shared/errors';
import type { EventMark } from './event-marks';
import { splitLabel, splitStep, type SplitStep } from './split-adjust';

const DAY_MS = 86_400_000;

/** "2025-06-10": an event's date in words for its tooltip (UTC: the service's dates are days). */
const dayText = (ms: UnixMs) => new Date(ms).toISOString().slice(0, 10);

export class ChartEvents {
  /** The instrument's splits, as the chart adjusts for them. */
  splits = $state.raw<SplitStep[]>([]);
  /** Splits and the IPO, by date (placed on bars by `placeEvents`). */
  marks = $state.raw<EventMark[]>([]);
  /** Cached news items about the instrument, newest first. */
  news = $state.raw<NewsItem[]>([]);
  /** The instrument the above are of (`instrumentKey`); '' for none. */
  of = $state('');
  /** Why the splits are not current (offline, not in the plan, an error), in words. */
  problem = $state<string | null>(null);

  #bridge: MarketdeskBridge;
  #instrument: Instrument | null = null;
  #generation = 0;
  #failed = false;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
  }

  /** Follows the chart's instrument: loads its events when it changes. */
  follow(instrument: Instrument | null): void {
    const key = instrument ? instrumentKey(instrument) : '';
    if (key === (this.#instrument ? instrumentKey(this.#instrument) : '')) return;
    this.#instrument = instrument;
    this.#generation++;
    this.splits = [];
    this.marks = [];
    this.news = [];
    this.problem = null;
    this.of = key;
    if (instrument) void this.#loadThenRefresh(instrument);
  }

  /** Drops what is under way (the pane closed). */
  dispose(): void {
    this.#generation++;
    this.#instrument = null;
  }

  /** Asks again after a failure (the bridge came back). */
  retry(): void {
    if (this.#instrument && this.#failed) void this.#loadThenRefresh(this.#instrument);
  }

  async #loadThenRefresh(instrument: Instrument): Promise<void> {
    if (await this.#load(instrument, false)) await this.#load(instrument, true);
  }

  /** Loads and shows the answer; false when it failed or the chart moved on. */
  async #load(instrument: Instrument, refreshNews: boolean): Promise<boolean> {
    const generation = this.#generation;
    let answer: ChartEventsAnswer;
    try {
      // Every cached story (the main side bounds how many it reads), to the end of
      // tomorrow: a bar forming now, and news published during it.
      const to = Math.floor(Date.now() / DAY_MS + 2) * DAY_MS;
      this.#failed = false;
      answer = await this.#bridge.invoke('loadChartEvents', {
        instrument,
        from: 0,
        to,
        refreshNews,
      });
    } catch (error) {
      if (generation !== this.#generation) return false;
      this.#failed = true;
      this.problem = `Chart events could not be loaded: ${errorMessage(error)}`;
      return false;
    }
    if (generation !== this.#generation) return false;
    // A split still to come changes no price traded so far.
    const now = Date.now();
    this.splits = answer.splits.filter((s) => s.date <= now).map(splitStep);
    const marks: EventMark[] = answer.splits.map((s) => {
      const label = splitLabel(splitStep(s).factor);
      return { time: s.date, kind: 'split', label, title: `Split ${label} on ${dayText(s.date)}` };
    });
    const listed = answer.ipo?.listingDate ?? null;
    if (listed !== null) {
      marks.push({
        time: listed,
        kind: 'ipo',
        label: 'IPO',
        title: `Listed (IPO) on ${dayText(listed)}`,
      });
    }
    this.marks = marks;
    this.news = answer.news;
    this.problem = answer.problem?.message ?? null;
    return true;
  }
}
