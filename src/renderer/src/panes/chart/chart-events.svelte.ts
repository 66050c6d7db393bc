/**
 * What a chart marks, as loaded: its instrument's splits and IPO and the cached news
 * about it since its oldest loaded bar (`loadChartEvents`, one request per instrument
 * and per page of older history, never per bar). Asked again when the chart pages
 * further back, and when the bridge comes back after failing.
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
  /** The oldest time asked for; a page further back asks again. */
  #from = Infinity;
  #generation = 0;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
  }

  /**
   * Follows the chart: its instrument and its oldest loaded bar (ms). Loads when the
   * instrument changes or the chart paged back past what was asked.
   */
  follow(instrument: Instrument | null, oldest: UnixMs | null): void {
    const key = instrument ? instrumentKey(instrument) : '';
    if (key !== (this.#instrument ? instrumentKey(this.#instrument) : '')) {
      this.#instrument = instrument;
      this.#from = Infinity;
      this.#generation++;
      this.splits = [];
      this.marks = [];
      this.news = [];
      this.problem = null;
      this.of = key;
    }
    if (!instrument || oldest === null || oldest >= this.#from) return;
    void this.#load(instrument, oldest);
  }

  /** Drops what is under way (the pane closed). */
  dispose(): void {
    this.#generation++;
    this.#instrument = null;
  }

  /** Asks again (the bridge came back). */
  retry(): void {
    const instrument = this.#instrument;
    if (!instrument || !Number.isFinite(this.#from)) return;
    void this.#load(instrument, this.#from);
  }

  async #load(instrument: Instrument, from: UnixMs): Promise<void> {
    const generation = this.#generation;
    this.#from = from;
    let answer: ChartEventsAnswer;
    try {
      // To the end of tomorrow: a bar forming now, and news published during it.
      const to = Math.floor(Date.now() / DAY_MS + 2) * DAY_MS;
      answer = await this.#bridge.invoke('loadChartEvents', { instrument, from, to });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#from = Infinity;
      this.problem = `Chart events could not be loaded: ${errorMessage(error)}`;
      return;
    }
    if (generation !== this.#generation) return;
    this.splits = answer.splits.map(splitStep);
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
  }
}
