/**
 * Reading the depth heatmap's cell canvas (WebGL2 or 2D, copied onto a 2D canvas): how
 * many pixel columns hold ink, and where a pixel of a side's hue is.
 */
import { expect, type Locator } from '@playwright/test';
import { savedPane } from './saved-workspace';

export const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;

/** A saved depth ladder on BTCUSDT in the red link group (a workspace.json pane). */
export const BTC_LADDER = savedPane('depth', 'depth', {
  link: 'red',
  symbol: BTC,
  options: { grouping: 1, chart: false },
});

/** Pixel columns of the cell canvas (the plot's first) with any ink. */
export function inkedColumns(area: Locator): Promise<number> {
  return area.evaluate((el) => {
    const canvas = el.querySelector('canvas');
    if (!canvas || canvas.width === 0) return 0;
    const copy = el.ownerDocument.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const inked = new Set<number>();
    for (let i = 3; i < data.length; i += 4)
      if (data[i]! > 0) inked.add(((i - 3) / 4) % copy.width);
    return inked.size;
  });
}

/** Frames of cells the plot has drawn (on screen, in a worker or not): `data-frames-drawn`. */
export async function framesDrawn(area: Locator): Promise<number> {
  return Number((await area.getAttribute('data-frames-drawn')) ?? 0);
}

/**
 * Waits until the cells on screen (and on the canvas a test reads back) are a frame the
 * plot began after this call: the view set before it, drawn. The two frames a worker
 * may have in flight when called (one drawing, one waiting: grid-offscreen.ts `busy`)
 * may carry an older view (cells drawn in a worker trail the page, longer on a loaded
 * machine); the next one cannot; the one after that is also on the page's copy of the
 * canvas. Each poll asks for a frame with a zoom by a factor of one
 * (a wheel of no delta: the same view, drawn again; a pointer's move draws no frame
 * where a worker draws the map), so this never waits on the feed to change. The frame
 * must be drawn in full: on a slow GPU a moving view's frames are drawn at half
 * resolution until it is still (motion-resolution.ts), and a test reads the full one.
 */
export async function settledFrame(area: Locator): Promise<void> {
  const from = await framesDrawn(area);
  await expect
    .poll(
      async () => {
        await area.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const g = globalThis as unknown as {
            WheelEvent: new (type: string, init: Record<string, unknown>) => Event;
          };
          el.dispatchEvent(
            new g.WheelEvent('wheel', {
              deltaY: 0,
              cancelable: true,
              clientX: box.left + box.width / 2,
              clientY: box.top + box.height / 2,
            }),
          );
        });
        return (await area.getAttribute('data-cells-scale')) === '1' ? framesDrawn(area) : from;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(from + 4);
}

/**
 * The page point of a cell canvas pixel painted in a side's hue (bid green, ask red),
 * well inked, away from the edges and inside its cell where one is (its neighbours
 * painted alike: not a pixel on a cell's edge, where its row or column is a matter of
 * rounding); null when there is none.
 */
export function inkOf(
  area: Locator,
  side: 'bid' | 'ask',
): Promise<{ x: number; y: number } | null> {
  return area.evaluate((el, side) => {
    const canvas = el.querySelector('canvas');
    if (!canvas || canvas.width === 0) return null;
    const copy = el.ownerDocument.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(canvas, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, copy.width, copy.height);
    const box = canvas.getBoundingClientRect();
    const scale = box.width / width;
    let best: { x: number; y: number; strength: number } | null = null;
    for (let y = 2; y < height - 2; y++) {
      for (let x = 2; x < width - 8; x++) {
        const i = (y * width + x) * 4;
        const [r, g, a] = [data[i]!, data[i + 1]!, data[i + 3]!];
        const lead = side === 'bid' ? g - r : r - g;
        if (a < 80 || lead < 60) continue;
        const alike = (j: number) =>
          data[j] === r && data[j + 1] === g && data[j + 2] === data[i + 2] && data[j + 3] === a;
        // Inside its cell across, then up and down too (rows thinner than 3 px have no
        // such pixel: then the strongest on a row's edge).
        const inside =
          (alike(i - 4) && alike(i + 4) ? 2 : 0) +
          (alike(i - width * 4) && alike(i + width * 4) ? 1 : 0);
        const strength = inside * 1_000 + a + lead;
        if (!best || strength > best.strength) best = { x, y, strength };
      }
    }
    return best && { x: box.left + (best.x + 0.5) * scale, y: box.top + (best.y + 0.5) * scale };
  }, side);
}

/**
 * The tallest run of pixels in a side's hue (bid green, ask red) down any one pixel
 * column of the cell canvas, in device px: how tall the book's band of that side is
 * drawn (0: none). Rows thinner than a pixel make runs of a pixel or two.
 */
export function tallestRun(area: Locator, side: 'bid' | 'ask'): Promise<number> {
  return area.evaluate((el, side) => {
    const canvas = el.querySelector('canvas');
    if (!canvas || canvas.width === 0) return 0;
    const copy = el.ownerDocument.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(canvas, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, copy.width, copy.height);
    let tallest = 0;
    for (let x = 0; x < width; x++) {
      let run = 0;
      for (let y = 0; y < height; y++) {
        const i = (y * width + x) * 4;
        const lead = side === 'bid' ? data[i + 1]! - data[i]! : data[i]! - data[i + 1]!;
        run = data[i + 3]! >= 40 && lead >= 30 ? run + 1 : 0;
        tallest = Math.max(tallest, run);
      }
    }
    return tallest;
  }, side);
}
