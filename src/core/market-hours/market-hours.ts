/**
 * Each market's state (open, a break, closed, a weekend, a holiday) for every market the
 * workspace shows. A stock market's calendar comes from the service (the holidays
 * operation, once a day per region; the market status operation once per region to
 * confirm the present state), is kept per source for offline use, and its state is
 * computed with the shared calendar rules. Crypto, forex and futures follow the app's own
 * calendars. Where a stock market's calendar is not known, its state comes from the
 * regular sessions and says so (`regular`), never more.
 *
 * The service's few requests go through the client handed in, so the plan's budget
 * counts them like every other.
 */
import { Emitter, type Event } from '../../shared/emitter';
import {
  marketKey,
  type AssetClass,
  type DataSourceId,
  type MarketState,
  type MarketStateView,
  type UnixMs,
} from '../../shared/model';
import { systemTimers, type Timers, type TimerHandle } from '../../shared/timers';
import type { ApiError, Result } from '../api';
import type { CalendarKeeper } from './calendar-store';
import { calendarIsComplete, regularState, type PhaseAt } from './regular';

/** What the service says of a region's present state (the market status operation). */
export interface RegionStatus {
  phase: MarketState;
  holiday: string | null;
}

/** The calendar operations of the current source's client. */
export interface CalendarClient {
  /** The region's calendar (the holidays operation), in the shape `CalendarRules.read` reads. */
  calendar(region: string, signal: AbortSignal): Promise<Result<unknown, ApiError>>;
  /** The region's present state (the market status operation). */
  status(region: string, signal: AbortSignal): Promise<Result<RegionStatus, ApiError>>;
  /**
   * About how long a request asked now waits for a slot of the plan's minute (ms;
   * `MarketClient.slotDelayMs`); absent: not known (said as being fetched).
   */
  slotDelayMs?(): number;
}

/** How a fetched calendar is read and asked (shared/calendar's rules). */
export interface CalendarRules {
  /** The phase at `at` of a calendar `read` accepted, or null when it cannot say. */
  stateAt(calendar: unknown, at: UnixMs): PhaseAt | null;
  /** True when a calendar (as fetched, or as stored) can be used. */
  readable(calendar: unknown): boolean;
}

export interface MarketHoursOptions {
  /** The client of the current source; null: no requests now. */
  client: () => CalendarClient | null;
  source: () => DataSourceId;
  rules: CalendarRules;
  keeper: CalendarKeeper;
  now?: () => UnixMs;
  timers?: Timers;
  /** Told of failures no caller owns (a write of the store, a throwing listener). */
  onError?: (error: unknown) => void;
  /**
   * No calendar or status is asked before this long after construction (default 0):
   * the services start with it so that the first screen's quotes are the first requests
   * (a first start's holidays and statuses went first and held the first quote back).
   * Meanwhile a market reads its stored calendar, else its regular sessions, said so.
   */
  fetchAfterMs?: number;
}

/** A region's calendar as this session knows it. */
interface Region {
  calendar: unknown;
  fetchedAt: UnixMs | null;
  /** Fetched this session from the current source. */
  fresh: boolean;
  fetching: boolean;
  /**
   * While fetching: about when its request leaves, queued behind the plan's budget (null:
   * at once). Until then it is queued, not "being fetched" (on the free plan, a minute).
   */
  sendsAt: UnixMs | null;
  /** Not asked again before this (a failure's wait). */
  retryAt: UnixMs;
  /** Why there is no calendar from the service, or null. */
  why: string | null;
  statusAsked: boolean;
  /** The service's word on the present state, standing until the next transition. */
  status: (RegionStatus & { until: UnixMs }) | null;
}

/** A failed fetch is tried again after this. */
export const CALENDAR_RETRY_MS = 5 * 60_000;
/** The states are looked at again at least this often (a fetched calendar's next day). */
export const MARKET_HOURS_RECHECK_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Classes whose calendar is the stock region's (indices and funds trade with their market). */
const usesRegionCalendar = (cls: AssetClass) => !calendarIsComplete(cls);

