/**
 * The depth heatmap opens on the recorded past, offline (issue 28). Five minutes of the
 * demo market's BTCUSDT — its market model's books and trades every 500 ms, as the
 * simulator serves them — go through the app's own Recorder on a clock of their own
 * (seconds, not five wall minutes) into the recording of the live service this app is
 * then opened on; that service is unreachable. The heatmap shows those minutes at once
 * (ink across the plot, the crosshair reading a recorded size and time), says they are
 * recorded and nothing is live, and the status bar says offline. Screenshots beside a
 * ladder, dark and light at 1024 px: test-results/screens/heatmap-recorded-<theme>-1024.png.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { inkOf, inkedColumns, settledFrame } from './support/heatmap';
import { ROOT } from './support/processes';
import { EVERY_MS, MINUTES, recordPast, recordedApp } from './support/recorded-past';
import { stillShot } from './support/shots';
import { paneBody, setTheme, statusMode } from './support/ui';
import { useWorkspace } from './support/workspace';

let past = { from: 0, to: 0, books: 0 };
const app = useWorkspace(recordedApp('e2e-recorded-heatmap-token'));

const heatmap = () => paneBody(app.page, 'Depth heatmap');
const plot = () => heatmap().getByTestId('heatmap-plot');

test('five recorded minutes are on the map at once, offline', async () => {
  past = recordPast(app.home);
  expect(past.books).toBe((MINUTES * 60_000) / EVERY_MS + 1);
  await app.page.goto(app.host.url);
  await expect(heatmap().getByRole('img', { name: 'Depth heatmap of BTCUSDT' })).toBeVisible();
  // Five minutes of one-second columns, 3 px each, are wider than the plot: ink from
  // edge to edge (a live-only map would have a column or two by now).
  const width = await plot().evaluate((el) => el.querySelector('canvas')!.width);
  await expect.poll(() => inkedColumns(plot())).toBeGreaterThan(width * 0.9);
  await expect(heatmap().getByTestId('heatmap-provenance')).toContainText(
    /Recorded to \d\d:\d\d:\d\d; nothing live now/,
  );
  await expect(statusMode(app.page)).toContainText('OFFLINE', { timeout: 30_000 });
});

test('the crosshair reads a recorded book: a time and a size', async () => {
  const readout = heatmap().getByRole('group', { name: 'Heatmap crosshair' });
  // The cells read back are a frame drawn after the recording was all merged and drawn
  // (in a worker they trail the page by a frame, longer on a loaded machine).
  await settledFrame(plot());
  for (const side of ['bid', 'ask'] as const) {
    const at = await inkOf(plot(), side);
    expect(at, `a ${side} cell on the map`).not.toBeNull();
    await app.page.mouse.move(at!.x, at!.y);
    const label = side === 'bid' ? 'Bid size' : 'Ask size';
    await expect(readout).toContainText(new RegExp(`${label} [\\d.,]+[KM]?\\b`));
  }
  await expect(readout).toContainText(/Time \d\d:\d\d:\d\d/);
});

test('dark and light at 1024 px, beside the ladder', async () => {
  await app.page.mouse.move(0, 0);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(app.page, theme);
    await expect.poll(() => inkedColumns(plot())).toBeGreaterThan(0);
    await stillShot(
      app.page,
      path.join(ROOT, 'test-results', 'screens', `heatmap-recorded-${theme}-1024.png`),
    );
  }
});
