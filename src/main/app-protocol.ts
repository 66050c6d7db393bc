/**
 * The `app://marketdesk/…` protocol that serves the built renderer (`out/renderer`).
 * Written over the Fetch API's `Request`/`Response` (Node's globals, and what
 * Electron's `protocol.handle` takes), so the whole handler is unit-tested in Node;
 * only the one `protocol.handle` call lives in the Electron wiring. The path rules,
 * MIME table and symlink check are core/renderer-files, shared with the browser host.
 */
import { readFile, realpath } from 'node:fs/promises';
import {
  baseSecurityHeaders,
  contentTypeOf,
  openRendererFile,
  resolveRendererPath,
} from '../core/renderer-files';
import { APP_HOST, APP_SCHEME } from './security-policy';

/** Where a request resolves: a file inside the root, or the status to answer. */
export type AppPathResolution = { ok: true; file: string } | { ok: false; status: 400 | 403 | 404 };

/**
 * Maps an `app://marketdesk/<path>` URL to a file under `root`, refusing anything
 * that could leave it: `..` segments (raw or percent-encoded), encoded slashes or
 * backslashes, NUL bytes, another host or scheme. `/` is the entry document.
 * Pure string work; symlinks are checked by {@link createAppProtocolHandler}.
 */
export function resolveAppPath(root: string, requestUrl: string): AppPathResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { ok: false, status: 403 };
  return resolveRendererPath(root, url.pathname);
}

/** Options of {@link createAppProtocolHandler}. */
export interface AppProtocolOptions {
  /** The built renderer's folder (`out/renderer`). */
  root: string;
  /** The Content-Security-Policy header sent with every document. */
  csp: string;
}

/**
 * The `protocol.handle` handler: GET/HEAD of files under `root`, with the CSP header;
 * 403 for traversal (including a symlink pointing out of the root), 404 for a
 * missing file or a folder, 405 for other methods.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const headers = { ...baseSecurityHeaders(options.csp), 'Cache-Control': 'no-cache' };
  const fail = (status: number): Response =>
    new Response(null, { status, headers: { ...headers, 'Content-Type': 'text/plain' } });
  let realRoot: Promise<string> | null = null;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(405);
    const resolved = resolveAppPath(options.root, request.url);
    if (!resolved.ok) return fail(resolved.status);
    try {
      realRoot ??= realpath(options.root);
      const opened = await openRendererFile(await realRoot, resolved.file);
      if (!opened.ok) return fail(opened.status);
      const body = await readFile(opened.file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...headers, 'Content-Type': contentTypeOf(opened.file) },
      });
    } catch (error) {
      // The root itself may have been missing or rebuilt: look it up again next time.
      realRoot = null;
      const code = (error as NodeJS.ErrnoException).code;
      return fail(code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' ? 404 : 500);
    }
  };
}
