/**
 * Diagnostic for the UI benchmarks: a style sheet added to a page once its document is
 * parsed (to turn something off and see what it costs).
 */
import type { Page } from 'playwright-core';

/** Adds `css` to every document `page` opens from now on; nothing when empty. */
export async function addStyleSheet(page: Page, css: string): Promise<void> {
  if (!css) return;
  await page.addInitScript({
    content: `addEventListener('DOMContentLoaded', () => {
      const s = document.createElement('style');
      s.textContent = ${JSON.stringify(css)};
      document.head.append(s);
    });`,
  });
}
