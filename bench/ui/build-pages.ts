/**
 * Builds the browser pages of the UI benchmarks (`bench/ui/pages`) with Vite and the
 * app's Svelte setup: `bare.html` (lightweight-charts alone) and `app.html` (the
 * chart pane itself), both importing the same `lightweight-charts` package the app
 * bundles and drawing in the same box (`box.css`). Production build, minified, like
 * `out/renderer`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The project root (bench/ui → ../..). */
export const PROJECT_ROOT = path.resolve(here, '..', '..');

/**
 * Builds the pages into a new temporary folder and returns it (the caller removes it).
 * `profile: true` keeps function names readable (no minifying, lightweight-charts'
 * development build, which adds checks: for attributing time, not for figures).
 */
export async function buildPages({ profile = false }: { profile?: boolean } = {}): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-ui-'));
  const root = path.join(here, 'pages');
  await build({
    root,
    base: './',
    logLevel: 'error',
    configFile: false,
    resolve: profile
      ? {
          alias: {
            'lightweight-charts': path.join(
              PROJECT_ROOT,
              'node_modules/lightweight-charts/dist/lightweight-charts.development.mjs',
            ),
          },
        }
      : {},
    plugins: [svelte({ configFile: path.join(PROJECT_ROOT, 'svelte.config.js') })],
    build: {
      outDir,
      emptyOutDir: true,
      minify: !profile,
      reportCompressedSize: false,
      rollupOptions: {
        input: {
          bare: path.join(root, 'bare.html'),
          app: path.join(root, 'app.html'),
          heatmap: path.join(root, 'heatmap.html'),
        },
      },
    },
  });
  return outDir;
}
