/**
 * Playwright: end-to-end specs in `e2e/`. Browser specs run in Debian's Chromium, its
 * headless shell when installed (`chromium-headless-shell`, else `/usr/bin/chromium`:
 * e2e/support/chromium.ts; Playwright's own browsers are never downloaded); the
 * Electron spec launches Electron itself and skips where its runtime is missing.
 *
 * Three workers: every spec file starts its own host (and simulator) on port 0 with its
 * own data folder (e2e/support/workspace.ts), so files run side by side; the tests of
 * one file run in order, in one worker. Three on two cores, because a spec spends much
 * of its time waiting on the demo's pace: the specs project took 551 CPU-s in 640 s on
 * two workers (less than one core busy on average) and 562 CPU-s in 506 s on three,
 * both runs passing, on this 2-core machine at load 14–18 from other jobs. The three-minute plans soak is a project of
 * its own, listed first, so that it starts at once beside the rest instead of last;
 * `npm test` starts it on its own even earlier, beside the checks (scripts/test.mjs).
 * The suite's time: README.md, after `./run test` in "Quick start".
 *
 * Tried and not kept (six spec files, 35 tests, on three workers; CPU-seconds of
 * Chromium, the hosts and Playwright summed per process): no trace at all, 134 CPU-s
 * against 140 with the failure-only trace below; Chromium with `--in-process-gpu`, 136;
 * with `--js-flags=--no-opt`, 143: all within the runs' own spread. The longest spec
 * files first: in alphabetical order the three workers already end within ~15 s of
 * each other (from one run's test times, 253 s against 246 s longest-first).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, SPEC_CHROMIUM_PATH } from './e2e/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // A failed test keeps its trace without DOM snapshots or screencast (they doubled the
    // specs' CPU: a11y and undo on one worker took 101 s and 88 CPU-s traced in full, 66 s
    // and 61 CPU-s so), and a screenshot of the page as it failed. The full trace once hid
    // a replay race by slowing the spec down (a recorded symbol's depth answered null
    // before its first book, taken for an unknown symbol; src/core/replay/replay-server.ts).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    // Without the quote board's 900 ms flash on every price change (the app honours the
    // preference), Chromium's compositor stops repainting the page several times a
    // second: on two cores, a11y and panes took 63–83 s instead of 207 s. No spec looks
    // at the flash.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: SPEC_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // Each project its own output folder: `npm test` runs them as two Playwright runs at
  // once (scripts/test.mjs), and a run empties the folders of the projects it runs.
  projects: [
    { name: 'soak', testMatch: 'plans.spec.ts', outputDir: 'test-results/soak' },
    { name: 'specs', testIgnore: 'plans.spec.ts', outputDir: 'test-results/specs' },
  ],
});
