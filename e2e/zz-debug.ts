import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { stopAll } from './support/processes';
import { boardColumnsShown, expectDefaultLayoutData } from './support/ui';
import { layoutProblems } from './support/layout';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
const app = await openWorkspace(browser, { settings: PREMIUM_BUDGET, viewport: { width: 1024, height: 900 }, mode: 'DEMO DATA' });
const { page } = app;
await expectDefaultLayoutData(page);
const info = () => page.evaluate(() => { const w = document.querySelector('.wrap')!; const t = w.querySelector('table')!; return `${w.className} table ${t.offsetWidth} room ${w.clientWidth}`; });
console.log(await info(), await boardColumnsShown(page));
console.log('problems', await layoutProblems(page));
await page.setViewportSize({ width: 1920, height: 900 });
for (let i = 0; i < 3; i++) { await page.waitForTimeout(500); console.log(await info(), await boardColumnsShown(page)); }
await page.setViewportSize({ width: 1024, height: 900 });
for (let i = 0; i < 3; i++) { await page.waitForTimeout(500); console.log(await info(), await boardColumnsShown(page)); }
await closeWorkspace(app); await browser.close(); await stopAll();
