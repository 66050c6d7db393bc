/**
 * A tiny static file server for the benchmark pages: 127.0.0.1, port 0, GET only,
 * files inside `root` only.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface StaticServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  close(): Promise<void>;
}

/** Serves `root` until closed. */
export async function serveFolder(root: string): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
    if (req.method !== 'GET' || !file.startsWith(root + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        res
          .writeHead(200, {
            'Content-Type': type,
            'Cache-Control': 'no-store',
            // Cross-origin isolation: performance.now() at 5 µs instead of 100 µs.
            'Cross-Origin-Opener-Policy': 'same-origin',
            'Cross-Origin-Embedder-Policy': 'require-corp',
          })
          .end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
