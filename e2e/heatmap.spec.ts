/**
 * The depth heatmap (issue 28) on demo data, BTCUSDT (crypto trades around the clock):
 * added from the toolbar's menu beside a ladder, it follows the ladder's symbol; its
 * columns appear as the book comes in (ink on its cell canvas spreading over more
 * pixel columns), and the crosshair reads a time, a price and a size. Once on the
 * path this Chromium takes (WebGL2, or the 2D canvas where it has none), once on the
 * 2D canvas for sure (WebGL2 taken away). Screenshots, dark and light at 1024 px, go
 * to test-results/screens/heatmap-<path>-<theme>-1024.png.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ROOT } from './support/processes';
import { addPaneFromToolbar } from './support/panes';
import { BTC, BTC_LADDER, inkOf, inkedColumns, settledFrame } from './support/heatmap';
import { savedWorkspace, tabsOf } from './support/saved-workspace';
import { stillShot } from './support/shots';
import { paneBody, setTheme } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace, type Workspace } from './support/workspace';

const OPTIONS = {
  settings: {
    ...PREMIUM_BUDGET,
    intervals: { quotes: 1000, depth: 500, ticks: 500, news: 60_000 },
  },
  workspace: savedWorkspace({
    name: 'Book',
    root: tabsOf(BTC_LADDER),
    linkSymbols: { red: BTC },
  }),
  viewport: { width: 1024, height: 700 },
  mode: 'DEMO DATA',
};

const heatmap = (page: Page) => paneBody(page, 'Depth heatmap');
const plot = (page: Page) => heatmap(page).getByTestId('heatmap-plot');

async function addHeatmap(app: Workspace): Promise<void> {
  const page = app.page;
  // Focus the ladder: a new pane joins its link group and shows its symbol.
  await paneBody(page, 'Depth ladder').click();
  await addPaneFromToolbar(page, 'Heatmap');
  await expect(heatmap(page).getByRole('img', { name: 'Depth heatmap of BTCUSDT' })).toBeVisible();
}

function sees(app: Workspace, drawnBy: () => string, shot: () => string = drawnBy): void {
  test('columns appear as the book comes in', async () => {
    const page = app.page;
    await addHeatmap(app);
    await expect(plot(page)).toHaveAttribute('data-path', drawnBy());
    // Rows of one tick: the demo's BTC can move 170 in 20 s, 17,000 one-tick rows, many
    // times the texture's 1,024; every column is drawn all the same (the texture's window
    // follows the view, several rows a texel: panes/heatmap/README.md).
    // By value: a narrow pane's options say "1×", a wide one's "1× tick".
    await heatmap(page).getByRole('combobox', { name: 'Group' }).selectOption('1');
    await expect.poll(() => inkedColumns(plot(page)), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = await inkedColumns(plot(page));
    // More buckets, more columns: the map grows leftward from the live edge.
    await expect
      .poll(() => inkedColumns(plot(page)), { timeout: 20_000 })
      .toBeGreaterThan(first + 4);
  });

  test('the crosshair reads the size of the cell drawn under it', async () => {
    const page = app.page;
    const readout = heatmap(page).getByRole('group', { name: 'Heatmap crosshair' });
    // Rows of ten ticks (BTC's 0.01 rows are thinner than a pixel at the fitted scale),
    // and 100 ms buckets: the seconds the pane has been open make tens of columns.
    await heatmap(page).getByRole('combobox', { name: 'Group' }).selectOption('10');
    await heatmap(page).getByRole('combobox', { name: 'Bucket' }).selectOption({ label: '100 ms' });
    await expect.poll(() => inkedColumns(plot(page)), { timeout: 20_000 }).toBeGreaterThan(40);
    // A short drag in both axes: the view stops following the live edge and the fitted
    // rows, so the pixels read next stay the cells they are while the feed goes on.
    const box = (await plot(page).boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 9, from.y + 4, { steps: 3 });
    await page.mouse.up();
    await expect(heatmap(page).getByRole('button', { name: 'Follow' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The cells read back must be a frame of the view the drag left: drawn in a worker,
    // they trail the page by a frame (seconds on a loaded 2-core machine), and a pixel of
    // an earlier view is another cell of this one. The crosshair reads the frame on screen.
    await settledFrame(plot(page));
    for (const side of ['bid', 'ask'] as const) {
      const at = await inkOf(plot(page), side);
      expect(at, `a ${side} cell on the map`).not.toBeNull();
      await page.mouse.move(at!.x, at!.y);
      const label = side === 'bid' ? 'Bid size' : 'Ask size';
      await expect(readout).toContainText(new RegExp(`${label} [\\d.,]+[KM]?\\b`));
      // In the zone it names (the exchange's: UTC for a crypto pair), as the chart does.
      await expect(readout).toContainText(/Time \d\d:\d\d:\d\d(\.\d+)? UTC/);
      await expect(readout).toContainText(/Price [\d,]+\.\d+/);
    }
    // Back to live and one-second buckets for the next test.
    await plot(page).dblclick();
    await heatmap(page).getByRole('combobox', { name: 'Bucket' }).selectOption({ label: '1 s' });
  });

  test('dark and light at 1024 px', async () => {
    const page = app.page;
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await expect.poll(() => inkedColumns(plot(page))).toBeGreaterThan(0);
      const file = path.join(
        ROOT,
        'test-results',
        'screens',
        `heatmap-${shot()}-${theme}-1024.png`,
      );
      await stillShot(page, file);
    }
    await setTheme(page, 'dark');
  });
}

/** What paints on this window's own canvases: WebGL2 where it has it, else 2D. */
function pathHere(page: Page): Promise<string> {
  return page
    .locator('body')
    .evaluate((body) =>
      body.ownerDocument.createElement('canvas').getContext('webgl2') ? 'webgl2' : 'canvas2d',
    );
}

