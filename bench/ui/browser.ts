/**
 * Debian's Chromium through playwright-core, headless, with the flags every UI
 * benchmark shares (`memory` adds precise heap figures and `gc()`).
 */
import { chromium, type Browser } from 'playwright-core';

/** Chromium as installed by Debian; never a downloaded one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Chromium; `memory` adds `--enable-precise-memory-info` and `--js-flags=--expose-gc`. */
export function launchChromium({ memory = false }: { memory?: boolean } = {}): Promise<Browser> {
  const args = memory
    ? [...FLAGS, '--enable-precise-memory-info', '--js-flags=--expose-gc']
    : FLAGS;
  return chromium.launch({ executablePath: CHROMIUM, args });
}
