/**
 * Issue 28 — the recording's user-facing parts: the size budget in Settings (in MiB,
 * checked, saved in bytes, with what is used now beside it), and the per-symbol switch
 * in the status bar's REC popover: a symbol switched off has no frame recorded after the
 * switch (read back with `marketdesk record export`, the command line on the same data
 * folder), the others go on, and the indicator says what is recorded and what is not.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { childEnv, ROOT } from './support/processes';
import { seriousViolations } from './support/ui';
import { savedFile, useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });
const MiB = 1024 * 1024;

/** The frames of `code` recorded at or after `from`, as `marketdesk record export` reads them. */
function exported(code: string, from: number): { t: number; instrument: { code: string } }[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [
        'bin/marketdesk.js',
        'record',
        'export',
        '--codes',
        code,
        '--from',
        String(from),
        '--format',
        'jsonl',
      ],
      {
        cwd: ROOT,
        env: childEnv({ MARKETDESK_HOME: app.home }),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    // No frame of the code at all yet: the command says so and exits 1.
    if (/nothing to export/.test(String((error as { stderr?: unknown }).stderr))) return [];
    throw error;
  }
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { t: number; instrument: { code: string } });
}

test('the REC indicator says the workspace is recorded', async () => {
  const rec = app.page.getByTestId('rec-indicator');
  await expect(rec).toHaveAttribute('data-state', 'recording', { timeout: 20_000 });
  await expect(rec).toHaveText(/REC$/);
});

test('the budget is set in Settings in MiB, checked, saved in bytes, with the size used beside it', async () => {
  const page = app.page;
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const size = dialog.getByLabel('Recording size');
  await expect(size).toHaveValue('1024');
  await size.fill('10');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await expect(size).toHaveAccessibleDescription(
    /Recording size must be a whole number of MiB from 64 to 1,048,576/,
  );
  await size.fill('128');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved.');
  expect(JSON.parse(savedFile(app, 'settings.json'))).toMatchObject({
    recordingBudgetBytes: 128 * MiB,
  });
  await expect(dialog.getByTestId('recording-size')).toContainText(/ of 128\.0 MiB used \(demo\)/);
  await dialog.getByRole('button', { name: 'Close settings' }).click();
});

test('a symbol switched off is recorded no more, the others go on, and the indicator says so', async () => {
  const page = app.page;
  // BTCUSDT's frames are in the recording (the workspace shows its book, quote and ticks).
  const start = Date.now() - 60_000;
  await expect
    .poll(() => exported('BTCUSDT', start).length, { timeout: 20_000 })
    .toBeGreaterThan(0);

  await page.getByTestId('rec-indicator').click();
  const panel = page.getByRole('dialog', { name: 'Recording' });
  await expect(panel.getByTestId('rec-size')).toContainText(/of 128\.0 MiB used/);
  const btc = panel.getByRole('checkbox', { name: /^BTCUSDT \(crypto BA\)/ });
  await expect(btc).toBeChecked();
  await btc.uncheck();
  await expect(btc).not.toBeChecked();
  // The switch is applied when the answer comes: every frame after this is the new rule's.
  const after = Date.now();
  await expect(panel.getByRole('listitem').filter({ hasText: 'BTCUSDT' })).toContainText(
    'not recorded',
  );
  await expect(panel.getByTestId('rec-state')).toContainText(/\(1 switched off\)/);
  expect(await seriousViolations(page, '#recording-panel')).toEqual([]);

  // The others go on being recorded: an ETHUSDT frame written well after the switch (the
  // frames are written in arrival order, so anything of BTCUSDT before it is written too);
  // BTCUSDT has nothing after the switch.
  await expect
    .poll(() => exported('ETHUSDT', after + 1_500).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(exported('BTCUSDT', after)).toEqual([]);

  // Every symbol off: the indicator says recording is paused.
  for (const box of await panel.getByRole('checkbox').all()) {
    if (await box.isChecked()) await box.uncheck();
  }
  const rec = page.getByTestId('rec-indicator');
  await expect(rec).toHaveAttribute('data-state', 'idle');
  await expect(rec).toHaveText(/REC paused/);
  await expect(panel.getByTestId('rec-state')).toContainText('Paused: every symbol shown');
});
