/**
 * The depth heatmap in a replay (issue 28), offline: five recorded minutes of BTCUSDT
 * (e2e/support/recorded-past.ts) on an app whose live service is not there. Replayed at
 * 10×, the heatmap leaves the recorded past it opened on and starts again on the
 * replay's timeline: the recording up to the replay clock, then the replayed books as
 * the clock moves, stamped with the replay's time, under a REPLAY chip; a seek starts
 * it again at the new time, and "End replay" brings back the recorded past with nothing
 * live. The heatmap's Follow and the bar's End replay, side by side, are two names.
 * The palette's per-symbol recording switch is tried on the focused heatmap's symbol.
 * Screenshot of the replay in progress: test-results/screens/heatmap-replay-dark-1024.png.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inkedColumns } from './support/heatmap';
import { ROOT } from './support/processes';
import { recordPast, recordedApp } from './support/recorded-past';
import { stillShot } from './support/shots';
import { openReplayBar, paneBody, statusMode } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace(recordedApp('e2e-heatmap-replay-token'));

const heatmap = () => paneBody(app.page, 'Depth heatmap');
const plot = () => heatmap().getByTestId('heatmap-plot');
const provenance = () => heatmap().getByTestId('heatmap-provenance');
const bar = (page: Page) => page.getByRole('region', { name: 'Replay' });

/** Seconds since midnight of an "hh:mm:ss" in `text`, or null. */
function clockOf(text: string | null): number | null {
  const m = /(\d\d):(\d\d):(\d\d)/.exec(text ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/** The replay time the bar shows and the newest recorded time the heatmap says it drew. */
async function times(page: Page): Promise<{ replay: number | null; recordedTo: number | null }> {
  return {
    replay: clockOf(await bar(page).getByTestId('replay-time').textContent()),
    recordedTo: clockOf(await provenance().textContent()),
  };
}

let full = 0;

test('the heatmap opens on the recorded past, offline', async () => {
  recordPast(app.home);
  const page = app.page;
  await page.goto(app.host.url);
  await expect(provenance()).toContainText(/Recorded to \d\d:\d\d:\d\d; nothing live now/);
  const width = await plot().evaluate((el) => el.querySelector('canvas')!.width);
  await expect.poll(() => inkedColumns(plot())).toBeGreaterThan(width * 0.9);
  full = await inkedColumns(plot());
});

test('the palette switches the focused symbol’s recording, as the REC popover does', async () => {
  const page = app.page;
  await heatmap().click();
  const palette = async (query: string, option: string) => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Symbol or command' }).fill(query);
    await page.getByRole('option', { name: option }).click();
  };
  const panel = page.getByRole('dialog', { name: 'Recording' });
  const btc = panel.getByRole('checkbox', { name: /^BTCUSDT \(crypto BA\)/ });
  await palette('recording', 'Stop recording BTCUSDT');
  await page.getByTestId('rec-indicator').click();
  await expect(btc).not.toBeChecked();
  await page.getByTestId('rec-indicator').click();
  await heatmap().click();
  await palette('recording', 'Record BTCUSDT again');
  await page.getByTestId('rec-indicator').click();
  await expect(btc).toBeChecked();
  await page.getByTestId('rec-indicator').click();
  await expect(panel).toBeHidden();
});

test('replayed, the map starts again at the replay clock and moves with it, as REPLAY', async () => {
  const page = app.page;
  await openReplayBar(page);
  await expect(bar(page).getByRole('combobox', { name: 'Speed' })).toHaveValue('10');
  await bar(page).getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  await expect(heatmap().getByText('REPLAY', { exact: true })).toBeVisible();
  await expect(heatmap().getByText('DEMO', { exact: true })).toHaveCount(0);
  await expect(provenance()).toContainText(/then replayed|Replayed since/);
  // Two buttons, two names (both said "Live"): the heatmap's follows its newest column,
  // the bar's ends the replay; no button says Live to be taken for the other.
  await expect(heatmap().getByRole('button', { name: 'Follow' })).toBeVisible();
  await expect(bar(page).getByRole('button', { name: 'End replay' })).toBeVisible();
  await expect(page.getByRole('button', { name: /\blive\b/i })).toHaveCount(0);

  // The replay starts at the span's start: the five minutes drawn before are gone, and
  // the map fills as the clock moves (10 one-second columns a second).
  const early = await inkedColumns(plot());
  expect(early).toBeLessThan(full / 2);
  await expect.poll(() => inkedColumns(plot()), { timeout: 20_000 }).toBeGreaterThan(early + 20);
  // Nothing drawn is later than the replay clock.
  await expect
    .poll(async () => {
      const t = await times(page);
      return t.replay !== null && t.recordedTo !== null && t.recordedTo <= t.replay + 1;
    })
    .toBe(true);
  await stillShot(page, path.join(ROOT, 'test-results', 'screens', 'heatmap-replay-dark-1024.png'));
  await expect(page.getByTestId('rec-indicator')).toHaveText(/REC paused/);
});

test('a seek starts the map again at the sought time; End replay brings the recorded past back', async () => {
  const page = app.page;
  const slider = bar(page).getByRole('slider', { name: 'Replay time' });
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  const min = Number(await slider.getAttribute('min'));
  const max = Number(await slider.getAttribute('max'));
  const middle = Math.round((min + max) / 2 / 1000) * 1000;
  await slider.fill(String(middle));
  // Paused in the middle: the recording up to that time, two and a half minutes of
  // columns, so the map no longer reaches the plot's left edge as the whole past did.
  await expect
    .poll(async () => {
      const t = await times(page);
      return t.replay !== null && t.recordedTo !== null && Math.abs(t.replay - t.recordedTo) <= 2;
    })
    .toBe(true);
  await expect.poll(() => inkedColumns(plot())).toBeGreaterThan(full * 0.3);
  expect(await inkedColumns(plot())).toBeLessThan(full * 0.95);

  await bar(page).getByRole('button', { name: 'End replay' }).click();
  await expect(bar(page)).toBeHidden();
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 20_000 });
  await expect(heatmap().getByText('REPLAY', { exact: true })).toHaveCount(0);
  await expect(provenance()).toContainText(/Recorded to \d\d:\d\d:\d\d; nothing live now/);
  await expect.poll(() => inkedColumns(plot())).toBeGreaterThan(full * 0.9);
});
