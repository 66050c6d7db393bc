/**
 * The tick tape's pure logic: turning trades (ticks) into tape rows, newest first,
 * every trade a row (a push may carry several of a symbol: `Events['ticks'].earlier`),
 * coloured by direction vs that symbol's previous trade, bounded in length; and the
 * recorded trades before the first push put behind the rows (`backfill`).
 */
import { canonicalCodes, isSymbolCode, type Tick } from '../../../../shared/model';

/** Rows the tape keeps. */
export const MAX_ROWS = 200;

export interface TapeRow {
  /** Unique, increasing: the `{#each}` key. */
  id: number;
  code: string;
  last: number;
  time: number;
  volume: number;
  dir: 'up' | 'down' | '';
}

const sameTrade = (a: Tick, b: { time: number; last: number; volume: number }) =>
  a.time === b.time && a.last === b.last && a.volume === b.volume;

const dirOf = (prev: Tick | undefined, tick: Tick): TapeRow['dir'] =>
  !prev || prev.last === tick.last ? '' : tick.last > prev.last ? 'up' : 'down';

/** Newest first; of one time, the one that came later first. */
const newestFirst = (a: TapeRow, b: TapeRow) => b.time - a.time || b.id - a.id;

/** Remembers each symbol's previous trade and numbers rows. */
export class Tape {
  #prev = new Map<string, Tick>();
  #nextId = 1;

  /** Forgets previous ticks (the selection changed). */
  reset(): void {
    this.#prev.clear();
  }

  /**
   * The rows after a push: a row for each new trade (by code, oldest first) in front of
   * `rows`, newest first, at most `max`. A trade already listed (the symbol's newest
   * again, or one older than it: the recorded past had it) adds none. Returns `rows`
   * itself when nothing changed.
   */
  apply(
    rows: readonly TapeRow[],
    trades: Record<string, readonly Tick[]>,
    max = MAX_ROWS,
  ): readonly TapeRow[] {
    const fresh: TapeRow[] = [];
    for (const code in trades) {
      for (const tick of trades[code] ?? []) {
        const prev = this.#prev.get(code);
        if (prev && (tick.time < prev.time || sameTrade(prev, tick))) continue;
        this.#prev.set(code, tick);
        fresh.push(this.#row(code, tick, dirOf(prev, tick)));
      }
    }
    if (fresh.length === 0) return rows;
    fresh.sort(newestFirst);
    const out = fresh.concat(rows.slice(0, Math.max(0, max - fresh.length)));
    return out.length > max ? out.slice(0, max) : out;
  }

  /**
   * The rows with the recorded trades up to now behind them (by code, oldest first: what
   * the tape would list had it been open then), newest first, at most `max`. A trade the
   * rows list already is not listed twice; the oldest row of a symbol, which had no
   * previous trade to be coloured by, takes its direction from the recorded one before it.
   */
  backfill(
    rows: readonly TapeRow[],
    past: Record<string, readonly Tick[]>,
    max = MAX_ROWS,
  ): readonly TapeRow[] {
    const key = (code: string, t: { time: number; last: number; volume: number }) =>
      `${code}|${t.time}|${t.last}|${t.volume}`;
    const listed = new Map(rows.map((r, i) => [key(r.code, r), i]));
    const out = [...rows];
    let changed = false;
    /** A listed row coloured by no previous trade takes `dir` (the past had one before it). */
    const colour = (i: number, dir: TapeRow['dir']) => {
      const row = out[i]!;
      if (row.dir !== '' || dir === '') return;
      out[i] = { ...row, dir };
      changed = true;
    };
    for (const code in past) {
      let prev: Tick | undefined;
      for (const tick of past[code] ?? []) {
        if (prev && sameTrade(prev, tick)) continue;
        const dir = dirOf(prev, tick);
        prev = tick;
        const at = listed.get(key(code, tick));
        if (at !== undefined) colour(at, dir);
        else {
          out.push(this.#row(code, tick, dir));
          changed = true;
        }
      }
      if (!prev) continue;
      const held = this.#prev.get(code);
      if (!held || held.time < prev.time) this.#prev.set(code, prev);
      // The symbol's oldest row after the past: coloured against the past's newest.
      let oldest = -1;
      for (let i = 0; i < out.length; i++) {
        const r = out[i]!;
        if (r.code !== code || r.time <= prev.time) continue;
        if (
          oldest < 0 ||
          r.time < out[oldest]!.time ||
          (r.time === out[oldest]!.time && r.id < out[oldest]!.id)
        )
          oldest = i;
      }
      if (oldest >= 0) colour(oldest, dirOf(prev, { ...prev, last: out[oldest]!.last }));
    }
    if (!changed) return rows;
    out.sort(newestFirst);
    return out.length > max ? out.slice(0, max) : out;
  }

  #row(code: string, tick: Tick, dir: TapeRow['dir']): TapeRow {
    const { last, time, volume } = tick;
    return { id: this.#nextId++, code, last, time, volume, dir };
  }
}

/** Parses "BTCUSDT, ethusdt" into distinct canonical codes of `region`. */
export function parseCodes(text: string, region: string): string[] {
  const codes = text.split(/[\s,;]+/).filter(isSymbolCode);
  return canonicalCodes(region, codes);
}
