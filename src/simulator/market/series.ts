/**
 * Candles of every interval from one symbol's minute path, as of a wall-clock instant.
 * Closed days are pure and memoised (minute paths, daily aggregates, interval
 * buckets, each in a bounded LRU); the day in progress is cut at `now`, its last
 * minute revealed to the second.
 */
import { KTYPES } from '../../shared/model';
import type { KType } from '../../shared/model';
import type { DaySessions } from '../../shared/calendar/calendars';
import { Lru } from '../../shared/lru';
import { buildDayPath, partialMinute, scratchPath } from './price-path';
import type { DayPath, RawCandle } from './price-path';
import { dayAtOrBefore, nextDay, previousDay, sessionsOf } from './symbol-model';
import type { SymbolModel } from './symbol-model';

/** Upper bound on candles in one klines answer (the API documents no maximum). */
export const MAX_KLINE_LIMIT = 5000;

/** How much of a day is visible at an instant. */
export interface Reveal {
  /** Complete minutes. */
  minutes: number;
  /** Seconds into minute `minutes` when that minute is forming; -1 when none is. */
  seconds: number;
}

/** Splits a day at `now`: complete minutes, and the forming one if a session is open. */
export function reveal(s: DaySessions, now: number): Reveal {
  if (now >= s.close) return { minutes: s.minutes, seconds: -1 };
  let before = 0;
  for (let k = 0; k < s.starts.length; k++) {
    const start = s.starts[k]!;
    const count = s.counts[k]!;
    if (now < start) return { minutes: before, seconds: -1 };
    const into = now - start;
    if (into < count * 60_000) {
      return {
        minutes: before + Math.floor(into / 60_000),
        seconds: Math.floor((into % 60_000) / 1000),
      };
    }
    before += count;
  }
  return { minutes: before, seconds: -1 };
}

/** Start instant of minute `i` of a day. */
export function minuteStart(s: DaySessions, i: number): number {
  let rest = i;
  for (let k = 0; k < s.starts.length; k++) {
    const count = s.counts[k]!;
    if (rest < count) return s.starts[k]! + rest * 60_000;
    rest -= count;
  }
  return s.close;
}

/** Folds minutes [from, to) and, optionally, a forming minute into one candle. */
export function aggregate(
  path: DayPath,
  t: number,
  from: number,
  to: number,
  forming?: Omit<RawCandle, 't'>,
): RawCandle {
  let o = from < to ? path.o[from]! : (forming?.o ?? path.o[from] ?? 0);
  let h = -Infinity;
  let l = Infinity;
  let c = o;
  let v = 0;
  let tu = 0;
  for (let i = from; i < to; i++) {
    const hi = path.h[i]!;
    const lo = path.l[i]!;
    if (hi > h) h = hi;
    if (lo < l) l = lo;
    v += path.v[i]!;
    tu += path.tu[i]!;
  }
  if (to > from) c = path.c[to - 1]!;
  if (forming) {
    if (to === from) o = forming.o;
    if (forming.h > h) h = forming.h;
    if (forming.l < l) l = forming.l;
    c = forming.c;
    v += forming.v;
    tu += forming.tu;
  }
  if (h === -Infinity) h = l = o;
  return { t, o, h, l, c, v, tu };
}

