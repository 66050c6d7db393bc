/**
 * The chart's "CSV" button in the browser host (demo mode): the page downloads the
 * candles the chart holds as CSV — header, one line per loaded candle, oldest first —
 * and says so in the chart bar.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectChartData, paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

test('CSV downloads the loaded candles', async () => {
  const { page } = app;
  await expectChartData(page);
  const chart = paneBody(page, 'Chart');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    chart.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^BTCUSDT-BA-1m\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toBe('time,iso_time,open,high,low,close,volume,turnover');
  const rows = lines.slice(1).map((l) => l.split(','));
  // At least the first page (500); more when the view paged in older history.
  expect(rows.length).toBeGreaterThanOrEqual(500);
  const times = rows.map((r) => Number(r[0]));
  expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  for (const r of rows) {
    expect(r).toHaveLength(8);
    expect(new Date(Number(r[0])).toISOString()).toBe(r[1]);
    expect(r.slice(2).every((v) => Number.isFinite(Number(v)))).toBe(true);
  }
  await expect(chart.getByRole('status').filter({ hasText: /^Downloaded/ })).toHaveText(
    `Downloaded ${rows.length.toLocaleString('en-US')} candles as BTCUSDT-BA-1m.csv.`,
  );
});
