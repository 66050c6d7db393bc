/**
 * Which columns a quote board shows: as many as fit, dropped whole in their `drop`
 * order (quotes/board.ts COLUMNS) — never cut in half, never pushed out of view by a
 * wide price or a narrow pane. Measured, not guessed from the pane's width: how wide a
 * column is depends on the numbers in it. Pure, so the rule is tested without a DOM;
 * `ColumnFit` feeds it the board's measurements.
 */
import { COLUMNS } from './board';

/** The highest drop level: past it only the columns that never drop are left. */
export const MAX_DROP_LEVEL = Math.max(...COLUMNS.map((c) => c.drop));

export interface FitState {
  /** Columns with `drop` ≤ level are hidden (0: all shown). */
  level: number;
  /** `needed[k]`: the table's width when it last showed level k and did not fit. */
  needed: readonly number[];
}

export const INITIAL_FIT: FitState = { level: 0, needed: [] };

/**
 * The next state after a measurement of the table and of the room it has: one level
 * more when it overflows; when the room has grown, back down every level whose width
 * was seen to fit it, at once. At once, because the next measurement may never come:
 * the table is as wide as its room when its columns fit, so a level brought back
 * that still fits leaves its size, and its observer, unchanged (a board grown from
 * 1024 to 1920 px kept Open, Prev and Volume hidden). Converges and does not
 * oscillate: a level comes back only with the room it was seen to need.
 */
export function fitColumns(state: FitState, tableWidth: number, room: number): FitState {
  if (tableWidth > room + 0.5 && state.level < MAX_DROP_LEVEL) {
    const needed = [...state.needed];
    needed[state.level] = tableWidth;
    return { level: state.level + 1, needed };
  }
  let level = state.level;
  for (;;) {
    const back = state.needed[level - 1];
    if (level === 0 || back === undefined || room + 0.5 < back) break;
    level--;
  }
  return level === state.level ? state : { level, needed: state.needed };
}
