/**
 * Builds the browser pages of the UI benchmarks (`bench/ui/pages`) with Vite and the
 * app's Svelte setup: `bare.html` (lightweight-charts alone), `app.html` (the chart
 * pane itself) and `heatmap.html` (the heatmap's plot), the first two importing the same
 * `lightweight-charts` package the app bundles, all drawing in the same box (`box.css`).
 * Production build, minified, like `out/renderer`. The pages' HTML is written here, from
 * one template ({@link PAGES}): each is a box and its script.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The project root (bench/ui → ../..). */
export const PROJECT_ROOT = path.resolve(here, '..', '..');

/** One page: its title, the id of the box it draws in, and what it adds to the page. */
interface PageSpec {
  title: string;
  box: string;
  /** The page draws in the app's dark theme (`data-theme="dark"` on `<html>`). */
  dark?: boolean;
  /** A `<style>` for the page's own colours. */
  style?: string;
}

/** The pages, by name: `<name>.html` runs `./<name>.js`. */
const PAGES: Record<'bare' | 'app' | 'heatmap', PageSpec> = {
  bare: { title: 'bare lightweight-charts', box: 'chart', style: 'body { background: #111; }' },
  app: { title: 'Marketdesk chart pane', box: 'pane', dark: true },
  heatmap: {
    title: 'heatmap pane drawing',
    box: 'plot',
    dark: true,
    // The theme's colours the heatmap's plot reads from CSS (the app's tokens.css).
    style: `html, body {
      background: #11151c;
      --up: #2fcf86;
      --down: #ff6b6b;
      --accent: #5aa8ff;
      --muted: #939dad;
      --border: #2b3340;
      --text: #d8dde6;
    }`,
  },
};

/** A page's HTML. */
function pageHtml(name: string, { title, box, dark, style }: PageSpec): string {
  return `<!doctype html>
<html lang="en"${dark ? ' data-theme="dark"' : ''}>
  <head>
    <meta charset="UTF-8" />
    <title>${title}</title>
    <link rel="stylesheet" href="./box.css" />${style ? `\n    <style>${style}</style>` : ''}
  </head>
  <body>
    <div id="${box}" class="box"></div>
    <script type="module" src="./${name}.js"></script>
  </body>
</html>
`;
}

/** Serves each page's HTML, written by {@link pageHtml}, as the file `root/<name>.html`. */
function pagesPlugin(root: string): Plugin {
  const html = new Map(
    Object.entries(PAGES).map(([name, spec]) => [
      path.join(root, `${name}.html`),
      pageHtml(name, spec),
    ]),
  );
  return {
    name: 'marketdesk-bench-pages',
    enforce: 'pre',
    resolveId: (id) => (html.has(id) ? id : null),
    load: (id) => html.get(id) ?? null,
  };
}

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
    plugins: [
      pagesPlugin(root),
      svelte({ configFile: path.join(PROJECT_ROOT, 'svelte.config.js') }),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      minify: !profile,
      reportCompressedSize: false,
      rollupOptions: {
        input: Object.fromEntries(
          Object.keys(PAGES).map((name) => [name, path.join(root, `${name}.html`)]),
        ),
      },
    },
  });
  return outDir;
}
