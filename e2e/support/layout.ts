/**
 * Layout checks run in the page: boxes whose content is cut off sideways. A table
 * column pushed out of its pane, a status bar losing its end, a badge too narrow for
 * its word: each is a box whose content is wider than the box and whose overflow is
 * not visible. The chart's canvases (drawn to fit) are left out.
 */
import type { Page } from '@playwright/test';

/** One line per clipped box: its accessible name or text, and by how many px. */
export function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = {
      scrollWidth: number;
      clientWidth: number;
      getAttribute(name: string): string | null;
      closest(selector: string): El | null;
      className: unknown;
      tagName: string;
      textContent: string | null;
    };
    const g = globalThis as unknown as {
      document: { querySelectorAll(s: string): ArrayLike<El> };
      getComputedStyle(el: El): { overflowX: string; textOverflow: string; display: string };
    };
    const lines: string[] = [];
    for (const el of Array.from(g.document.querySelectorAll('body *'))) {
      if (el.closest('[role="application"]') || el.closest('dialog:not([open])')) continue;
      const style = g.getComputedStyle(el);
      if (style.display === 'none' || style.overflowX === 'visible') continue;
      const over = el.scrollWidth - el.clientWidth;
      if (el.clientWidth === 0 || over <= 1) continue;
      // Visually hidden text is clipped on purpose.
      if (el.clientWidth <= 1) continue;
      const name =
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      lines.push(`${el.tagName.toLowerCase()} "${name}" by ${over}px (${style.overflowX})`);
    }
    return lines;
  });
}
