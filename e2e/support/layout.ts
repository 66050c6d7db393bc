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
