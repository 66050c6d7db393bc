/**
 * The `app://marketdesk/…` protocol that serves the built renderer (`out/renderer`).
 * Written over the Fetch API's `Request`/`Response` (Node's globals, and what
 * Electron's `protocol.handle` takes), so the whole handler is unit-tested in Node;
 * only the one `protocol.handle` call lives in the Electron wiring.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
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
  // The URL parser already folded `/../` away; look at the raw segments as well so an
  // encoded `%2e%2e` or `%2f` cannot smuggle a traversal past it.
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const decoded: string[] = [];
  for (const segment of segments) {
    let part: string;
    try {
      part = decodeURIComponent(segment);
    } catch {
      return { ok: false, status: 400 };
    }
    if (part === '.' || part === '..' || /[/\\\0]/.test(part)) return { ok: false, status: 403 };
    decoded.push(part);
  }
  if (decoded.length === 0) decoded.push('index.html');
  const base = path.resolve(root);
  const file = path.resolve(base, ...decoded);
  const relative = path.relative(base, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { ok: false, status: 403 };
  }
  return { ok: true, file };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type of a served file; unknown types are sent as opaque bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Options of {@link createAppProtocolHandler}. */
export interface AppProtocolOptions {
  /** The built renderer's folder (`out/renderer`). */
  root: string;
  /** The Content-Security-Policy header sent with every document. */
  csp: string;
}

/** Headers every answer carries, the CSP among them (documents and errors alike). */
function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

/**
 * The `protocol.handle` handler: GET/HEAD of files under `root`, with the CSP header;
 * 403 for traversal (including a symlink pointing out of the root), 404 for a
 * missing file, 405 for other methods.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const headers = securityHeaders(options.csp);
  const fail = (status: number): Response =>
    new Response(null, { status, headers: { ...headers, 'Content-Type': 'text/plain' } });
  let realRoot: Promise<string> | null = null;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return fail(405);
    const resolved = resolveAppPath(options.root, request.url);
    if (!resolved.ok) return fail(resolved.status);
    try {
      realRoot ??= realpath(options.root);
      const [root, real] = await Promise.all([realRoot, realpath(resolved.file)]);
      const relative = path.relative(root, real);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative))
        return fail(403);
      const body = await readFile(real);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...headers, 'Content-Type': contentTypeOf(real) },
      });
    } catch (error) {
      realRoot = null;
      const code = (error as NodeJS.ErrnoException).code;
      return fail(code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' ? 404 : 500);
    }
  };
}
