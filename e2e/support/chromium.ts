/**
 * Debian's Chromium and the flags every spec, screenshot and UI benchmark launches it
 * with (Playwright's own browsers are never downloaded). No imports: the Playwright
 * config loads this too.
 */

/** Chromium as installed by Debian (`CHROMIUM_PATH` to use another). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (containers run as root), no GPU, and nothing that calls home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
