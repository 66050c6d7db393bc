/**
 * The seam where a heatmap asks for an instrument's past: the depth frames and trades
 * recorded over a span, oldest first. The recording store (src/core/recording, over the
 * bridge) answers it; until it is wired in, `NO_HISTORY` answers nothing and the pane
 * starts from the live feed alone, saying so (no number stands for a past it lacks).
 */
import type { Instrument, UnixMs } from '../../../../shared/model';
import type { DepthFrame } from './heatmap-data';
import type { Trade } from './heatmap-model';

/** A span of time, `[from, to)`. */
export interface Span {
  from: UnixMs;
  to: UnixMs;
}

/** What was recorded of an instrument over a span. */
export interface HeatmapPast {
  frames: readonly DepthFrame[];
  trades: readonly Trade[];
  /** Whether a recording covers the span at all (false: nothing was recorded). */
  recorded: boolean;
}

/** Where a heatmap reads an instrument's past. */
export interface HeatmapHistory {
  past(instrument: Instrument, span: Span): Promise<HeatmapPast>;
}

/** The history of a window with no recording store: nothing recorded. */
export const NO_HISTORY: HeatmapHistory = {
  past: () => Promise.resolve({ frames: [], trades: [], recorded: false }),
};