export class MarketHours {
  readonly #o: Required<Omit<MarketHoursOptions, 'onError' | 'fetchAfterMs'>> & {
    onError: (error: unknown) => void;
  };
  readonly #tracked = new Map<string, { cls: AssetClass; region: string }>();
  readonly #regions = new Map<string, Region>();
  /** The next session start or end of each market's calendar, as last read (the next look). */
  readonly #changes = new Map<string, UnixMs | null>();
  readonly #changed = new Emitter<void>();
  #abort = new AbortController();
  #timer: TimerHandle | null = null;
  #timerAt: UnixMs | null = null;
  #last = '';
  #disposed = false;
  /** No fetch before this (`fetchAfterMs` after construction). */
  readonly #fetchFrom: UnixMs;
  /** The clock the states are judged at instead of the wall clock (a replay's), or null. */
  #judgeClock: (() => UnixMs) | null = null;
  /** The judged time of the last look, and the next time a state may change (a replay's clock). */
  #lookedAt: UnixMs = 0;
  #nextLookAt: UnixMs = Infinity;

  /** Told when any tracked market's state changed (pull `states()` or `state()`). */
  readonly onChange: Event<void> = this.#changed.event;

  constructor(options: MarketHoursOptions) {
    this.#o = {
      now: Date.now,
      timers: systemTimers,
      onError: (e) => console.error('marketdesk market hours:', e),
      ...options,
    };
    this.#fetchFrom = this.#o.now() + (options.fetchAfterMs ?? 0);
  }

  /**
   * The state of a market now (at the judging clock's time, `judgeAt`); asking tracks it
   * (its calendar is fetched when needed).
   */
  state(cls: AssetClass, region: string): MarketStateView {
    const key = marketKey(cls, region);
    if (!this.#tracked.has(key) && !this.#disposed) {
      this.#tracked.set(key, { cls, region: region.toUpperCase() });
      this.#o.timers.setTimeout(() => this.#check(), 0);
    }
    return this.#view(cls, region.toUpperCase(), this.#judged());
  }

  /** Every tracked market's state now (at the judging clock's time). */
  states(): MarketStateView[] {
    const now = this.#judged();
    return [...this.#tracked.values()].map((m) => this.#view(m.cls, m.region, now));
  }

  /**
   * Judges the states at another clock's time (a replay's: a Friday session replayed on a
   * Sunday is open at its replayed time), or back at the wall clock (null). Meanwhile the
   * calendars held are read as they are: nothing is fetched and the service's word on the
   * present state is not applied (it is about now, not the other clock's time); the
   * clock's owner tells when it moves (`clockMoved`). A change of any state is told.
   */
  judgeAt(clock: (() => UnixMs) | null): void {
    if (this.#disposed) return;
    this.#judgeClock = clock;
    this.#check();
  }

  /**
   * The judging clock ran on or jumped (a replay played, sought): the states are looked
   * at again when one may have changed (its time reached a session's start or end, or went
   * back). Cheap to call often (a replay's every tick).
   */
  clockMoved(): void {
    if (this.#disposed || this.#judgeClock === null) return;
    const t = this.#judgeClock();
    if (t < this.#lookedAt || t >= this.#nextLookAt) this.#check();
  }

  /** The source changed (demo ↔ live, a new address): its own calendars are read or fetched. */
  sourceChanged(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#regions.clear();
    this.#check();
  }

  dispose(): void {
    this.#disposed = true;
    this.#abort.abort();
    if (this.#timer !== null) this.#o.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#changed.dispose();
  }

  // ------------------------------------------------------------ states

  /** The time the states are judged at: the judging clock's, else the wall clock's. */
  #judged(): UnixMs {
    return this.#judgeClock?.() ?? this.#o.now();
  }

  #view(cls: AssetClass, region: string, now: UnixMs): MarketStateView {
    const base = { class: cls, region };
    const key = marketKey(cls, region);
    if (!usesRegionCalendar(cls)) {
      const own = regularState(cls, region, now);
      this.#changes.set(key, own.nextChange);
      return { ...base, ...viewOf(own), basis: 'calendar', unknownWhy: null };
    }
    const r = this.#region(region);
    const at = r.calendar === null ? null : this.#o.rules.stateAt(r.calendar, now);
    if (at === null) {
      this.#changes.set(key, regularState(cls, region, now).nextChange);
      const why = r.why ?? this.#unknownWhy(r);
      return {
        ...base,
        ...viewOf(regularState(cls, region, now)),
        basis: 'regular',
        unknownWhy: why,
      };
    }
    this.#changes.set(key, at.nextChange);
    const view: MarketStateView = {
      ...base,
      ...viewOf(at),
      basis: r.fresh ? 'service' : 'stored',
      unknownWhy: null,
    };
    // The service's word on the present state stands until the calendar's next change;
    // it says nothing of another clock's time.
    if (r.status && this.#judgeClock === null && now < r.status.until) {
      view.phase = r.status.phase;
      view.holiday = r.status.holiday;
      // Its own last close is not the calendar's; when it closed is then not known.
      view.lastClose = null;
    }
    return view;
  }

  /** Why a region's calendar is not known yet, as it truly stands: to be asked, queued, or on its way. */
  #unknownWhy(r: Region): string {
    const now = this.#o.now();
    if (r.fetching) {
      if (r.sendsAt === null || r.sendsAt <= now) return 'its calendar is being fetched';
      // Said once "being fetched" while the request waited a minute behind the budget.
      return `its calendar is queued behind the plan's request budget, asked at about ${clockText(r.sendsAt)} UTC`;
    }
    if (now < this.#fetchFrom && this.#o.client() !== null) {
      return "its calendar is asked after the first screen's prices";
    }
    return 'its calendar is not known';
  }

  /** The region's entry, read from the store the first time. */
  #region(region: string): Region {
    let r = this.#regions.get(region);
    if (r) return r;
    const stored = this.#o.keeper.get(this.#o.source(), region);
    const usable = stored !== null && this.#o.rules.readable(stored.calendar);
    r = {
      calendar: usable ? stored.calendar : null,
      fetchedAt: usable ? stored.fetchedAt : null,
      fresh: false,
      fetching: false,
      sendsAt: null,
      retryAt: 0,
      why: null,
      statusAsked: false,
      status: null,
    };
    this.#regions.set(region, r);
    return r;
  }

  // ------------------------------------------------------------ fetching and the clock

  /** Fetches what is due, tells listeners of changed states, and sets the next look. */
  #check(): void {
    if (this.#disposed) return;
    const now = this.#o.now();
    if (now >= this.#fetchFrom && this.#judgeClock === null) {
      for (const m of this.#tracked.values()) {
        if (!usesRegionCalendar(m.cls)) continue;
        this.#fetchIfDue(m.region, now);
        this.#statusIfDue(m.region, now);
      }
    }
    const judged = this.#judged();
    const states = this.states();
    const text = JSON.stringify(states);
    if (text !== this.#last) {
      this.#last = text;
      this.#changed.fire();
    }
    if (this.#judgeClock === null) {
      this.#schedule(states, now);
      return;
    }
    // Another clock's: no wall timer (its owner tells of its moves), the next change noted.
    if (this.#timer !== null) this.#o.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = null;
    this.#lookedAt = judged;
    this.#nextLookAt = nextChangeAfter(states, this.#changes.values(), judged);
  }

  #fetchIfDue(region: string, now: UnixMs): void {
    const r = this.#region(region);
    if (r.fetching || now < r.retryAt) return;
    const today = Math.floor(now / DAY_MS);
    const due = !r.fresh || r.fetchedAt === null || Math.floor(r.fetchedAt / DAY_MS) < today;
    if (!due) return;
    const client = this.#o.client();
    if (!client) return;
    r.fetching = true;
    const wait = client.slotDelayMs?.() ?? 0;
    r.sendsAt = wait > 0 ? now + wait : null;
    const signal = this.#abort.signal;
    const source = this.#o.source();
    void client
      .calendar(region, signal)
      .then((result) => {
        if (signal.aborted || this.#regions.get(region) !== r) return;
        r.fetching = false;
        r.sendsAt = null;
        const at = this.#o.now();
        if (result.ok && this.#o.rules.readable(result.value)) {
          Object.assign(r, { calendar: result.value, fetchedAt: at, fresh: true, why: null });
          const failed = this.#o.keeper.put(source, region, {
            fetchedAt: at,
            calendar: result.value,
          });
          if (failed) this.#o.onError(new Error(failed));
        } else {
          r.retryAt = at + CALENDAR_RETRY_MS;
          r.why = !result.ok
            ? whyOf(result.error)
            : result.value === null
              ? 'the service lists no calendar for it'
              : 'the service sent a calendar that cannot be read';
        }
        this.#check();
      })
      .catch((error: unknown) => this.#o.onError(error));
  }

  /**
   * Once per region and session, once its calendar is in: the service's word on the
   * present state. Not on a weekend day: a calendar has no session then, so the service
   * can say nothing it does not (on a small plan each request counts); it is asked when
   * the weekend ends (a change of state, so a look).
   */
  #statusIfDue(region: string, now: UnixMs): void {
    const r = this.#region(region);
    if (!r.fresh || r.statusAsked || r.fetching) return;
    if (this.#o.rules.stateAt(r.calendar, now)?.phase === 'weekend') return;
    const client = this.#o.client();
    if (client) this.#askStatus(client, region, r);
  }

  #askStatus(client: CalendarClient, region: string, r: Region): void {
    r.statusAsked = true;
    const signal = this.#abort.signal;
    void client
      .status(region, signal)
      .then((result) => {
        if (signal.aborted || this.#regions.get(region) !== r || !result.ok) return;
        const now = this.#o.now();
        const at = this.#o.rules.stateAt(r.calendar, now);
        if (at === null || at.phase === result.value.phase) return;
        // The service and the calendar disagree (a half day, an emergency close): the
        // service's word holds until the calendar's next change.
        const until = Math.min(at.nextOpen ?? Infinity, at.nextClose ?? Infinity, now + DAY_MS);
        r.status = { ...result.value, until };
        this.#check();
      })
      .catch((error: unknown) => this.#o.onError(error));
  }

  /** The next look: the earliest change of any tracked state, a refetch, or the hour's recheck. */
  #schedule(states: readonly MarketStateView[], now: UnixMs): void {
    let at = now + MARKET_HOURS_RECHECK_MS;
    if (now < this.#fetchFrom) at = this.#fetchFrom;
    at = Math.min(at, nextChangeAfter(states, this.#changes.values(), now));
    for (const r of this.#regions.values()) {
      if (r.retryAt > now) at = Math.min(at, r.retryAt);
      // A queued calendar's request leaves: its words change from queued to being fetched.
      if (r.fetching && r.sendsAt !== null && r.sendsAt > now) at = Math.min(at, r.sendsAt);
      if (r.status && r.status.until > now) at = Math.min(at, r.status.until);
    }
    const nextDay = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    at = Math.min(at, nextDay);
    if (this.#timer !== null && this.#timerAt === at) return;
    if (this.#timer !== null) this.#o.timers.clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = this.#o.timers.setTimeout(
      () => {
        this.#timer = null;
        this.#timerAt = null;
        this.#check();
      },
      Math.max(0, at - now),
    );
  }
}

/** The earliest session start or end after `now` of the states and their calendars' next changes. */
function nextChangeAfter(
  states: readonly MarketStateView[],
  changes: Iterable<UnixMs | null>,
  now: UnixMs,
): UnixMs {
  let at = Infinity;
  for (const s of states) {
    for (const t of [s.nextOpen, s.nextClose]) if (t !== null && t > now) at = Math.min(at, t);
  }
  for (const t of changes) if (t !== null && t > now) at = Math.min(at, t);
  return at;
}

function viewOf(at: PhaseAt): Omit<MarketStateView, 'class' | 'region' | 'basis' | 'unknownWhy'> {
  return {
    phase: at.phase,
    holiday: at.holiday,
    ...(at.halfDay ? { halfDay: true } : {}),
    nextOpen: at.nextOpen,
    nextClose: at.nextClose,
    ...(at.lastClose != null ? { lastClose: at.lastClose } : {}),
    timeZone: at.timeZone,
  };
}

/** Why a calendar could not be fetched, in words. */
function whyOf(error: ApiError): string {
  switch (error.kind) {
    case 'not-entitled':
      return 'its calendar is not in your plan';
    case 'network':
    case 'timeout':
      return 'its calendar could not be fetched (offline)';
    case 'auth':
      return 'its calendar was refused (token)';
    case 'http':
      return `its calendar could not be fetched (the service answered HTTP ${error.status ?? '?'})`;
    default:
      return `its calendar could not be fetched (${error.kind})`;
  }
}

/** "14:01:05": a time of day in UTC, to the second. */
function clockText(at: UnixMs): string {
  return new Date(at).toISOString().slice(11, 19);
}
