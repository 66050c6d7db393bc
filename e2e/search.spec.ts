/**
 * Issue 14 — symbol search, through the browser host against the simulator (demo mode:
 * the directory is the simulator's catalog): the palette finds "tencent" as 700 HK and
 * opens it; the add-symbol form finds "apple" and adds AAPL US to the board; a pane's
 * symbol field finds "btc" and shows BTCUSDT BA. Every list is a keyboard combobox.
 */
import { expect, test } from '@playwright/test';
import { paneBody, quoteRow, shownTab } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({ settings: PREMIUM_BUDGET, mode: 'DEMO DATA' });

test.beforeAll(async () => {
  await expect(quoteRow(app.page, 'AAPL US stock')).toBeVisible();
});

test('the palette finds "tencent" as 700 HK, and Enter opens it', async () => {
  const palette = app.page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox', { name: 'Symbol or command' });
  await app.page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  // Typed as a person types, a keystroke at a time: each asks the directory.
  await input.pressSequentially('tencent chart', { delay: 30, timeout: 60_000 });
  const first = palette.getByRole('listbox', { name: 'Results' }).getByRole('option').first();
  await expect(first).toContainText(/700\s*HK\s*stock\s*Tencent Holdings Ltd\.\s*HKEX/);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await input.press('Enter');
  await expect(palette).toBeHidden({ timeout: 15_000 });
  await expect(shownTab(app.page, 'Chart')).toHaveText('Chart · 700');
});

test('the add-symbol form finds "apple" and adds AAPL US to the board', async () => {
  const board = paneBody(app.page, 'Quote board');
  // The default list holds AAPL: take it off first (Delete on its row).
  await quoteRow(app.page, 'AAPL US stock').focus();
  await app.page.keyboard.press('Delete');
  await expect(quoteRow(app.page, 'AAPL US stock')).toHaveCount(0);

  await board.getByRole('button', { name: '+ Symbol' }).click();
  const form = board.getByRole('form', { name: 'Add a symbol' });
  const code = form.getByRole('combobox', { name: 'Code' });
  await expect(code).toBeFocused();
  // Another class and region first: choosing a result sets them.
  await form.getByLabel('Class').selectOption('crypto');
  await form.getByLabel('Region').fill('BA');
  await code.focus();
  await code.pressSequentially('apple', { delay: 30, timeout: 60_000 });
  const results = app.page.getByRole('listbox', { name: 'Matching symbols' });
  await expect(results.getByRole('option').first()).toContainText(
    /AAPL\s*US\s*stock\s*Apple Inc\./,
  );
  await expect(code).toHaveAttribute('aria-expanded', 'true');
  await code.press('Enter');
  await expect(quoteRow(app.page, 'AAPL US stock')).toBeVisible({ timeout: 15_000 });
});

test('a pane’s symbol field finds "btc", moves with the arrows, and Escape closes it', async () => {
  const depth = paneBody(app.page, 'Depth ladder');
  await depth.getByRole('button', { name: /^Symbol .*: change$/ }).click();
  const field = depth.getByRole('combobox', { name: 'Symbol, by code or name' });
  await expect(field).toBeFocused();
  await field.pressSequentially('btc', { delay: 30, timeout: 60_000 });
  const results = app.page.getByRole('listbox', { name: 'Matching symbols' });
  const options = results.getByRole('option');
  await expect(options.first()).toContainText(/BTCUSDT\s*BA\s*crypto/);
  await expect(options.nth(1)).toContainText(/BTCUSDT\s*BT\s*crypto/);
  // Down and up again: the first is chosen.
  await field.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  // Escape closes the list, not the field; Enter chooses.
  await field.press('Escape');
  await expect(results).toBeHidden();
  await expect(field).toBeVisible();
  await field.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(depth.getByRole('button', { name: 'Symbol BTCUSDT: change' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(depth.getByRole('table', { name: 'Order book of BTCUSDT' })).toBeVisible();
});

test('a pane’s symbol field says when nothing matches, and Enter then keeps it open', async () => {
  const depth = paneBody(app.page, 'Depth ladder');
  await depth.getByRole('button', { name: /^Symbol .*: change$/ }).click();
  const field = depth.getByRole('combobox', { name: 'Symbol, by code or name' });
  await field.pressSequentially('zzzq', { delay: 30, timeout: 60_000 });
  const results = app.page.getByRole('listbox', { name: 'Matching symbols' });
  await expect(results).toContainText('No symbol matches “zzzq”.');
  await expect(results.getByRole('option')).toHaveCount(0);
  await field.press('Enter');
  await expect(field).toBeVisible();
  // A field of no form does nothing on Enter: its list stays, saying why.
  await expect(results).toContainText('No symbol matches “zzzq”.');
  // A match again: the note goes with the text it answered.
  await field.fill('');
  await field.pressSequentially('btc', { delay: 30, timeout: 60_000 });
  await expect(results.getByRole('option').first()).toContainText(/BTCUSDT/);
  await expect(results).not.toContainText('No symbol matches');
  await field.press('Escape');
  await field.press('Escape');
  await expect(field).toBeHidden();
});