function monthIndex(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** Week (Monday-based) or month a trading date belongs to. */
function periodOf(kType: KType, day: number): number {
  return kType === 9 ? Math.floor((day + 3) / 7) : monthIndex(day);
}

/** The memoised candle machinery shared by all symbols of one market. */
export class SeriesEngine {
  readonly #paths = new Lru<number, DayPath>(256);
  readonly #days = new Lru<number, RawCandle>(150_000);
  readonly #buckets = new Lru<number, RawCandle[]>(400_000, (a) => a.length + 4);
  readonly #periodCache = new Lru<number, PeriodEntry>(50_000);
  /** Reused by closed days that are only folded, so scanning years allocates nothing. */
  readonly #scratch: DayPath = scratchPath();

  #key(sym: SymbolModel, day: number, extra = 0): number {
    // day < 2^17 (year 2328), extra < 16: exact integers well below 2^53.
    return (sym.id * 131_072 + day) * 16 + extra;
  }

  /** The minute path of a trading date (memoised). */
  path(sym: SymbolModel, s: DaySessions): DayPath {
    return this.#paths.getOrSet(this.#key(sym, s.day), () => buildDayPath(sym, s));
  }

  /** The day's candle as of `now` (memoised once the day is closed). */
  dayCandle(sym: SymbolModel, s: DaySessions, now: number): RawCandle {
    if (now >= s.close) {
      const key = this.#key(sym, s.day);
      const hit = this.#days.get(key);
      if (hit) return hit;
      const path = this.#paths.get(this.#key(sym, s.day)) ?? buildDayPath(sym, s, this.#scratch);
      const candle = aggregate(path, s.open, 0, s.minutes);
      this.#days.set(key, candle);
      return candle;
    }
    const path = this.path(sym, s);
    const r = reveal(s, now);
    const forming = r.seconds >= 0 ? partialMinute(sym, path, r.minutes, r.seconds) : undefined;
    return aggregate(path, s.open, 0, r.minutes, forming);
  }

  /** A day's intraday candles of `kType` as of `now`; buckets restart at each session open. */
  intradayCandles(sym: SymbolModel, s: DaySessions, kType: KType, now: number): RawCandle[] {
    const closed = now >= s.close;
    const key = this.#key(sym, s.day, kType);
    if (closed) {
      const hit = this.#buckets.get(key);
      if (hit) return hit;
    }
    const path = this.path(sym, s);
    const r = closed ? { minutes: s.minutes, seconds: -1 } : reveal(s, now);
    const per = KTYPES[kType].ms / 60_000;
    const out: RawCandle[] = [];
    let first = 0;
    for (let k = 0; k < s.starts.length; k++) {
      const count = s.counts[k]!;
      for (let j = 0; j < count; j += per) {
        const from = first + j;
        if (from > r.minutes || (from === r.minutes && r.seconds < 0)) break;
        const to = Math.min(first + Math.min(j + per, count), r.minutes);
        const formingHere = r.seconds >= 0 && r.minutes < first + Math.min(j + per, count);
        const forming = formingHere ? partialMinute(sym, path, r.minutes, r.seconds) : undefined;
        out.push(aggregate(path, s.starts[k]! + j * 60_000, from, to, forming));
      }
      first += count;
    }
    if (closed) this.#buckets.set(key, out);
    return out;
  }

  /**
   * Up to `limit` candles ascending, the newest with open time <= min(endTime, now).
   * Work is proportional to the candles returned (plus the days they span).
   */
  klines(
    sym: SymbolModel,
    kType: KType,
    limit: number,
    now: number,
    endTime?: number,
  ): RawCandle[] {
    const cap = Math.min(Math.max(1, Math.floor(limit)), MAX_KLINE_LIMIT);
    const upto = endTime === undefined ? now : Math.min(endTime, now);
    const lastDay = dayAtOrBefore(sym, upto);
    if (lastDay === null) return [];
    if (kType <= 7) return this.#intraday(sym, kType, cap, now, upto, lastDay);
    if (kType === 8) return this.#daily(sym, cap, now, lastDay);
    return this.#periods(sym, kType, cap, now, lastDay);
  }

  #intraday(
    sym: SymbolModel,
    kType: KType,
    cap: number,
    now: number,
    upto: number,
    lastDay: number,
  ) {
    const chunks: RawCandle[][] = [];
    let count = 0;
    for (let d: number | null = lastDay; d !== null && count < cap; d = previousDay(sym, d)) {
      const s = sessionsOf(sym, d);
      if (!s) continue;
      let list = this.intradayCandles(sym, s, kType, now);
      if (list.length > 0 && list[list.length - 1]!.t > upto)
        list = list.filter((c) => c.t <= upto);
      chunks.push(list);
      count += list.length;
    }
    const all = chunks.reverse().flat();
    return all.length > cap ? all.slice(all.length - cap) : all;
  }

  #daily(sym: SymbolModel, cap: number, now: number, lastDay: number): RawCandle[] {
    const out: RawCandle[] = [];
    for (let d: number | null = lastDay; d !== null && out.length < cap; d = previousDay(sym, d)) {
      const s = sessionsOf(sym, d);
      if (s) out.push(this.dayCandle(sym, s, now));
    }
    return out.reverse();
  }

  #periods(sym: SymbolModel, kType: KType, cap: number, now: number, lastDay: number): RawCandle[] {
    const nowDay = dayAtOrBefore(sym, now) ?? lastDay;
    const nowPeriod = periodOf(kType, nowDay);
    // The period holding `lastDay` is shown as of now: start from its last day so far.
    let start = lastDay;
    const period = periodOf(kType, lastDay);
    for (
      let d = nextDay(sym, start);
      d !== null && d <= nowDay && periodOf(kType, d) === period;
      d = nextDay(sym, d)
    ) {
      start = d;
    }
    const out: RawCandle[] = [];
    for (let d: number | null = start; d !== null && out.length < cap;) {
      const p = periodOf(kType, d);
      const closed = p !== nowPeriod;
      const key = (sym.id * 131_072 + p) * 16 + kType;
      let entry = closed ? this.#periodCache.get(key) : undefined;
      if (!entry) {
        entry = this.#foldPeriod(sym, kType, p, d, now);
        if (closed) this.#periodCache.set(key, entry);
      }
      out.push(entry.candle);
      d = previousDay(sym, entry.first);
    }
    return out.reverse();
  }

  /** Folds the days of period `p` from `last` backward. */
  #foldPeriod(sym: SymbolModel, kType: KType, p: number, last: number, now: number): PeriodEntry {
    let candle: RawCandle | null = null;
    let first = last;
    for (
      let d: number | null = last;
      d !== null && periodOf(kType, d) === p;
      d = previousDay(sym, d)
    ) {
      const s = sessionsOf(sym, d);
      if (!s) continue;
      const day = this.dayCandle(sym, s, now);
      first = d;
      if (!candle) {
        candle = { ...day };
        continue;
      }
      // Walking backward: each earlier day supplies the open and the period's time.
      candle.t = day.t;
      candle.o = day.o;
      if (day.h > candle.h) candle.h = day.h;
      if (day.l < candle.l) candle.l = day.l;
      candle.v += day.v;
      candle.tu += day.tu;
    }
    return { candle: candle!, first };
  }
}

interface PeriodEntry {
  candle: RawCandle;
  /** The period's first trading date. */
  first: number;
}
