/**
 * The events pane's state: one region's splits and upcoming and recent IPOs, and the
 * next holidays of the markets the workspace shows (its watchlists' and the picked
 * region), each list as the main side answers it (cache-first, asked of the service at
 * most once a day) with its age and what went wrong.
 */
import type { EventList, MarketdeskBridge } from '../../../../shared/bridge';
import { stockCalendar, type Holiday } from '../../../../shared/calendar';
import { errorMessage } from '../../../../shared/errors';
import type { Ipo, Split, UnixMs } from '../../../../shared/model';
import { nextHolidays, splitRows, type SplitRow } from './events-rows';

/** A list not loaded (yet, or at all). */
const NONE: EventList<never> = { rows: [], asOf: null, offline: false };

/** One market's next holidays. */
export interface MarketHolidays {
  region: string;
  list: EventList<Holiday>;
  next: Holiday[];
}

export class EventsState {
  upcoming = $state.raw<EventList<Ipo>>(NONE);
  recent = $state.raw<EventList<Ipo>>(NONE);
  splits = $state.raw<EventList<Split>>(NONE);
  /** Recent and upcoming splits, newest first, each marked upcoming or done. */
  splitRows = $state.raw<SplitRow[]>([]);
  holidays = $state.raw<MarketHolidays[]>([]);
  loading = $state(false);
  /** The bridge failed (not a list's own problem, which each list carries). */
  error = $state<string | null>(null);

  #bridge: MarketdeskBridge;
  #generation = 0;
  #last: { region: string; markets: readonly string[] } | null = null;

  constructor(bridge: MarketdeskBridge) {
    this.#bridge = bridge;
  }

  /** Loads `region`'s lists and the holidays of `markets` (regions; `region` among them). */
  async show(region: string, markets: readonly string[], now: UnixMs = Date.now()): Promise<void> {
    const generation = ++this.#generation;
    this.#last = { region, markets };
    this.loading = true;
    this.error = null;
    const regions = [region, ...markets.filter((m) => m !== region)];
    try {
      const [own, ...others] = await Promise.all([
        this.#bridge.invoke('loadRegionEvents', {
          region,
          kinds: ['splits', 'ipos-upcoming', 'ipos-recent', 'holidays'],
        }),
        ...regions
          .slice(1)
          .map((r) => this.#bridge.invoke('loadRegionEvents', { region: r, kinds: ['holidays'] })),
      ]);
      if (generation !== this.#generation) return;
      this.upcoming = own!.lists['ipos-upcoming'] ?? NONE;
      this.recent = own!.lists['ipos-recent'] ?? NONE;
      this.splits = own!.lists.splits ?? NONE;
      this.splitRows = splitRows(this.splits.rows, now);
      this.holidays = [own!, ...others].map((answer) => {
        const list = answer.lists.holidays ?? NONE;
        const zone = stockCalendar(answer.region)?.timeZone;
        return { region: answer.region, list, next: nextHolidays(list.rows, now, zone) };
      });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.error = `Events could not be loaded: ${errorMessage(error)}`;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** Loads the same again (Retry, or the bridge came back). */
  retry(): Promise<void> {
    return this.#last ? this.show(this.#last.region, this.#last.markets) : Promise.resolve();
  }

  dispose(): void {
    this.#generation++;
  }
}
