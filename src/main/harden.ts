/**
 * App-wide security wiring (Electron's security checklist): every web contents ever
 * created, ours or not, gets navigation, window.open and <webview> locked down, and
 * every session denies permission requests and checks. The decisions themselves are
 * the pure functions of `security-policy.ts`.
 */
import type { App, Session, WebContents } from 'electron';
import type { TrustedOrigins } from './security-policy';
import { mayNavigate, mayOpenWindow } from './security-policy';

/** Locks one web contents down (installAppHardening applies it to every one created). */
export function hardenWebContents(
  contents: WebContents,
  trusted: TrustedOrigins,
  log: (message: string) => void,
): void {
  const guard = (event: { preventDefault(): void }, url: string, what: string): void => {
    if (mayNavigate(url, trusted)) return;
    event.preventDefault();
    log(`marketdesk: refused ${what} to ${url}`);
  };
  contents.on('will-navigate', (event) => guard(event, event.url, 'navigation'));
  // Subframes (the CSP allows none, but defence in depth); the main frame is above.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard(event, event.url, 'frame navigation');
  });
  contents.on('will-redirect', (event) => guard(event, event.url, 'redirect'));
  contents.setWindowOpenHandler(({ url }) => {
    if (!mayOpenWindow(url)) log(`marketdesk: refused window.open of ${url}`);
    return { action: 'deny' };
  });
  // No page of ours uses <webview>; one appearing means something injected it.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('marketdesk: refused a <webview>');
  });
}

/** Denies every permission request and check (camera, notifications, clipboard…). */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/**
 * Installs the app-wide guards: each new web contents is hardened and its session's
 * permissions denied (sessions other than the default one included).
 */
export function installAppHardening(
  app: App,
  trusted: TrustedOrigins,
  log: (message: string) => void = console.warn,
): void {
  const sessions = new WeakSet<Session>();
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, trusted, log);
    if (!sessions.has(contents.session)) {
      sessions.add(contents.session);
      denyPermissions(contents.session);
    }
  });
}
