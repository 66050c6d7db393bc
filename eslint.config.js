// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';
import svelteConfig from './svelte.config.js';

/**
 * The layer rule of docs/architecture.md ("a folder is a layer"), enforced per folder.
 * Each layer lists the folders of ours it must not reach and the modules it must not load.
 */
const LAYERS = ['shared', 'core', 'simulator', 'main', 'preload', 'host', 'cli', 'renderer'];
const NODE_ONLY = ['better-sqlite3', 'keytar', 'ws', 'autocannon'];
/** Core's tests and test helpers. */
const CORE_TESTS = ['src/core/**/*.test.ts', 'src/core/**/testing/**/*.ts'];

/**
 * The renderer's floors (src/renderer/README.md), lowest first: a folder of
 * src/renderer/src imports only the floors below it (and src/shared). The entry
 * (main.ts, App.svelte) stands on all of them.
 */
const RENDERER_FLOORS = ['base', 'workspace', 'alerts', 'panes', 'app'];

/** @param {string[]} folders */
const ourFolders = (folders) =>
  folders.map((f) => ({
    group: [`**/${f}/*`, `**/${f}`],
    message: `This layer may not import from src/${f} (docs/architecture.md: a folder is a layer).`,
  }));

/**
 * @param {string} layer
 * @param {{ allow: string[], electron?: boolean, node?: boolean }} rules
 */
function layerRule(layer, { allow, electron = false, node = true }) {
  const forbidden = LAYERS.filter((l) => l !== layer && !allow.includes(l));
  /** @type {any[]} */
  const patterns = [...ourFolders(forbidden)];
  if (!node) {
    patterns.push({ group: ['node:*'], message: 'No Node built-ins in this layer.' });
  }
  /** @type {any[]} */
  const paths = [];
  if (!electron)
    paths.push({ name: 'electron', message: 'Only src/main (and preload) import electron.' });
  if (!node) {
    for (const name of [...NODE_ONLY, ...builtinModules]) {
      paths.push({ name, message: 'Node-only module: not in this layer.' });
    }
  }
  return {
    files: [`src/${layer}/**/*.{ts,svelte}`],
    rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
  };
}

/**
 * The renderer's layer rule for one of its floors: the renderer's own, and none of the
 * floors above. (A config's `no-restricted-imports` replaces an earlier one's, so the
 * renderer's paths and patterns are repeated here.)
 * @param {string} floor
 */
function rendererFloorRule(floor) {
  const renderer = layerRule('renderer', { allow: ['shared'], node: false });
  const [, { paths, patterns }] = renderer.rules['no-restricted-imports'];
  const above = RENDERER_FLOORS.slice(RENDERER_FLOORS.indexOf(floor) + 1);
  return {
    files: [`src/renderer/src/${floor}/**/*.{ts,svelte}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            ...patterns,
            ...above.map((f) => ({
              group: [`**/${f}/*`],
              message: `src/renderer/src/${floor} may not import from the floor above it, ${f} (src/renderer/README.md: the floors).`,
            })),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.toolchain/',
      'out/',
      'dist/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      // electron-vite's bundled config, written beside the config and removed again while
      // a build runs (the test script builds and lints side by side).
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        projectService: false,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
        svelteConfig,
      },
    },
  },
  { files: ['src/renderer/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  layerRule('shared', { allow: [], node: false }),
  layerRule('core', { allow: ['shared'] }),
  // Core's tests are composition roots of their own: they may start the simulator
  // (through core/testing/services.ts, or directly as a service to test against).
  {
    ...layerRule('core', { allow: ['shared', 'simulator'] }),
    files: CORE_TESTS,
  },
  layerRule('simulator', { allow: ['shared'] }),
  // The composition roots (main, host, cli) hand the simulator's demo service to core.
  layerRule('main', { allow: ['shared', 'core', 'simulator'], electron: true }),
  layerRule('preload', { allow: ['shared'], electron: true, node: false }),
  layerRule('host', { allow: ['shared', 'core', 'simulator'] }),
  layerRule('cli', { allow: ['shared', 'core', 'simulator'] }),
  layerRule('renderer', { allow: ['shared'], node: false }),
  ...RENDERER_FLOORS.map(rendererFloorRule),
);
