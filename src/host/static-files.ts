/**
 * Serves the built renderer (`out/renderer`) read-only over node:http: GET/HEAD only,
 * known MIME types, no directory listing, nothing outside the root (path traversal,
 * symlinks out of it: see core/renderer-files), and the security headers of the app
 * (a CSP matching the Electron shell's: no `unsafe-eval`, no remote script,
 * connect-src only the host's own ws).
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  baseSecurityHeaders,
  contentTypeOf,
  openRendererFile,
  resolveRendererPath,
} from '../core/renderer-files';

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
    ...baseSecurityHeaders(contentSecurityPolicy(port)),
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

const STATUS_TEXT: Readonly<Record<400 | 403 | 404 | 405, string>> = {
  400: 'bad request',
  403: 'forbidden',
  404: 'not found',
  405: 'method not allowed',
};

function plain(
  res: ServerResponse,
  status: 400 | 403 | 404 | 405,
  headers: Record<string, string>,
) {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(STATUS_TEXT[status]);
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
    return plain(res, 405, headers);
  }
  const url = new URL(req.url ?? '/', 'http://host.invalid');
  const resolved = resolveRendererPath(root, url.pathname);
  if (!resolved.ok) return plain(res, resolved.status, headers);
  const opened = await openRendererFile(root, resolved.file);
  if (!opened.ok) return plain(res, opened.status, headers);
  // Hashed assets never change; index.html names them and must always be fresh.
  const immutable = opened.file.startsWith(path.join(root, 'assets') + path.sep);
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeOf(opened.file),
    'Content-Length': String(opened.size),
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(opened.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
