/**
 * The Electron shell end to end: launches the built app (`out/main/index.js`, run
 * `npx electron-vite build` first) in demo mode with a throw-away data folder, and
 * checks the security baseline from the page's side, the demo status, that
 * window.open and navigation away are refused, and that a pane pops out.
 *
 * Needs Electron's runtime (binary). Where it is not installed the whole file is
 * skipped, with the reason printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import { _electron as electron, expect, test } from '@playwright/test';
import type { MarketdeskBridge } from '../src/shared/bridge';
import { electronPackageDir, findElectronRuntime } from '../scripts/electron-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runtime = findElectronRuntime({ packageDir: electronPackageDir(root), env: process.env });
const skipReason = runtime.ok ? '' : `Electron runtime not installed: ${runtime.reason}`;
if (!runtime.ok) console.log(`e2e/electron.spec.ts skipped — ${skipReason}`);

/** The page's globals, typed (this project's Node tsconfig has no DOM lib). */
type PageGlobals = {
  marketdesk: MarketdeskBridge;
  process?: unknown;
  require?: unknown;
  open(url: string): unknown;
  location: { href: string };
};
const page$ = (): PageGlobals => globalThis as unknown as PageGlobals;

test.describe('Electron shell', () => {
  test.skip(!runtime.ok, skipReason);

  let app: ElectronApplication;
  let home: string;
  let main: Page;
  let exited = false;

  test.beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'md-e2e-electron-'));
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && key !== 'MARKETDESK_TOKEN' && key !== 'ELECTRON_RUN_AS_NODE') {
        env[key] = value;
      }
    }
    env['MARKETDESK_HOME'] = home;
    app = await electron.launch({
      executablePath: runtime.ok ? runtime.executable : '',
      args: [path.join(root, 'out', 'main', 'index.js')],
      cwd: root,
      env,
    });
    app.on('close', () => {
      exited = true;
    });
    main = await app.firstWindow();
    await main.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    if (app && !exited) await app.close();
    rmSync(home, { recursive: true, force: true });
  });

  test('loads the renderer from app://, sandboxed and isolated', async () => {
    expect(main.url()).toMatch(/^app:\/\/marketdesk\//);
    const globals = await main.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return {
        process: typeof g.process,
        require: typeof g.require,
        bridgeKeys: Object.keys(g.marketdesk).sort(),
      };
    });
    expect(globals).toEqual({
      process: 'undefined',
      require: 'undefined',
      bridgeKeys: ['invoke', 'on'],
    });
    // Every window of ours, and only those, has the bridge; the main process sees them all.
    const windows = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => w.webContents.getURL()),
    );
    expect(windows).toEqual([main.url()]);
  });

  test('serves the strict CSP as a response header', async () => {
    const csp = await main.evaluate(async () => {
      const response = await fetch('app://marketdesk/index.html');
      return response.headers.get('content-security-policy');
    });
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  test('runs in demo mode and says so', async () => {
    const status = await main.evaluate(() => page$().marketdesk.invoke('getStatus', {}));
    expect(status.mode).toBe('demo');
    await expect(main.getByText(/demo/i).first()).toBeVisible();
  });

  test('refuses window.open and navigation away from the app', async () => {
    const opened = await main.evaluate(() => page$().open('https://example.com/') === null);
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(1);
    await main.evaluate(() => {
      page$().location.href = 'https://example.com/';
    });
    // A bridge round trip after the attempt: the page is still ours and still alive.
    const status = await main.evaluate(() => page$().marketdesk.invoke('getStatus', {}));
    expect(status.mode).toBe('demo');
    expect(main.url()).toMatch(/^app:\/\/marketdesk\//);
  });

  test('pops a pane out into its own window, which closes with the main window', async () => {
    const [popOut, answer] = await Promise.all([
      app.waitForEvent('window'),
      main.evaluate(() =>
        page$().marketdesk.invoke('popOut', { paneId: 'e2e-pane', title: 'E2E pane' }),
      ),
    ]);
    expect(answer).toEqual({ windowId: 'popout:e2e-pane', openUrl: null });
    await popOut.waitForLoadState('domcontentloaded');
    expect(popOut.url()).toBe('app://marketdesk/index.html?pane=e2e-pane');
    const keys = await popOut.evaluate(() => Object.keys(page$().marketdesk).sort());
    expect(keys).toEqual(['invoke', 'on']);
    // Popping the same pane out again focuses the window instead of opening another.
    await main.evaluate(() =>
      page$().marketdesk.invoke('popOut', { paneId: 'e2e-pane', title: 'E2E pane' }),
    );
    expect(app.windows()).toHaveLength(2);

    // Closing the main window takes the pop-out with it, and (not on macOS) the app.
    const appGone = process.platform === 'darwin' ? Promise.resolve() : app.waitForEvent('close');
    await Promise.all([popOut.waitForEvent('close'), main.close(), appGone]);
  });
});
