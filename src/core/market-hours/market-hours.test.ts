/**
 * The market-hours service on manual timers over a scripted calendar client: the
 * service's calendar once a day per region, stored per source for offline use, the
 * regular sessions (said as such) where no calendar is known, the service's word on
 * the present state, and a change told at each transition.
 */
import { describe, expect, it } from 'vitest';
import type { DataSourceId, MarketState } from '../../shared/model';
import { ApiError, type Result } from '../api';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { calendarFor } from '../../shared/calendar';
import { memoryCalendars, type CalendarKeeper } from './calendar-store';
import {
  MarketHours,
  type CalendarClient,
  type CalendarRules,
  type RegionStatus,
} from './market-hours';
import { SHARED_CALENDAR_RULES } from './service-calendar';

/** A test calendar: closed for a holiday until `until`, open for an hour after, then closed. */
interface TestCalendar {
  holiday: string;
  until: number;
}

const RULES: CalendarRules = {
  readable: (c) => typeof (c as TestCalendar | null)?.until === 'number',
  stateAt(c, at) {
    const { holiday, until } = c as TestCalendar;
    const timeZone = 'America/New_York';
    if (at < until) {
      return {
        phase: 'holiday',
        holiday,
        nextOpen: until,
        nextClose: null,
        timeZone,
        nextChange: until,
      };
    }
    if (at < until + 3_600_000) {
      return {
        phase: 'open',
        holiday: null,
        nextOpen: null,
        nextClose: until + 3_600_000,
        timeZone,
        nextChange: until + 3_600_000,
      };
    }
    return {
      phase: 'closed',
      holiday: null,
      nextOpen: null,
      nextClose: null,
      timeZone,
      nextChange: null,
    };
  },
};

class Client implements CalendarClient {
  readonly asked: string[] = [];
  readonly statusAsked: string[] = [];
  error: ApiError | null = null;
  answer: RegionStatus | null = null;
  constructor(readonly cal: TestCalendar) {}
  async calendar(region: string): Promise<Result<unknown, ApiError>> {
    this.asked.push(region);
    return this.error ? { ok: false, error: this.error } : { ok: true, value: this.cal };
  }
  async status(region: string): Promise<Result<RegionStatus, ApiError>> {
    this.statusAsked.push(region);
    const value = this.answer ?? { phase: 'holiday' as MarketState, holiday: this.cal.holiday };
    return { ok: true, value };
  }
}

function setup(
  client: Client | null,
  keeper: CalendarKeeper = memoryCalendars(),
  source: DataSourceId = 'demo',
  fetchAfterMs?: number,
) {
  const timers = new ManualTimers();
  const hours = new MarketHours({
    client: () => client,
    source: () => source,
    rules: RULES,
    keeper,
    now: timers.now,
    timers,
    ...(fetchAfterMs === undefined ? {} : { fetchAfterMs }),
  });
  let changes = 0;
  hours.onChange(() => changes++);
  return { timers, hours, changes: () => changes };
}

/** Market hours over `client` with the service's calendar rules, on a clock from `start`. */
function serviceHours(client: CalendarClient, start: number, fetchAfterMs?: number) {
  const timers = new ManualTimers(start);
  const hours = new MarketHours({
    client: () => client,
    source: () => 'demo',
    rules: SHARED_CALENDAR_RULES,
    keeper: memoryCalendars(),
    now: timers.now,
    timers,
    ...(fetchAfterMs === undefined ? {} : { fetchAfterMs }),
  });
  return { timers, hours };
}

