/**
 * A screenshot of a chart with every kind of drawing, one of them selected (its handles
 * and the editor showing), in both themes. Not a spec; run it by hand after a change to
 * the drawings and look at the pictures:
 *
 *   npx electron-vite build && npx tsx e2e/drawing-screens.ts [output folder]
 *
 * Writes `drawings-<theme>.png` (default folder: test-results/screens).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ROOT } from './support/processes';
import { runScript, stillShot, withWorkspace } from './support/shots';
import { drawOnChart, expectChartData, paneBody, setTheme } from './support/ui';
import { PREMIUM_BUDGET } from './support/workspace';

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

/** One drawing of every kind: its tool and its clicks, as fractions of the price pane. */
const DRAWINGS: [string, [number, number][]][] = [
  ['Horizontal line', [[0.5, 0.25]]],
  [
    'Trend line',
    [
      [0.1, 0.85],
      [0.45, 0.35],
    ],
  ],
  [
    'Ray',
    [
      [0.3, 0.9],
      [0.5, 0.7],
    ],
  ],
  [
    'Rectangle',
    [
      [0.55, 0.4],
      [0.7, 0.65],
    ],
  ],
  [
    'Fibonacci retracement',
    [
      [0.72, 0.85],
      [0.9, 0.3],
    ],
  ],
  ['Text note', [[0.2, 0.15]]],
];

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  await withWorkspace({ settings: PREMIUM_BUDGET }, async (page) => {
    await expectChartData(page);
    for (const [tool, points] of DRAWINGS) await drawOnChart(page, tool, points);
    const chart = paneBody(page, 'Chart');
    await chart.getByRole('textbox', { name: 'Note text' }).fill('Breakout watch');
    await chart.getByRole('textbox', { name: 'Note text' }).press('Enter');
    await chart.getByRole('button', { name: /^\d+ drawings?$/ }).click();
    await chart
      .getByRole('list', { name: /^Drawings on / })
      .getByRole('button', { name: /^Rectangle/ })
      .click();
    await chart.getByRole('radio', { name: 'Orange' }).click();
    await expect(
      chart.getByRole('list', { name: /^Drawings on / }).getByRole('button'),
    ).toHaveCount(6);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      const file = path.join(out, `drawings-${theme}.png`);
      await stillShot(page, file, page.getByRole('region', { name: 'Chart' }).first());
    }
  });
}

runScript(main);
