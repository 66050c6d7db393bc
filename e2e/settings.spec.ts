/**
 * Issue 11 — the Settings form checks every field with the settings' shared rules
 * before sending: each wrong field says why beside it (its description, aria-invalid),
 * in words for people and in the form's units, the first one takes the focus, nothing
 * internal ("setSettings", "patch.") is shown, and nothing is saved until all are
 * right. The request timeout is edited in seconds and saved in milliseconds.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  BASE_URL_PLAIN_HTTP,
  numericSettingLimits,
  numericSettingMessage,
} from '../src/shared/model';
import { NO_SERVICE_URL } from './support/processes';
import { seriousViolations } from './support/ui';
import { savedFile, useWorkspace } from './support/workspace';

const app = useWorkspace({ settings: { requestTimeoutMs: 10_000 }, mode: 'DEMO DATA' });
let dialog: Locator;

const savedSettings = (): Record<string, unknown> =>
  JSON.parse(savedFile(app, 'settings.json')) as Record<string, unknown>;

test.beforeAll(async () => {
  await app.page.getByRole('button', { name: 'Settings' }).click();
  dialog = app.page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Request timeout')).toHaveValue('10');
});

test('wrong fields say why beside them, in the form’s units, and nothing is saved', async () => {
  const before = savedFile(app, 'settings.json');
  const { min } = numericSettingLimits('intervals.quotes');
  await dialog.getByLabel('Base URL').fill('http://api.example');
  await dialog.getByLabel('Request timeout').fill('0.5');
  await dialog.getByLabel('Quotes refresh').fill(String(min - 1));
  await dialog.getByRole('button', { name: 'Apply' }).click();

  const baseUrl = dialog.getByLabel('Base URL');
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  // Its hint, then what is wrong.
  await expect(baseUrl).toHaveAccessibleDescription(
    `A token is sent only to the address it was set for. ${BASE_URL_PLAIN_HTTP}`,
  );
  await expect(baseUrl).toBeFocused();

  const timeout = dialog.getByLabel('Request timeout');
  await expect(timeout).toHaveAttribute('aria-invalid', 'true');
  await expect(timeout).toHaveAccessibleDescription(/must be a number of seconds from 1 to 120/);

  const quotes = dialog.getByLabel('Quotes refresh');
  await expect(quotes).toHaveAttribute('aria-invalid', 'true');
  await expect(quotes).toHaveAccessibleDescription(
    `ms ${numericSettingMessage('intervals.quotes')}`,
  );
  await expect(dialog.getByLabel('Depth refresh')).not.toHaveAttribute('aria-invalid', 'true');

  await expect(dialog).not.toContainText('setSettings');
  await expect(dialog).not.toContainText('patch.');
  await expect(dialog.getByRole('status')).toHaveCount(0);
  expect(savedFile(app, 'settings.json')).toBe(before);

  expect(await seriousViolations(app.page, 'dialog')).toEqual([]);
});

test('a fixed field’s message goes as it is typed; all right, the change is saved', async () => {
  await dialog.getByLabel('Base URL').fill(NO_SERVICE_URL);
  await expect(dialog.getByLabel('Base URL')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(BASE_URL_PLAIN_HTTP)).toHaveCount(0);

  await dialog.getByLabel('Request timeout').fill('2.5');
  await dialog.getByLabel('Quotes refresh').fill('1,500');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved.');
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);

  const saved = savedSettings();
  expect(saved['requestTimeoutMs']).toBe(2500);
  expect((saved['intervals'] as Record<string, number>)['quotes']).toBe(1500);

  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await app.page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByLabel('Request timeout')).toHaveValue('2.5');
  await expect(dialog.getByLabel('Quotes refresh')).toHaveValue('1500');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
});
