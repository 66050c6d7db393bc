/**
 * What is drawn over the cells, on a 2D canvas whichever path paints them: the best
 * bid and ask as step lines, trades as circles (area by volume), the volume profile
 * of the visible range in its strip beside the plot, the price and time axes, and the
 * crosshair. Where the cells are drawn in a worker (grid-offscreen.ts), all but the
 * crosshair are drawn there too, on a canvas of their own, for the same view as the
 * cells; the crosshair stays on the page (`drawCrosshair`).
 */
import { formatPrice } from '../../../../shared/format/numbers';
import { formatClock } from '../../base/format/time';
import type { HeatmapData } from './heatmap-data';
import { firstAtOrAfter, rowOf, rowPrice, volumeProfile, type Trade } from './heatmap-model';
import { rowAtY, visibleBuckets, xOfBucket, yOfRow, type Viewport } from './heatmap-view';

/** What the overlay reads of the columns and trades (a HeatmapData, or a worker's copy). */
export interface OverlayData {
  readonly step: number | null;
  readonly newest: number | null;
  readonly oldest: number | null;
  readonly bucketMs: number;
  readonly trades: readonly Trade[];
  column(
    b: number,
  ): { readonly bestBid: number | null; readonly bestAsk: number | null } | undefined;
}

/** How the axes label prices and times, as plain values (a worker formats them the same). */
export interface OverlayFormat {
  /** The prices' fraction digits. */
  decimals: number;
  /** The clock's zone (undefined: the user's). */
  zone: string | undefined;
}

/** A bucket's time as the axis and the readout say it: milliseconds under a second's bucket. */
export function formatBucketTime(t: number, zone: string | undefined, bucketMs: number): string {
  const clock = formatClock(t, zone);
  return bucketMs < 1_000 ? `${clock}.${String(t % 1000).padStart(3, '0')}` : clock;
}

/** The axes' labels for `format` at `bucketMs`. */
export function axisLabels(
  format: OverlayFormat,
  bucketMs: number,
): { price(p: number): string; time(t: number): string } {
  return {
    price: (p) => formatPrice(p, format.decimals),
    time: (t) => formatBucketTime(t, format.zone, bucketMs),
  };
}

/** A 2D context on the page or in a worker. */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface OverlayColors {
  bid: string;
  ask: string;
  trade: string;
  text: string;
  grid: string;
  profile: string;
  crosshair: string;
}

export interface OverlayLayout {
  /** The plot's size (CSS px); the profile strip and the price axis follow it. */
  plotWidth: number;
  plotHeight: number;
  profileWidth: number;
  axisWidth: number;
  axisHeight: number;
}

/** The largest cell size among the visible columns (what full strength means). */
export function visibleMax(data: HeatmapData, view: Viewport, width: number): number {
  const newest = data.newest;
  const oldest = data.oldest;
  if (newest === null || oldest === null) return 0;
  const { first, last } = visibleBuckets(view, width);
  let max = 0;
  for (let b = Math.max(first, oldest); b <= Math.min(last, newest); b++) {
    const c = data.column(b);
    if (c && c.max > max) max = c.max;
  }
  return max;
}

/** The lowest and highest row the columns in view list (null: none in view). */
export function visibleSpan(
  data: HeatmapData,
  view: Viewport,
  width: number,
): { lo: number; hi: number } | null {
  const newest = data.newest;
  const oldest = data.oldest;
  if (newest === null || oldest === null) return null;
  const { first } = visibleBuckets(view, width);
  let lo = Infinity;
  let hi = -Infinity;
  // The newest edge's buckets: where the view will be once it follows it.
  const span = Math.ceil(width / view.columnPx);
  for (let b = Math.max(first, oldest, newest - span + 1); b <= newest; b++) {
    const c = data.column(b);
    if (!c) continue;
    const bl = c.bids.rows[0];
    const ah = c.asks.rows[c.asks.rows.length - 1];
    const al = c.asks.rows[0];
    const bh = c.bids.rows[c.bids.rows.length - 1];
    lo = Math.min(lo, bl ?? al ?? Infinity);
    hi = Math.max(hi, ah ?? bh ?? -Infinity);
  }
  return lo === Infinity ? null : { lo, hi };
}

type Profile = ReturnType<typeof volumeProfile>;

/**
 * The visible range's volume profile, kept while the trades, the range and the grouping
 * stay the same (a pan within a bucket, a zoom in price, a new column without trades:
 * most frames), so a frame does not rebuild it. Trades are only ever added (the length
 * changes) or trimmed into a new array.
 */
const profiles = new WeakMap<
  readonly unknown[],
  { length: number; t0: number; t1: number; step: number; profile: Profile }
>();

function profileOf(
  trades: Parameters<typeof volumeProfile>[0],
  t0: number,
  t1: number,
  step: number,
): Profile {
  const kept = profiles.get(trades);
  if (
    kept &&
    kept.length === trades.length &&
    kept.t0 === t0 &&
    kept.t1 === t1 &&
    kept.step === step
  )
    return kept.profile;
  const profile = volumeProfile(trades, t0, t1, step);
  profiles.set(trades, { length: trades.length, t0, t1, step, profile });
  return profile;
}

