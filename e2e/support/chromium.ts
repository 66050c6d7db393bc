/**
 * Debian's Chromium and the flags every spec, screenshot and UI benchmark launches it
 * with (Playwright's own browsers are never downloaded). Only Node's own modules are
 * imported: the Playwright config loads this too.
 */
import { existsSync } from 'node:fs';

/** Chromium as installed by Debian (`CHROMIUM_PATH` to use another). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell` (scripts/env.sh installs it): the same Chromium
 * version without the desktop browser around the page, which is what Playwright itself
 * runs for headless specs. The full browser, started headless, still builds its window
 * (tab strip, toolbar: a WebUI renderer of its own for every page) and starts the crash
 * reporter: on all the specs (three workers, this 2-core machine, load 5–14 from other
 * jobs) Chromium took 135 CPU-s, the WebUI renderers 19 of them, against 111 in the
 * shell, and the specs 163 s against 143 s. The specs use it when it is installed
 * (`CHROMIUM_PATH` still wins); the screenshot scripts and the UI benchmarks keep the
 * full browser, the one people run.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** The Chromium the specs run in: `CHROMIUM_PATH`, else the headless shell when installed. */
export const SPEC_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** No sandbox (containers run as root), no GPU, and nothing that calls home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
