// First: on a Node older than package.json's engines, one line saying which Node to use
// (instead of 22 test files failing to load better-sqlite3 built for Node 24).
import './scripts/require-node.mjs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/renderer/**'],
          environment: 'node',
        },
      },
      // The renderer's tests run its `.svelte.ts` state classes as the app does: compiled
      // for the client (real `$state`, `$derived`, `$state.raw`) over Svelte's client
      // runtime (the `browser` export condition), in Node: there is no DOM here, the
      // components themselves are tested end to end (e2e/).
      {
        extends: true,
        plugins: [svelte({ dynamicCompileOptions: () => ({ generate: 'client' }) })],
        ssr: { resolve: { conditions: ['browser'] } },
        test: {
          name: 'renderer',
          include: ['src/renderer/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
