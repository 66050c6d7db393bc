/**
 * The trades a ticks push carries: each symbol's newest tick, and those streamed before
 * it in the same turn (`Events['ticks'].earlier`: a replay at 100× plays seconds of a
 * symbol's trades in one turn). Every pane that shows trades (the tape's rows, the
 * heatmap's rings) reads them all through this, not the newest alone.
 */
import type { Events } from '../../../../shared/bridge';
import type { Tick } from '../../../../shared/model';

/** Each code's trades in a ticks push, oldest first: those before the newest, then it. */
export function tradesOf(p: Events['ticks']): Record<string, Tick[]> {
  const out: Record<string, Tick[]> = {};
  for (const code in p.ticks) {
    const newest = p.ticks[code];
    if (newest) out[code] = [...(p.earlier?.[code] ?? []), newest];
  }
  return out;
}
