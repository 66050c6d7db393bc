/**
 * The depth heatmap dragged at a trader's pace over five recorded minutes of BTCUSDT,
 * offline (nothing live redraws the map), in a 1920 px window, on this machine's GPU:
 * SwiftShader under headless Chromium, a GPU emulated on the CPU, as on a machine or a
 * virtual desktop with none. While the view moves and full frames are slow, the cells
 * are drawn at half resolution (panes/heatmap/motion-resolution.ts). What a trader relies
 * on is checked: every frame on screen is drawn in full or at exactly half, scaled up
 * pixel for pixel (never smoothed into colours no cell has); once the drag stops the map
 * is drawn in full again by itself, with no further input and no new data; and the
 * crosshair then reads the cell under it. Whether this run's frames were slow enough for
 * half resolution is this machine's speed: the count is in the test's annotations.
 */
import { expect, test } from '@playwright/test';
import { inkOf } from './support/heatmap';
import { recordPast, recordedApp } from './support/recorded-past';
import { paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({
  ...recordedApp('e2e-heatmap-motion-token'),
  viewport: { width: 1920, height: 1000 },
});

const heatmap = () => paneBody(app.page, 'Depth heatmap');
const plot = () => heatmap().getByTestId('heatmap-plot');

test('a drag is drawn in full or at exactly half resolution, and in full again once still', async () => {
  recordPast(app.home);
  await app.page.goto(app.host.url);
  const page = app.page;
  await expect(plot()).toHaveAttribute('data-path', 'webgl2');
  await expect.poll(() => inkOf(plot(), 'bid'), { timeout: 20_000 }).not.toBeNull();
  // Scaled up pixel for pixel, never smoothed.
  const rendering = await plot().evaluate(
    (el) =>
      (
        globalThis as unknown as { getComputedStyle(e: unknown): { imageRendering: string } }
      ).getComputedStyle(el.querySelector('canvas')).imageRendering,
  );
  expect(rendering).toBe('pixelated');
  // The resolution of every frame that reached the screen, as the plot says it.
  await plot().evaluate((el) => {
    const seen: string[] = [];
    (globalThis as unknown as { scales: string[] }).scales = seen;
    const g = globalThis as unknown as {
      MutationObserver: new (f: (records: { attributeName: string | null }[]) => void) => {
        observe(target: unknown, options: { attributeFilter: string[] }): void;
      };
    };
    // A frame shown sets its count, then its resolution, in one task: read after both.
    new g.MutationObserver((records) => {
      for (const r of records)
        if (r.attributeName === 'data-frames-drawn') seen.push(el.dataset.cellsScale ?? '');
    }).observe(el, { attributeFilter: ['data-frames-drawn'] });
  });
  const box = (await plot().boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  // Two seconds of a drag: a step about every display frame, left and right, up and down.
  for (let i = 0; i < 120; i++) {
    await page.mouse.move(at.x + 60 * Math.sin(i / 10), at.y + 20 * Math.sin(i / 7));
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const seen = await page.evaluate(() => (globalThis as unknown as { scales: string[] }).scales);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => s !== '1' && s !== '0.5')).toEqual([]);
  test.info().annotations.push({
    type: 'frames during the drag',
    description: `${seen.length} frames shown, ${seen.filter((s) => s === '0.5').length} of them at half resolution`,
  });
  // Still now, offline: the map is drawn in full again with no input and no new data.
  await expect(plot()).toHaveAttribute('data-cells-scale', '1', { timeout: 15_000 });
  const canvas = await plot().evaluate((el) => {
    const c = el.querySelector('canvas')!;
    return { width: c.width, css: c.getBoundingClientRect().width };
  });
  const dpr = await page.evaluate(
    () => (globalThis as unknown as { devicePixelRatio: number }).devicePixelRatio,
  );
  expect(canvas.width).toBe(Math.round(canvas.css * dpr));
  // The crosshair reads the cell under it, as drawn.
  const readout = heatmap().getByRole('group', { name: 'Heatmap crosshair' });
  for (const side of ['bid', 'ask'] as const) {
    const cell = await inkOf(plot(), side);
    expect(cell, `a ${side} cell on the map`).not.toBeNull();
    await page.mouse.move(cell!.x, cell!.y);
    const label = side === 'bid' ? 'Bid size' : 'Ask size';
    await expect(readout).toContainText(new RegExp(`${label} [\\d.,]+[KM]?\\b`));
  }
});
