/**
 * A tick tape whose ticks cannot come: the host starts with a token the service (a
 * token-checking simulator) refuses. The tape says why it is empty, as the other panes
 * do, not a "Waiting for ticks…" that never ends.
 */
import { expect, test } from '@playwright/test';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { paneBody } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({
  service: { token: 'e2e-tape-right-token-51d0', seed: 2 },
  hostToken: 'e2e-tape-wrong-token-0000',
  settings: PREMIUM_BUDGET,
  workspace: savedWorkspace({
    name: 'Tape',
    root: tabsOf(savedPane('tape', 'ticks', { options: { region: 'BA', codes: ['BTCUSDT'] } })),
  }),
  // Narrower than the sentence on one line.
  viewport: { width: 640, height: 480 },
  mode: 'TOKEN REJECTED',
});

test('with the token refused, the tape says so instead of waiting for ticks', async () => {
  const tape = paneBody(app.page, 'Tick tape');
  await expect(tape.getByRole('status')).toContainText('token rejected', { timeout: 20_000 });
  const ticks = tape.getByRole('table', { name: 'Ticks', exact: true });
  await expect(ticks).toContainText(
    'The market data service rejected the token, so nothing more is requested with it.',
  );
  await expect(ticks).not.toContainText('Waiting');
  // Wrapped in the pane's width, every word of it in view: the text ends inside its cell.
  const overflow = await ticks.locator('td.empty').evaluate((td) => {
    type Box = { right: number };
    const doc = (
      globalThis as unknown as {
        document: {
          createRange(): { selectNodeContents(n: unknown): void; getBoundingClientRect(): Box };
        };
      }
    ).document;
    const range = doc.createRange();
    range.selectNodeContents(td);
    return range.getBoundingClientRect().right - td.getBoundingClientRect().right;
  });
  expect(overflow).toBeLessThanOrEqual(0);
});
