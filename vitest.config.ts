// First: on a Node older than package.json's engines, one line saying which Node to use
// (instead of 22 test files failing to load better-sqlite3 built for Node 24).
import './scripts/require-node.mjs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
