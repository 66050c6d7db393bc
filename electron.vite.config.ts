import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  main: {
    build: {
      // keytar is an optional dependency: loaded from node_modules at run time (when
      // present and built), never bundled.
      externalizeDeps: { include: ['keytar'] },
      rolldownOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  // Windows are sandboxed: a sandboxed preload cannot load ES modules or sibling
  // files, so the preload is one self-contained CommonJS script (out/preload/index.cjs).
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [svelte({ configFile: resolve(__dirname, 'svelte.config.js') })],
  },
});
