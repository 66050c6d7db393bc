/**
 * Serving the built renderer (`out/renderer`) safely, independent of the transport:
 * the MIME table, a segment-wise path resolver that refuses anything that could leave
 * the root, and the "open inside the real root" step that catches symlinks out of it.
 * The browser host (node:http) and the Electron shell (`app://`, Fetch API) both build
 * on this and keep only their transport, cache and CSP choices.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

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
  '.wasm': 'application/wasm',
};

/** The Content-Type of a served file; unknown types are sent as opaque bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers both transports send with every answer, documents and errors alike. */
export function baseSecurityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** Where a request path resolves: a file under the root, or the status to answer. */
export type RendererPathResolution = { ok: true; file: string } | { ok: false; status: 400 | 403 };

/** True when `file` is strictly below `root` (both absolute). */
function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Maps a URL pathname (still percent-encoded, as `URL#pathname` gives it) to a file
 * under `root`. Each segment is decoded on its own, so an encoded `%2e%2e`, `%2f`,
 * `%5c` or `%00` cannot smuggle a traversal past a URL parser that already folded
 * `/../`: such segments are refused (403), undecodable ones are malformed (400).
 * Empty segments are skipped; no segment at all is the entry document `index.html`.
 * Pure string work; symlinks are checked by {@link openRendererFile}.
 */
export function resolveRendererPath(root: string, pathname: string): RendererPathResolution {
  const decoded: string[] = [];
  for (const segment of pathname.split('/')) {
    if (segment === '') continue;
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
  if (!isInside(base, file)) return { ok: false, status: 403 };
  return { ok: true, file };
}

/** A resolved file opened for serving, or the status to answer. */
export type RendererFile =
  { ok: true; file: string; size: number } | { ok: false; status: 403 | 404 };

/** Errors that mean "nothing servable at this path", not a failure of the server. */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);

/**
 * Follows `file` (from {@link resolveRendererPath}) to its real path and checks it may
 * be served: inside `realRoot` (a symlink in the build must not lead out of it: 403),
 * existing and a regular file (no directory listing: 404). `realRoot` must already be
 * a real path. Unexpected file-system errors (EACCES, EIO…) reject, for a 500.
 */
export async function openRendererFile(realRoot: string, file: string): Promise<RendererFile> {
  try {
    const real = await realpath(file);
    if (!isInside(realRoot, real)) return { ok: false, status: 403 };
    const info = await stat(real);
    if (!info.isFile()) return { ok: false, status: 404 };
    return { ok: true, file: real, size: info.size };
  } catch (error) {
    if (NOT_FOUND_CODES.has((error as NodeJS.ErrnoException).code ?? '')) {
      return { ok: false, status: 404 };
    }
    throw error;
  }
}
