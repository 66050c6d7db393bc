/**
 * Issue 11 — the Settings form checks every field with the settings' shared rules
 * before sending: each wrong field says why beside it (its description, aria-invalid),
 * in words for people and in the form's units, the first one takes the focus, nothing
 * internal ("setSettings", "patch.") is shown, and nothing is saved until all are
 * right. The request timeout is edited in seconds and saved in milliseconds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  BASE_URL_PLAIN_HTTP,
  numericSettingLimits,
  numericSettingMessage,
} from '../src/shared/model';
import type { Host } from './support/processes';
import {
  NO_SERVICE_URL,
  makeHome,
  printLogsOnFailure,
  removeHome,
  startHost,
  stopAll,
} from './support/processes';
import { statusMode } from './support/ui';

test.describe.configure({ mode: 'serial' });
printLogsOnFailure();

let home: string;
let host: Host;
let page: Page;
let dialog: Locator;

const savedSettings = (): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8')) as Record<string, unknown>;

test.beforeAll(async ({ browser }) => {
  home = makeHome({ requestTimeoutMs: 10_000 });
  host = await startHost({ home });
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await page.goto(host.url);
  await expect(statusMode(page)).toContainText('DEMO DATA');
  await page.getByRole('button', { name: 'Settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByLabel('Request timeout')).toHaveValue('10');
});

test.afterAll(async () => {
  await page?.context().close();
  await stopAll();
  removeHome(home);
});

test('wrong fields say why beside them, in the form’s units, and nothing is saved', async () => {
  const before = readFileSync(path.join(home, 'settings.json'), 'utf8');
  const { min } = numericSettingLimits('intervals.quotes');
  await dialog.getByLabel('Base URL').fill('http://api.example');
  await dialog.getByLabel('Request timeout').fill('0.5');
  await dialog.getByLabel('Quotes refresh').fill(String(min - 1));
  await dialog.getByRole('button', { name: 'Apply' }).click();

  const baseUrl = dialog.getByLabel('Base URL');
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(BASE_URL_PLAIN_HTTP);
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
  expect(readFileSync(path.join(home, 'settings.json'), 'utf8')).toBe(before);

  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  const serious = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
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
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByLabel('Request timeout')).toHaveValue('2.5');
  await expect(dialog.getByLabel('Quotes refresh')).toHaveValue('1500');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
});
