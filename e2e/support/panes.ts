/**
 * Adding panes as a user does: the toolbar's "Add pane" menu, by the titles it lists
 * (the pane-kind table's, in its order).
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The add-pane menu's items, one per pane kind. */
export const PANE_MENU_ITEMS = [
  'Quotes',
  'Chart',
  'Depth',
  'Tick tape',
  'Company',
  'News',
  'Alerts',
  'Events',
  'Heatmap',
] as const;

/** Adds a pane of a kind from the toolbar's menu. */
export async function addPaneFromToolbar(page: Page, item: string): Promise<void> {
  const toolbar = page.getByRole('toolbar', { name: 'Workspace' });
  await toolbar.getByRole('button', { name: 'Add pane' }).click();
  const menu = page.getByRole('menu', { name: 'Add pane' });
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(menu).toBeHidden();
}
