/**
 * Reading the depth heatmap's cell canvas (WebGL2 or 2D, copied onto a 2D canvas): how
 * many pixel columns hold ink, and where a pixel of a side's hue is.
 */
import type { Locator } from '@playwright/test';
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

/**
 * The page point of a cell canvas pixel painted in a side's hue (bid green, ask red),
 * well inked and away from the edges; null when there is none.
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
        if (!best || a + lead > best.strength) best = { x, y, strength: a + lead };
      }
    }
    return best && { x: box.left + (best.x + 0.5) * scale, y: box.top + (best.y + 0.5) * scale };
  }, side);
}
