/**
 * The tick tape's pure logic: turning pushed tick snapshots into tape rows
 * (newest first, only when a symbol's tick changed, coloured by direction vs
 * that symbol's previous tick), bounded in length.
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

/** Remembers each symbol's previous tick and numbers rows. */
export class Tape {
  #prev = new Map<string, Tick>();
  #nextId = 1;

  /** Forgets previous ticks (the selection changed). */
  reset(): void {
    this.#prev.clear();
  }

  /**
   * The rows after a push: new rows (newest tick first) in front of `rows`,
   * at most `max`. Returns `rows` itself when nothing changed.
   */
  apply(rows: readonly TapeRow[], ticks: Record<string, Tick>, max = MAX_ROWS): readonly TapeRow[] {
    const fresh: TapeRow[] = [];
    for (const code in ticks) {
      const tick = ticks[code];
      if (!tick) continue;
      const prev = this.#prev.get(code);
      if (
        prev &&
        prev.time === tick.time &&
        prev.last === tick.last &&
        prev.volume === tick.volume
      ) {
        continue;
      }
      this.#prev.set(code, tick);
      const dir = !prev || prev.last === tick.last ? '' : tick.last > prev.last ? 'up' : 'down';
      fresh.push({ id: 0, code, last: tick.last, time: tick.time, volume: tick.volume, dir });
    }
    if (fresh.length === 0) return rows;
    fresh.sort((a, b) => b.time - a.time);
    for (const row of fresh) row.id = this.#nextId++;
    const out = fresh.concat(rows.slice(0, Math.max(0, max - fresh.length)));
    return out.length > max ? out.slice(0, max) : out;
  }
}

/** Parses "BTCUSDT, ethusdt" into distinct canonical codes of `region`. */
export function parseCodes(text: string, region: string): string[] {
  const codes = text.split(/[\s,;]+/).filter(isSymbolCode);
  return canonicalCodes(region, codes);
}
