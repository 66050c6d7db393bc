/**
 * The stretch factors that give a chart's study panes the heights the user saved.
 *
 * lightweight-charts 5 lays its panes out in proportion to their stretch factors
 * (`ChartWidget._adjustSizeImpl`): the space left for panes is the chart's height,
 * rounded down to an even number of px, less one px per separator between panes and
 * less the time axis; every pane but the last gets `round(factor × space / Σ factors)`
 * (to a device pixel) and the last what remains. `pane.setHeight` turns one height
 * into factors against the other panes' heights of the moment, so setting several
 * one after another disturbs the earlier ones. Here the factors are whole pixels
 * summing to that space, so `space / Σ factors` is exactly 1 and each pane comes out
 * at the height computed for it, whatever the order.
 *
 * Pure: no lightweight-charts import; the chart's measurements come in as numbers.
 */

/**
 * Default stretch factor of the candles' pane: what the library gives the chart's
 * first pane (`ChartModel`: `DEFAULT_STRETCH_FACTOR * 2`), set again here so that
 * the default layout comes back once no study height is saved.
 */
export const PRICE_PANE_STRETCH = 2;
/** Default stretch factor of the volume's pane (an eighth of the candles'). */
export const VOLUME_PANE_STRETCH = 0.25;
/** A study's own pane's default factor. */
export const STUDY_PANE_STRETCH = 0.3;
/** The library's separator between two panes, px (its `SeparatorConstants`). */
export const PANE_SEPARATOR_PX = 1;
/** The library's least pane height, px (its `MIN_PANE_HEIGHT`, the drag's limit). */
export const MIN_PANE_PX = 30;
/** Saved study heights never squeeze the price pane below this (nor below its default share, when that is less). */
export const MIN_PRICE_PX = 120;

/** Default stretch factors: the candles' pane, the volume's, and each study pane's. */
export interface PaneDefaults {
  price: number;
  volume: number;
  study: number;
}

/**
 * The px the library shares among `paneCount` panes in a chart `chartHeight` px high
 * (its element's height) whose time axis is `timeAxisHeight` px; 0 when none.
 */
export function paneSpace(chartHeight: number, timeAxisHeight: number, paneCount: number): number {
  const whole = Math.floor(chartHeight);
  const even = whole - (whole % 2); // the library keeps the chart's size even
  const separators = PANE_SEPARATOR_PX * Math.max(0, paneCount - 1);
  return Math.max(0, even - separators - timeAxisHeight);
}

/** The default factors of the price, volume and `studies` study panes, in pane order. */
function defaultFactors(defaults: PaneDefaults, studies: number): number[] {
  return [
    defaults.price,
    defaults.volume,
    ...Array.from({ length: studies }, () => defaults.study),
  ];
}

/**
 * Shrinks `heights` (each at least `floor`) by `excess` px in all, in proportion to
 * what each has above `floor`; false when even all at `floor` leave some excess.
 */
function shrink(heights: number[], floor: number, excess: number): boolean {
  const spare = heights.reduce((sum, h) => sum + (h - floor), 0);
  if (spare < excess) return false;
  let left = excess;
  for (let i = 0; i < heights.length && left > 0; i++) {
    const cut = Math.min(left, Math.ceil(((heights[i]! - floor) * excess) / spare));
    heights[i]! -= cut;
    left -= cut;
  }
  return true;
}

/**
 * A stretch factor per pane (price, volume, then the study panes in order) for
 * `space` px of panes (`paneSpace`): every study pane with a saved height (px) gets
 * it, every other one the height it has in the default layout, and the price and
 * volume panes share the rest in their default ratio. When no height is saved, or
 * the saved ones cannot be kept (no space measured, or too little even at the least
 * pane height), the default factors. Saved heights that leave the price pane less
 * than `MIN_PRICE_PX` (or its default share, when that is less), or the volume pane
 * less than `MIN_PANE_PX`, are reduced together, each to no less than `MIN_PANE_PX`.
 */
export function paneStretchFactors(
  space: number,
  defaults: PaneDefaults,
  saved: readonly (number | undefined)[],
): number[] {
  const fallback = defaultFactors(defaults, saved.length);
  const valid = (h: number | undefined): h is number => h !== undefined && Number.isFinite(h);
  if (!Number.isFinite(space) || space <= 0 || !saved.some(valid)) return fallback;
  const total = fallback.reduce((sum, f) => sum + f, 0);
  const share = (factor: number) => Math.round((space * factor) / total);
  const studyDefault = share(defaults.study);
  const fixed: number[] = [];
  let others = 0;
  for (const h of saved) {
    if (valid(h)) fixed.push(Math.max(MIN_PANE_PX, Math.round(h)));
    else others += studyDefault;
  }
  const priceFloor = Math.max(MIN_PANE_PX, Math.min(MIN_PRICE_PX, share(defaults.price)));
  const volumeFloor = MIN_PANE_PX;
  const used = fixed.reduce((sum, h) => sum + h, 0) + others;
  const excess = used + priceFloor + volumeFloor - space;
  if (excess > 0 && !shrink(fixed, MIN_PANE_PX, excess)) return fallback;
  const rest = space - fixed.reduce((sum, h) => sum + h, 0) - others;
  let price = Math.max(
    priceFloor,
    Math.round((rest * defaults.price) / (defaults.price + defaults.volume)),
  );
  if (rest - price < volumeFloor) price = rest - volumeFloor;
  const out = [price, rest - price];
  let next = 0;
  for (const h of saved) out.push(valid(h) ? fixed[next++]! : studyDefault);
  return out;
}
