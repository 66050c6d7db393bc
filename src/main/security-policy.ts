/**
 * The shell's security decisions as pure functions over URLs and plain facts, so
 * each rule is unit-tested without the Electron runtime. `harden.ts` and
 * `ipc-bridge.ts` wire them to Electron's events. Which links may leave for the
 * system browser is shared/urls' `isWebUrl`, the one link check of the app.
 */
import { isLoopbackHost, parseHttpUrl } from '../shared/urls';

/** The custom scheme the renderer is served from (never `file://`). */
export const APP_SCHEME = 'app';
/** The one host of the app scheme; a standard scheme needs a host for a real origin. */
export const APP_HOST = 'marketdesk';
/** `app://marketdesk`: the renderer's origin in a packaged or built app. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The renderer's entry document. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Where the renderer may legitimately come from in this run. */
export interface TrustedOrigins {
  /**
   * The electron-vite dev server's origin (`ELECTRON_RENDERER_URL`) in development;
   * null when the renderer is served from the app protocol only.
   */
  devServerOrigin: string | null;
}

/**
 * The origin of a dev server URL, accepted only when it is http(s) on loopback:
 * an environment variable must not be able to point the app's privileges at a
 * remote site.
 */
export function devServerOriginOf(url: string | undefined): string | null {
  const parsed = parseHttpUrl(url);
  return parsed !== null && isLoopbackHost(parsed.hostname) ? parsed.origin : null;
}

/**
 * True when `url` is one of the app's own documents: the app protocol, or the dev
 * server in development. Compares parsed origins, never string prefixes
 * (`app://marketdesk.evil.example` must not pass).
 */
export function isAppUrl(url: string, trusted: TrustedOrigins): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol === `${APP_SCHEME}:`) {
    return parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  }
  return trusted.devServerOrigin !== null && parsed.origin === trusted.devServerOrigin;
}

/**
 * Whether a frame may navigate to `url` (`will-navigate`, `will-redirect`,
 * `will-frame-navigate`). Only the app's own documents: a reload or an in-app route.
 * Links to the web open through the bridge's `openExternal`, never in a window.
 */
export function mayNavigate(url: string, trusted: TrustedOrigins): boolean {
  return isAppUrl(url, trusted);
}

/**
 * `window.open` is always denied: the app's pop-out windows are created by the main
 * process through the `popOut` command, with its own hardened options, never by a
 * page asking for a window.
 */
export function mayOpenWindow(_url: string): false {
  return false;
}

/** What the IPC layer knows about the frame that sent a message. */
export interface SenderFacts {
  /** The sending frame's URL; null when the frame is gone (navigated or destroyed). */
  frameUrl: string | null;
  /** The frame is the top frame of its page (not an iframe). */
  isMainFrame: boolean;
  /** The page belongs to one of the windows this shell created. */
  isOwnWindow: boolean;
}

/**
 * The sender check every IPC message passes before the dispatcher sees it: a main
 * frame, of one of our windows, showing one of our documents.
 */
export function isTrustedSender(facts: SenderFacts, trusted: TrustedOrigins): boolean {
  return (
    facts.isOwnWindow &&
    facts.isMainFrame &&
    facts.frameUrl !== null &&
    isAppUrl(facts.frameUrl, trusted)
  );
}

/**
 * The renderer's Content-Security-Policy, sent as a response header by the app
 * protocol (the meta tag in `index.html` applies too; a page gets the intersection).
 * No `unsafe-eval`, no remote script, no plugins, no framing, no form posts; every
 * network call goes through the bridge, so `connect-src` is the app itself.
 * `style-src 'unsafe-inline'` stays because Svelte writes `style=""` attributes.
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