test.describe('on the path this Chromium takes', () => {
  const app = useWorkspace(OPTIONS);
  let taken = '';
  test.beforeAll(async () => {
    taken = await pathHere(app.page);
    console.log(`heatmap path: ${taken}`);
  });
  sees(app, () => taken);
});

test.describe('after its worker failed, both canvases already handed to it', () => {
  const app = useWorkspace({
    ...OPTIONS,
    beforeOpen: (page) =>
      page.addInitScript({
        // Each worker's "ready" (sent once it holds the cells' and the overlay's canvases)
        // is read as "failed": the plot must make new canvases and draw them on the page.
        content: `(() => {
          const Base = globalThis.Worker;
          globalThis.heatmapWorkerFailures = 0;
          globalThis.Worker = class extends Base {
            set onmessage(fn) {
              super.onmessage = fn && ((e) => {
                if (e.data && e.data.type !== 'ready') return fn(e);
                globalThis.heatmapWorkerFailures++;
                fn(new MessageEvent('message', { data: { type: 'failed', error: 'made to fail by the spec' } }));
              });
            }
            get onmessage() {
              return super.onmessage;
            }
          };
        })();`,
      }),
  });
  let taken = '';
  test.beforeAll(async () => {
    taken = await pathHere(app.page);
  });
  sees(
    app,
    () => taken,
    () => `${taken}-after-worker-failed`,
  );
  test('its worker did fail, and the plot holds the cells and overlay canvases made anew', async () => {
    const page = app.page;
    const failures = await page.evaluate(
      () => (globalThis as unknown as { heatmapWorkerFailures: number }).heatmapWorkerFailures,
    );
    expect(failures).toBeGreaterThan(0);
    // The cells and the overlay drawn here, no crosshair canvas of its own any more.
    await expect(plot(page).locator('canvas')).toHaveCount(2);
  });
});

test.describe('on the 2D canvas (no WebGL2)', () => {
  const app = useWorkspace({
    ...OPTIONS,
    beforeOpen: (page) =>
      page.addInitScript(() => {
        // This window as one without WebGL2: the pane must take the 2D canvas.
        const proto = (
          globalThis as unknown as {
            HTMLCanvasElement: { prototype: { getContext: (...a: unknown[]) => unknown } };
          }
        ).HTMLCanvasElement.prototype;
        const get = proto.getContext;
        proto.getContext = function (this: unknown, ...args: unknown[]) {
          return args[0] === 'webgl2' ? null : get.apply(this, args);
        };
      }),
  });
  sees(app, () => 'canvas2d');
});
