/**
 * The browser host's socket drops in the middle of a chart load: the load answers
 * "connection lost", and the chart loads again by itself once the transport has
 * reconnected (it does not stay on "could not be loaded"). The drop is made by
 * Playwright's WebSocket routing, which proxies the page's `/bridge` socket to the
 * real host and closes it when the page asks for candles.
 */
import { expect, test } from '@playwright/test';
import { OHLC_LEGEND, chartLegend, expectChartData, paneBody, statusMode } from './support/ui';
import { useWorkspace } from './support/workspace';

/** Set to drop the socket at the next `loadCandles` request; counts the drops. */
let dropNextLoad = false;
let drops = 0;

const app = useWorkspace({
  beforeOpen: (page) =>
    page.routeWebSocket(/\/bridge$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (dropNextLoad && typeof message === 'string' && message.includes('"loadCandles"')) {
          dropNextLoad = false;
          drops++;
          // The request never reaches the host, and the socket goes away under it.
          void ws.close({ code: 1011, reason: 'dropped by the test' });
          void server.close();
          return;
        }
        server.send(message);
      });
    }),
  mode: 'DEMO DATA',
});

test.beforeAll(async () => {
  await expectChartData(app.page);
});

test('a chart load lost with the host socket is retried once it reconnects', async () => {
  const chart = paneBody(app.page, 'Chart');
  dropNextLoad = true;
  await chart.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1h' }).click();
  await expect.poll(() => drops).toBe(1);
  await expect(chart.getByRole('application')).toHaveAccessibleName(/, 1h;/);
  // Reloaded over the new socket: candles and the legend, no Retry left.
  await expect(chartLegend(app.page)).toHaveText(OHLC_LEGEND, { timeout: 20_000 });
  await expect(chart.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await expect(statusMode(app.page)).toContainText('DEMO DATA');
});