export function drawOverlay(
  ctx: Context2D,
  data: OverlayData,
  view: Viewport,
  layout: OverlayLayout,
  colors: OverlayColors,
  format: { price(p: number): string; time(t: number): string },
  crosshair: { x: number; y: number } | null,
): void {
  const { plotWidth: w, plotHeight: h } = layout;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const step = data.step;
  const newest = data.newest;
  const oldest = data.oldest;
  if (step === null || newest === null || oldest === null) return;
  const { first, last } = visibleBuckets(view, w);
  const from = Math.max(first, oldest);
  const to = Math.min(last, newest);

  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.clip();
  // Best bid and ask: a step line per side, broken where a column is missing.
  for (const side of ['bestBid', 'bestAsk'] as const) {
    ctx.strokeStyle = side === 'bestBid' ? colors.bid : colors.ask;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    let open = false;
    const stride = Math.max(1, Math.floor(1 / view.columnPx));
    for (let b = from - (from % stride); b <= to; b += stride) {
      const row = data.column(b)?.[side] ?? null;
      if (row === null) {
        open = false;
        continue;
      }
      const x = xOfBucket(view, b, w);
      const y = yOfRow(view, row, h);
      if (open) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
      ctx.lineTo(x + view.columnPx * stride, y);
      open = true;
    }
    ctx.stroke();
  }
  // Trades: circles whose area follows the volume, against the visible range's largest.
  const trades = data.trades;
  const t0 = from * data.bucketMs;
  const t1 = (to + 1) * data.bucketMs;
  let maxVolume = 0;
  const i0 = firstAtOrAfter(trades, t0);
  let i = i0;
  for (; i < trades.length && trades[i]!.t < t1; i++)
    maxVolume = Math.max(maxVolume, trades[i]!.volume);
  // A light fill and a ring in the trade's colour: the cells and the best prices under a
  // run of trades still show through. All circles in one path, filled once and stroked
  // once (a fill and a stroke per trade were thousands of canvas calls a frame).
  ctx.fillStyle = colors.trade;
  ctx.strokeStyle = colors.trade;
  ctx.lineWidth = 1;
  const reach = Math.min(8, Math.max(2.5, view.columnPx * 2));
  ctx.beginPath();
  for (let j = i0; j < i; j++) {
    const tr = trades[j]!;
    const b = tr.t / data.bucketMs;
    const x = xOfBucket(view, b, w);
    const y = yOfRow(view, rowOf(tr.price, step), h);
    // At most a few columns wide: a circle must not bury the cells it sits on.
    const r = 1.5 + reach * Math.sqrt(tr.volume / (maxVolume || 1));
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.globalAlpha = 0.25;
  ctx.fill();
  ctx.globalAlpha = 0.9;
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.restore();

  // The volume profile of the visible range, in its strip right of the plot.
  const profile = profileOf(trades, t0, t1, step);
  ctx.fillStyle = colors.profile;
  for (let k = 0; k < profile.rows.length; k++) {
    const y = yOfRow(view, profile.rows[k]!, h);
    if (y < 0 || y > h) continue;
    const len = (layout.profileWidth - 4) * (profile.volumes[k]! / (profile.max || 1));
    ctx.fillRect(w + 2, y - Math.max(1, view.rowPx / 2), len, Math.max(2, view.rowPx));
  }

  // Axes: prices every few rows, times every ~120 px.
  ctx.fillStyle = colors.text;
  ctx.strokeStyle = colors.grid;
  ctx.font = '11px ui-monospace, monospace';
  ctx.textBaseline = 'middle';
  const axisX = w + layout.profileWidth + 4;
  const every = Math.max(1, Math.ceil(24 / view.rowPx));
  const top = rowAtY(view, 0, h);
  const bottom = rowAtY(view, h, h);
  for (let r = bottom - (bottom % every); r <= top; r += every) {
    const y = yOfRow(view, r, h);
    if (y < 6 || y > h - 6) continue;
    ctx.fillText(format.price(rowPrice(r, step)), axisX, y);
  }
  ctx.textBaseline = 'top';
  const columnsPerLabel = Math.max(1, Math.ceil(120 / view.columnPx));
  for (
    let b = first - (first % columnsPerLabel) + columnsPerLabel;
    b <= last;
    b += columnsPerLabel
  ) {
    const x = xOfBucket(view, b, w);
    ctx.fillRect(x, h, 1, 4);
    ctx.fillText(format.time(b * data.bucketMs), x + 3, h + 4);
  }
  ctx.fillRect(0, h, w + layout.profileWidth, 1);

  drawCrosshair(ctx, layout, colors, crosshair);
}

/** The crosshair's dashed lines through the pointer, within the plot. */
export function drawCrosshair(
  ctx: Context2D,
  layout: OverlayLayout,
  colors: OverlayColors,
  crosshair: { x: number; y: number } | null,
): void {
  const { plotWidth: w, plotHeight: h } = layout;
  if (crosshair && crosshair.x < w && crosshair.y < h) {
    ctx.strokeStyle = colors.crosshair;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(crosshair.x + 0.5, 0);
    ctx.lineTo(crosshair.x + 0.5, h);
    ctx.moveTo(0, crosshair.y + 0.5);
    ctx.lineTo(w, crosshair.y + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
