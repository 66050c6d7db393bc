/**
 * Serves the built renderer (`out/renderer`) read-only over node:http: GET/HEAD only,
 * known MIME types, no directory listing, nothing outside the root (path traversal,
 * symlinks out of it: see core/renderer-files), and the security headers of the app
 * (a CSP matching the Electron shell's: no `unsafe-eval`, no remote script,
 * connect-src only the host's own ws).
 */
import { createReadStream, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
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

/** The built renderer held in memory: each file's bytes by its real path. */
export type RendererFiles = ReadonlyMap<string, Buffer>;

/** Most bytes {@link readRendererFiles} holds; a bigger build is served from disk. */
const MEMORY_LIMIT = 16 * 1024 * 1024;

/**
 * Reads the built renderer (~0.7 MB) into memory once, when the host starts. Served from
 * there, a file is answered in the turn of the event loop its request comes in; from
 * disk it took four turns (realpath, stat, open, read), each of which could queue behind
 * the services' start-up, and the page's first files came ~250 ms late. Only regular
 * files whose real path is inside `root` (a real path), as {@link serveStatic} checks
 * for a file read from disk; none at all if the build is over 16 MiB.
 */
export function readRendererFiles(root: string): RendererFiles {
  const files = new Map<string, Buffer>();
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        bytes += statSync(file).size;
        if (bytes > MEMORY_LIMIT) throw new RangeError('renderer build too big to hold');
        files.set(file, readFileSync(file));
      }
    }
  };
  try {
    walk(realpathSync(root));
  } catch {
    return new Map();
  }
  return files;
}

/** The headers of a file answered whole. */
function fileHeaders(
  root: string,
  file: string,
  size: number,
  headers: Record<string, string>,
): Record<string, string> {
  // Hashed assets never change; index.html names them and must always be fresh.
  const immutable = file.startsWith(path.join(root, 'assets') + path.sep);
  return {
    ...headers,
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(size),
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
  };
}

/** Answers one static request; `root` must be an absolute, real path. */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  memory: RendererFiles = new Map(),
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return plain(res, 405, headers);
  }
  const url = new URL(req.url ?? '/', 'http://host.invalid');
  const resolved = resolveRendererPath(root, url.pathname);
  if (!resolved.ok) return plain(res, resolved.status, headers);
  const held = memory.get(resolved.file);
  if (held) {
    res.writeHead(200, fileHeaders(root, resolved.file, held.length, headers));
    return void res.end(req.method === 'HEAD' ? undefined : held);
  }
  const opened = await openRendererFile(root, resolved.file);
  if (!opened.ok) return plain(res, opened.status, headers);
  res.writeHead(200, fileHeaders(root, opened.file, opened.size, headers));
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(opened.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * The paths a page asks for before its script runs: index.html (`/`), its module script,
 * the modules it preloads and its stylesheets.
 */
export function firstLoadPaths(indexHtml: string): string[] {
  const named = [
    ...indexHtml.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="([^"]+)"/g,
    ),
  ].map((m) => new URL(m[1]!, 'http://host.invalid/').pathname);
  return ['/', ...named];
}
