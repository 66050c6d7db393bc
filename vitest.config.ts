// First: on a Node older than package.json's engines, one line saying which Node to use
// (instead of 22 test files failing to load better-sqlite3 built for Node 24).
import './scripts/require-node.mjs';
import { availableParallelism } from 'node:os';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { configDefaults, defineConfig } from 'vitest/config';

/** The Electron shell's tests: `vi.mock('electron')` and a fake that records into module state. */
const SHELL_TESTS = 'src/main/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Three workers more than the cores (Vitest's default is one fewer: a single worker on
    // a 2-core machine). The tests spend much of their time waiting on sockets, child
    // processes and real timers: two workers kept less than one core busy (~100 CPU-s in
    // ~118 s), and three used ~35 CPU-s in a 62 s run (the files' own times add up to
    // ~135 s). On this 2-core machine at load 6–12 from other jobs, five workers took
    // 42, 41 and 48 s (35–37 CPU-s) where three took 66 and 62 s (34–40 CPU-s), four 58
    // and 39 s and six 50 s; earlier, under load 3–10, three took 82 s against two's
    // 102 s and 115 s against 144 s.
    maxWorkers: availableParallelism() + 3,
    projects: [
      // Most files share nothing but what they import, so a worker runs file after file
      // without a fresh module graph for each (`isolate: false`): the shared modules
      // (zod schemas, the simulator's market, better-sqlite3) load once per worker, not
      // once per file. A file that mocks a module or changes a global belongs in an
      // isolated project below.
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/renderer/**', SHELL_TESTS],
          environment: 'node',
          isolate: false,
        },
      },
      // The shell's tests mock `electron` (one mock per file), so each file gets its own
      // module graph.
      {
        extends: true,
        test: {
          name: 'shell',
          include: [SHELL_TESTS],
          environment: 'node',
          isolate: true,
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
          isolate: false,
        },
      },
    ],
  },
});
