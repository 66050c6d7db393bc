/**
 * Debian's Chromium through playwright-core, headless, with the flags every UI
 * benchmark shares (`memory` adds precise heap figures and `gc()`).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/** Launches Chromium; `memory` adds `--enable-precise-memory-info` and `--js-flags=--expose-gc`. */
export function launchChromium({ memory = false }: { memory?: boolean } = {}): Promise<Browser> {
  const args = memory
    ? [...CHROMIUM_FLAGS, '--enable-precise-memory-info', '--js-flags=--expose-gc']
    : CHROMIUM_FLAGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args });
}
