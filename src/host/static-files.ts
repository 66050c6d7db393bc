/**
 * Serves the built renderer (`out/renderer`) read-only: GET/HEAD only, known MIME
 * types, no directory listing, nothing outside the root (path traversal, symlinks
 * out of it), and the security headers of the app (a CSP matching the Electron
 * shell's: no `unsafe-eval`, no remote script, connect-src only the host's own ws).
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const MIME: Record<string, string> = {
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

/** The Content-Security-Policy of pages served by the host on `port`. */
export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Svelte transitions and the chart library set inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ws://127.0.0.1:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers on every answer of the host. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string>) {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * Resolves a request path inside `root`; null when it escapes it or is malformed.
 * `/` is `index.html`.
 */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

/** Answers one static request; `root` must be an absolute, real path. */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return plain(res, 405, 'method not allowed', headers);
  }
  const url = new URL(req.url ?? '/', 'http://host.invalid');
  const file = resolveInside(root, url.pathname);
  if (file === null) return plain(res, 403, 'forbidden', headers);
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return plain(res, 404, 'not found', headers);
  }
  // A symlink inside the build must not lead out of it.
  if (!real.startsWith(root + path.sep)) return plain(res, 403, 'forbidden', headers);
  const info = await stat(real).catch(() => null);
  // No directory listing: a folder is "not found".
  if (!info?.isFile()) return plain(res, 404, 'not found', headers);
  const type = MIME[path.extname(real).toLowerCase()] ?? 'application/octet-stream';
  // Hashed assets never change; index.html names them and must always be fresh.
  const immutable = real.startsWith(path.join(root, 'assets') + path.sep);
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(real);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
