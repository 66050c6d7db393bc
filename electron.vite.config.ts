import { mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Rolldown's advice that plugins took long ("[PLUGIN_TIMINGS] …") is for whoever tunes
 * the build, not for someone starting the terminal (`npm start` and `npm run serve`
 * build when stale): on a busy machine it is printed at every start and asks nothing
 * of the user. Every other warning still prints.
 */
const checks = { bundlerTimings: false } as const;

/**
 * Lists the project files the renderer was built from (`out/renderer.inputs.json`,
 * outside the served folder), so the browser host tells a stale build by stating those
 * few hundred files (src/host/build-renderer.ts) rather than walking src/ at each start.
 */
function listRendererInputs(): Plugin {
  let inputs: string[] = [];
  return {
    name: 'marketdesk-renderer-inputs',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const file = id.split('?')[0]!;
          if (id.startsWith('\0') || file.includes('node_modules')) continue;
          const rel = relative(__dirname, file);
          if (!rel.startsWith('..')) files.add(rel.split('\\').join('/'));
        }
      }
      inputs = [...files].sort();
    },
    closeBundle() {
      mkdirSync(resolve(__dirname, 'out'), { recursive: true });
      writeFileSync(
        resolve(__dirname, 'out', 'renderer.inputs.json'),
        `${JSON.stringify(inputs, null, 1)}\n`,
      );
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // keytar is an optional dependency: loaded from node_modules at run time (when
      // present and built), never bundled.
      externalizeDeps: { include: ['keytar'] },
      rolldownOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') }, checks },
    },
  },
  // Windows are sandboxed: a sandboxed preload cannot load ES modules or sibling
  // files, so the preload is one self-contained CommonJS script (out/preload/index.cjs).
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        checks,
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves the renderer unminified; minified, the first screen's script
      // parses in about half the time (the pane kinds and features come as chunks of
      // their own on first use: panes/registry.ts, base/lazy/lazy-module.ts).
      minify: true,
      rolldownOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') }, checks },
    },
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') }), listRendererInputs()],
  },
});
