/**
 * Issue 10 — real symbols, in demo mode (the host's built-in simulator, whose catalog
 * is finite): a word typed in the command palette is not turned into a made-up symbol
 * ("tencent" never becomes a TENCENT US stock); a symbol command the source refuses is
 * refused in the palette, with the reason, and changes nothing; the add-symbol form
 * refuses an unknown code with the reason, and takes "aapl" or "00700" as the AAPL and
 * 700 already on the list. Nothing refused reaches the saved workspace.
 */
import { expect, test } from '@playwright/test';
import { paneBody, quoteRow, shownTab } from './support/ui';
import { PREMIUM_BUDGET, savedFile, useWorkspace } from './support/workspace';

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  mode: 'DEMO DATA',
});

test.beforeAll(async () => {
  await expect(quoteRow(app.page, 'AAPL US stock')).toBeVisible();
});

/** The saved workspace document, as the host wrote it ('' before the first save). */
const savedWorkspace = () => savedFile(app, 'workspace.json');

const palette = () => app.page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = () => palette().getByRole('combobox', { name: 'Symbol or command' });
const results = () => palette().getByRole('listbox', { name: 'Results' });

/** The board's rows, by their accessible names ("AAPL US stock"). */
async function boardRows(): Promise<string[]> {
  const rows = paneBody(app.page, 'Quote board').getByRole('rowgroup').nth(1).getByRole('row');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('aria-label') ?? ''));
}

test('"tencent" typed in the palette finds 700 HK by name and never makes up TENCENT', async () => {
  const rowsBefore = await boardRows();
  const chartTab = shownTab(app.page, 'Chart');
  const chartBefore = await chartTab.textContent();

  await app.page.keyboard.press('Control+k');
  await expect(paletteInput()).toBeFocused();
  await paletteInput().fill('tencent');
  // The directory finds it by name; no "Go to": a word is no market's code, and no
  // market is guessed for it.
  await expect(results().getByRole('option').first()).toContainText('Tencent Holdings');
  await expect(results().getByRole('option', { name: /Go to/ })).toHaveCount(0);
  await expect(results()).not.toContainText('TENCENT');
  await paletteInput().press('Escape');
  await expect(palette()).toBeHidden();

  expect(await boardRows()).toEqual(rowsBefore);
  await expect(chartTab).toHaveText(chartBefore ?? '');
  expect(savedWorkspace()).not.toMatch(/TENCENT/i);
});

test('a symbol command the source does not know is refused in the palette, with the reason', async () => {
  const rowsBefore = await boardRows();
  const chartTab = shownTab(app.page, 'Chart');
  const chartBefore = await chartTab.textContent();

  await app.page.keyboard.press('Control+k');
  await paletteInput().fill('tencent US chart');
  const go = results().getByRole('option', { name: /^Go to TENCENT US/ });
  await expect(go).toBeVisible();
  await paletteInput().press('Enter');
  // It stays open and says why; nothing happened.
  await expect(palette().getByRole('alert')).toContainText(
    'Unknown symbol: the data source has no TENCENT US stock',
    { timeout: 15_000 },
  );
  await expect(palette()).toBeVisible();
  // Asking again changes nothing: unknown stays refused.
  await paletteInput().press('Enter');
  await expect(palette().getByRole('alert')).toContainText('Unknown symbol');
  await expect(palette()).toBeVisible();
  await paletteInput().press('Escape');
  await expect(palette()).toBeHidden();

  expect(await boardRows()).toEqual(rowsBefore);
  await expect(chartTab).toHaveText(chartBefore ?? '');
  await expect(paneBody(app.page, 'Chart').getByRole('application')).not.toHaveAccessibleName(
    /TENCENT/,
  );
  // Saved (debounced) state has no trace of it either.
  await app.page.waitForTimeout(800);
  expect(savedWorkspace()).not.toMatch(/TENCENT/i);
});

test('a known symbol typed in any case and with leading zeros opens in its canonical form', async () => {
  await app.page.keyboard.press('Control+k');
  await paletteInput().fill('00700 hk chart');
  // The directory's entry for it (code, region, name), chosen first.
  await expect(results().getByRole('option', { selected: true })).toContainText(
    /700\s*HK\s*stock\s*Tencent/,
  );
  await paletteInput().press('Enter');
  await expect(palette()).toBeHidden({ timeout: 15_000 });
  await expect(shownTab(app.page, 'Chart')).toHaveText('Chart · 700');
  // One 700 HK row, as before: not a second "00700".
  expect((await boardRows()).filter((name) => name === '700 HK stock')).toHaveLength(1);
  expect(await boardRows()).not.toContain('00700 HK stock');
});

test('the add-symbol form refuses an unknown code with the reason, and adds nothing', async () => {
  const board = paneBody(app.page, 'Quote board');
  const rowsBefore = await boardRows();
  await board.getByRole('button', { name: '+ Symbol' }).click();
  const form = board.getByRole('form', { name: 'Add a symbol' });
  await expect(form).toBeVisible();
  await form.getByLabel('Class').selectOption('stock');
  await form.getByLabel('Region').fill('US');
  await form.getByLabel('Code').fill('ZZZZ');
  await form.getByRole('button', { name: 'Add' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Unknown symbol: the data source has no ZZZZ US stock', {
    timeout: 15_000,
  });
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  // A second try is refused the same way.
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(alert).toContainText('Unknown symbol');
  // Typed and sent with Enter: the search's list closes, and does not lie over the reason.
  await form.getByLabel('Code').fill('ZZZZ');
  const list = app.page.getByRole('listbox', { name: 'Matching symbols' });
  await expect(list).toContainText('No symbol matches “ZZZZ”');
  await form.getByLabel('Code').press('Enter');
  await expect(alert).toContainText('Unknown symbol: the data source has no ZZZZ US stock', {
    timeout: 15_000,
  });
  await expect(list).toBeHidden();
  expect(await boardRows()).toEqual(rowsBefore);
  await expect(quoteRow(app.page, 'ZZZZ US stock')).toHaveCount(0);
  await app.page.waitForTimeout(800);
  expect(savedWorkspace()).not.toContain('"ZZZZ"');
});

test('the add-symbol form takes "aapl" and "00700" as the AAPL and 700 already listed', async () => {
  const board = paneBody(app.page, 'Quote board');
  const form = board.getByRole('form', { name: 'Add a symbol' });
  await form.getByLabel('Code').fill('aapl');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('alert')).toHaveText('AAPL is already on this list');
  await form.getByLabel('Region').fill('HK');
  await form.getByLabel('Code').fill('00700');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('alert')).toHaveText('700 is already on this list');
});

test('the add-symbol form adds a known symbol, in its canonical form', async () => {
  const board = paneBody(app.page, 'Quote board');
  const form = board.getByRole('form', { name: 'Add a symbol' });
  await form.getByLabel('Region').fill('us');
  await form.getByLabel('Code').fill('nvda');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(quoteRow(app.page, 'NVDA US stock')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Code')).toHaveValue('');
  await board.getByRole('button', { name: 'Cancel' }).click();
});