describe('MarketHours', () => {
  it('knows crypto is open and forex rests at the weekend by its own calendar', () => {
    const { hours, timers } = setup(null);
    expect(hours.state('crypto', 'BA')).toMatchObject({ phase: 'open', basis: 'calendar' });
    // Saturday 28 Nov 2026, 12:00 UTC.
    const sat = new MarketHours({
      client: () => null,
      source: () => 'demo',
      rules: RULES,
      keeper: memoryCalendars(),
      now: () => Date.UTC(2026, 10, 28, 12),
      timers,
    });
    expect(sat.state('forex', 'GB')).toMatchObject({ phase: 'weekend', basis: 'calendar' });
  });

  it('says a stock market without a calendar is read from its regular sessions, and why', () => {
    const { hours } = setup(null);
    // Wednesday 18 Nov 2026, 15:00 UTC = 10:00 New York.
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'open',
      basis: 'regular',
      unknownWhy: 'its calendar is not known',
    });
  });

  it("fetches a region's calendar once, confirms the state once, and reads it from the service", async () => {
    const client = new Client({ holiday: 'Thanksgiving', until: Date.UTC(2026, 10, 19, 14, 30) });
    const { hours, timers, changes } = setup(client);
    hours.state('stock', 'US');
    hours.state('indices', 'US');
    await timers.advance(0);
    expect(client.asked).toEqual(['US']);
    expect(client.statusAsked).toEqual(['US']);
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'holiday',
      holiday: 'Thanksgiving',
      basis: 'service',
      nextOpen: Date.UTC(2026, 10, 19, 14, 30),
    });
    expect(changes()).toBeGreaterThan(0);
    await timers.advance(60 * 60_000);
    expect(client.asked).toEqual(['US']);
  });

  it('asks for no calendar before fetchAfterMs, reading the regular sessions meanwhile', async () => {
    const client = new Client({ holiday: 'Thanksgiving', until: Date.UTC(2026, 10, 19, 14, 30) });
    const { hours, timers } = setup(client, memoryCalendars(), 'demo', 2_000);
    expect(hours.state('stock', 'US')).toMatchObject({
      basis: 'regular',
      unknownWhy: "its calendar is asked after the first screen's prices",
    });
    await timers.advance(1_999);
    expect(client.asked).toEqual([]);
    expect(client.statusAsked).toEqual([]);
    await timers.advance(1);
    expect(client.asked).toEqual(['US']);
    expect(client.statusAsked).toEqual(['US']);
    expect(hours.state('stock', 'US')).toMatchObject({ phase: 'holiday', basis: 'service' });
    // A market first asked for later is fetched at once.
    hours.state('stock', 'HK');
    await timers.advance(0);
    expect(client.asked).toEqual(['US', 'HK']);
  });

  it("says a calendar queued behind the plan's budget is queued, and until when, not being fetched", async () => {
    // The free plan at start-up: the calendar's request waits a minute for its slot.
    let answer: (r: Result<unknown, ApiError>) => void = () => {};
    const client = new Client({ holiday: 'Thanksgiving', until: Date.UTC(2026, 10, 19, 14, 30) });
    const queued: CalendarClient = {
      calendar: (region) => {
        client.asked.push(region);
        return new Promise((resolve) => (answer = resolve));
      },
      status: (region) => client.status(region),
      slotDelayMs: () => 61_000,
    };
    const timers = new ManualTimers();
    const hours = new MarketHours({
      client: () => queued,
      source: () => 'demo',
      rules: RULES,
      keeper: memoryCalendars(),
      now: timers.now,
      timers,
    });
    let told = 0;
    hours.onChange(() => told++);
    hours.state('stock', 'US');
    await timers.advance(0);
    expect(client.asked).toEqual(['US']);
    const sendsAt = new Date(timers.now() + 61_000).toISOString().slice(11, 19);
    expect(hours.state('stock', 'US')).toMatchObject({
      basis: 'regular',
      unknownWhy: `its calendar is queued behind the plan's request budget, asked at about ${sendsAt} UTC`,
    });
    // Its slot comes: it is on its way, and listeners are told the new words.
    const before = told;
    await timers.advance(61_000);
    expect(hours.state('stock', 'US').unknownWhy).toBe('its calendar is being fetched');
    expect(told).toBeGreaterThan(before);
    answer({ ok: true, value: client.cal });
    await timers.advance(0);
    expect(hours.state('stock', 'US')).toMatchObject({ basis: 'service', unknownWhy: null });
    hours.dispose();
  });

  it('tells a change at the transition and fetches again the next day', async () => {
    const until = Date.UTC(2026, 10, 18, 16, 0);
    const client = new Client({ holiday: 'Test day', until });
    const { hours, timers, changes } = setup(client);
    hours.state('stock', 'US');
    await timers.advance(0);
    const before = changes();
    await timers.advance(until - timers.now());
    expect(hours.state('stock', 'US').phase).toBe('open');
    expect(changes()).toBe(before + 1);
    await timers.advance(Date.UTC(2026, 10, 19, 0, 1) - timers.now());
    expect(client.asked).toEqual(['US', 'US']);
  });

  it('keeps the calendar for offline use, per source, marked as stored', async () => {
    const keeper = memoryCalendars();
    const client = new Client({ holiday: 'Thanksgiving', until: Date.UTC(2026, 10, 19) });
    const first = setup(client, keeper);
    first.hours.state('stock', 'US');
    await first.timers.advance(0);
    const offline = new Client(client.cal);
    offline.error = new ApiError({ kind: 'network', operation: 'holidays', message: 'down' });
    const again = setup(offline, keeper);
    expect(again.hours.state('stock', 'US')).toMatchObject({ phase: 'holiday', basis: 'stored' });
    const live = setup(offline, keeper, 'live:https://api.example');
    live.hours.state('stock', 'US');
    await live.timers.advance(0);
    expect(live.hours.state('stock', 'US')).toMatchObject({
      basis: 'regular',
      unknownWhy: 'its calendar could not be fetched (offline)',
    });
  });

  it('says a calendar outside the plan is not in the plan, and asks again later', async () => {
    const client = new Client({ holiday: 'x', until: 0 });
    client.error = new ApiError({ kind: 'not-entitled', operation: 'holidays', message: 'no' });
    const { hours, timers } = setup(client);
    hours.state('stock', 'HK');
    await timers.advance(0);
    expect(hours.state('stock', 'HK').unknownWhy).toBe('its calendar is not in your plan');
    await timers.advance(60_000);
    expect(client.asked).toHaveLength(1);
    await timers.advance(5 * 60_000);
    expect(client.asked).toHaveLength(2);
  });

  it("takes the service's word on the present state until the calendar's next change", async () => {
    const until = Date.UTC(2026, 10, 18, 16, 0);
    const client = new Client({ holiday: 'Test day', until });
    client.answer = { phase: 'closed', holiday: 'Emergency close' };
    const { hours, timers } = setup(client);
    hours.state('stock', 'US');
    await timers.advance(0);
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'closed',
      holiday: 'Emergency close',
    });
    await timers.advance(until - timers.now());
    expect(hours.state('stock', 'US').phase).toBe('open');
  });

  it("on a weekend asks the region's calendar but not its present state, until the weekend ends", async () => {
    // The shared rules over the app's own US table, as the service would send it.
    const us = JSON.parse(JSON.stringify(calendarFor('stock', 'US'))) as unknown;
    const asked: string[] = [];
    const statusAsked: string[] = [];
    const client: CalendarClient = {
      calendar: async (region) => (asked.push(region), { ok: true, value: us }),
      status: async (region) => (
        statusAsked.push(region),
        { ok: true, value: { phase: 'closed', holiday: null } }
      ),
    };
    // Sunday 29 Nov 2026, 10:00 in New York.
    const { timers, hours } = serviceHours(client, Date.UTC(2026, 10, 29, 15), 2_000);
    const states: string[] = [];
    hours.onChange(() => states.push(String(hours.state('stock', 'US').phase)));
    // Before the calendar: the app's own sessions, a weekend since Friday's (half day's) close.
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'weekend',
      basis: 'regular',
      lastClose: Date.UTC(2026, 10, 27, 18),
    });
    await timers.advance(2_000);
    expect(asked).toEqual(['US']);
    expect(statusAsked).toEqual([]);
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'weekend',
      basis: 'service',
      lastClose: Date.UTC(2026, 10, 27, 18),
    });
    // Monday, midnight in New York: the weekend is over (told then), the state is asked.
    await timers.advance(Date.UTC(2026, 10, 30, 5) - 1 - timers.now());
    expect(statusAsked).toEqual([]);
    await timers.advance(1);
    expect(statusAsked).toEqual(['US']);
    expect(states.at(-1)).toBe('closed');
    hours.dispose();
  });

  it('judges the states at a replay clock: a Friday afternoon replayed on a Sunday is open, nothing asked', async () => {
    // The service's calendar (the app's own US table, as the service would send it) and a
    // status that would say "closed" of now.
    const us = JSON.parse(JSON.stringify(calendarFor('stock', 'US'))) as unknown;
    const asked: string[] = [];
    const client: CalendarClient = {
      calendar: async (region) => (asked.push(`calendar ${region}`), { ok: true, value: us }),
      status: async (region) => (
        asked.push(`status ${region}`),
        { ok: true, value: { phase: 'closed', holiday: 'Emergency close' } }
      ),
    };
    // Sunday 22 Nov 2026, 10:00 in New York.
    const { timers, hours } = serviceHours(client, Date.UTC(2026, 10, 22, 15));
    const phases: string[] = [];
    hours.onChange(() => phases.push(String(hours.state('stock', 'US').phase)));
    hours.state('stock', 'US');
    await timers.advance(0);
    expect(hours.state('stock', 'US')).toMatchObject({ phase: 'weekend', basis: 'service' });
    const before = [...asked];

    // A replay of Friday 20 Nov, 15:00 in New York, its clock moved by hand.
    const replay = { t: Date.UTC(2026, 10, 20, 20) };
    hours.judgeAt(() => replay.t);
    expect(phases.at(-1)).toBe('open');
    expect(hours.state('stock', 'US')).toMatchObject({
      phase: 'open',
      basis: 'service',
      nextClose: Date.UTC(2026, 10, 20, 21),
    });
    expect(hours.states()).toEqual([hours.state('stock', 'US')]);
    // The replay plays past 16:00: post-market, told when its clock is said to move.
    replay.t = Date.UTC(2026, 10, 20, 21, 0, 1);
    expect(hours.state('stock', 'US').phase).toBe('post-market');
    const told = phases.length;
    hours.clockMoved();
    expect(phases.slice(told)).toEqual(['post-market']);
    hours.clockMoved();
    expect(phases).toHaveLength(told + 1);
    // Sought back: open again.
    replay.t = Date.UTC(2026, 10, 20, 20, 30);
    hours.clockMoved();
    expect(phases.at(-1)).toBe('open');
    // Meanwhile nothing was asked of the service (a day's refetch included), and its word
    // on now was not applied to the replayed time.
    await timers.advance(36 * 3_600_000);
    expect(asked).toEqual(before);
    expect(hours.state('stock', 'US').phase).toBe('open');

    // Back at the wall clock: Monday 22:00 in New York, closed; the calendar is asked
    // again for the new day.
    hours.judgeAt(null);
    expect(hours.state('stock', 'US').phase).toBe('closed');
    await timers.advance(0);
    expect(asked.length).toBeGreaterThan(before.length);
    hours.dispose();
  });
});
