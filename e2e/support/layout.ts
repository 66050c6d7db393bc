/**
 * Layout checks run in the page: boxes whose content is cut off sideways. A table
 * column pushed out of its pane, a status bar losing its end, a badge too narrow for
 * its word: each is a box whose content is wider than the box and whose overflow is
 * not visible. The chart's canvases (drawn to fit) are left out.
 */
import type { Locator, Page } from '@playwright/test';

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

/**
 * What the layout cuts, one line each (none: nothing is cut). In the workspace:
 * - a number whose text is wider than its box, or which its pane cuts at the side
 *   (an element with a digit in its own text, in the mono font numbers are set in);
 * - a pane slot outside the window;
 * - a control (button, field) outside the window, cut by its slot's edge, or whose
 *   label is wider than the control ("Edi" for Edit).
 * Names (tab titles, headlines) may be cut; the chart's canvas is drawn to fit.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  // No named functions inside: a script run by tsx would wrap them in a `__name`
  // helper the page does not have.
  return page.evaluate(() => {
    // The DOM's types, as far as used (the e2e code is typed without the DOM library).
    type Rect = { left: number; right: number; top: number; bottom: number; width: number };
    type Elem = {
      tagName: string;
      textContent: string | null;
      scrollWidth: number;
      clientWidth: number;
      childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
      getAttribute(name: string): string | null;
      getBoundingClientRect(): Rect;
      checkVisibility(options: object): boolean;
      closest(selector: string): Elem | null;
      matches(selector: string): boolean;
      querySelectorAll(selector: string): ArrayLike<Elem>;
    };
    const g = globalThis as unknown as {
      innerWidth: number;
      innerHeight: number;
      document: { querySelector(selector: string): Elem | null };
      getComputedStyle(el: Elem): { display: string; fontFamily: string };
    };
    const TEXT_NODE = 3;
    const lines: string[] = [];
    const W = g.innerWidth;
    const H = g.innerHeight;
    const main = g.document.querySelector('main');
    if (!main) return ['no workspace'];
    for (const el of Array.from(main.querySelectorAll('section[aria-label$=" panes"], *'))) {
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
      if (el.matches('section[aria-label$=" panes"]')) {
        if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
          lines.push(`slot ${name} outside the window`);
        }
        continue;
      }
      if (el.closest('[role="application"], canvas, [role="tablist"], [aria-hidden="true"]')) {
        continue;
      }
      const visible =
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 1;
      if (!visible) continue;
      let own = '';
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType === TEXT_NODE) own += node.textContent;
      }
      const style = g.getComputedStyle(el);
      const numeric = /\d/.test(own) && /mono/i.test(style.fontFamily);
      const control = el.matches('button, select, input');
      if (!numeric && !control) continue;
      if (style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        lines.push(`${name} wider than its box by ${el.scrollWidth - el.clientWidth}px`);
      }
      const slot = el.closest('section[aria-label$=" panes"]')?.getBoundingClientRect();
      if (slot && (r.left < slot.left - 0.5 || r.right > slot.right + 0.5)) {
        lines.push(`${name} cut by its slot's side`);
      }
      // Cut sideways by a scrolling body (a column pushed out of view).
      const scroller = el.closest('[role="group"][aria-label$=" content"]');
      const view = scroller?.getBoundingClientRect();
      if (view && (r.left < view.left - 0.5 || r.right > view.right + 0.5)) {
        lines.push(`${name} out of its pane's view sideways`);
      }
      if (control && !scroller && (r.left < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)) {
        lines.push(`${name} outside the window`);
      }
    }
    return lines;
  });
}

/**
 * The chart's furniture that lies over its candles, one line each (none: the plot is
 * clear). The candle area is the chart's first pane (lightweight-charts' table cell
 * between the price scales: its DOM offers no role); the furniture is every piece of
 * the chart pane shown beside it: the price legend, the drawing tools, the drawing
 * hint, list and editor, the studies and compare panels.
 */
export async function furnitureOverCandles(chart: Locator): Promise<string[]> {
  const cell = chart.getByRole('application').locator('table tr').first().locator('td').nth(1);
  const area = await cell.boundingBox();
  if (!area || area.width < 1 || area.height < 1) return ['no candle area'];
  const pieces: [string, Locator][] = [
    ['price legend', chart.getByRole('group', { name: 'Price legend' })],
    ['drawing tools', chart.getByRole('toolbar', { name: 'Drawing tools' })],
    ['drawing hint', chart.getByRole('status').filter({ hasText: /^Click the/ })],
    ['drawing list', chart.getByRole('list', { name: /^Drawings on / })],
    ['drawing editor', chart.getByRole('group', { name: /^Selected drawing/ })],
    ['studies panel', chart.getByRole('dialog', { name: 'Studies' })],
    ['compare panel', chart.getByRole('dialog', { name: 'Compare' })],
  ];
  const lines: string[] = [];
  const text = (b: Box) =>
    `${Math.round(b.width)}×${Math.round(b.height)} at ${Math.round(b.x)},${Math.round(b.y)}`;
  for (const [name, piece] of pieces) {
    for (const one of await piece.all()) {
      const box = await one.boundingBox();
      if (!box || box.width < 1 || box.height < 1) continue;
      const across = Math.min(box.x + box.width, area.x + area.width) - Math.max(box.x, area.x);
      const down = Math.min(box.y + box.height, area.y + area.height) - Math.max(box.y, area.y);
      if (across > 0.5 && down > 0.5) {
        lines.push(`${name} (${text(box)}) over the candles (${text(area)})`);
      }
    }
  }
  return lines;
}

type Box = { x: number; y: number; width: number; height: number };
