/**
 * The layer rule of docs/architecture.md is enforced by ESLint (eslint.config.js). These tests
 * lint small snippets as if they sat in each layer, so a config change that silently
 * drops the rule fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('layer rule', () => {
  it('keeps shared free of Node, Electron and our other layers', async () => {
    const code = [
      "import { app } from 'electron';",
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import Database from 'better-sqlite3';",
      "import { x } from '../core/api/client';",
      'export const y = [app, fs, path, Database, x];',
    ].join('\n');
    expect(await restrictedImports('src/shared/example.ts', code)).toHaveLength(5);
  });

  it.each([
    [
      'lets the renderer import shared only',
      'src/renderer/src/example.ts',
      "import { ASSET_CLASSES } from '../../shared/model';\nexport const y = ASSET_CLASSES;\n",
      "import { x } from '../../core/cache/db';\nimport { ipcRenderer } from 'electron';\nexport const y = [x, ipcRenderer];\n",
    ],
    [
      'lets core use shared and Node, but not main or the renderer',
      'src/core/example.ts',
      "import fs from 'node:fs';\nimport type { Quote } from '../shared/model';\nexport type Q = Quote;\nexport const f = fs;\n",
      "import { a } from '../main/index';\nimport { b } from '../renderer/src/app-state';\nexport const y = [a, b];\n",
    ],
  ])('%s', async (_what, file, ok, twoBad) => {
    expect(await restrictedImports(file, ok)).toEqual([]);
    expect(await restrictedImports(file, twoBad)).toHaveLength(2);
  });

  it('keeps electron out of core, host, cli and the simulator', async () => {
    const code = "import { app } from 'electron';\nexport const y = app;\n";
    for (const layer of ['core', 'host', 'cli', 'simulator']) {
      expect(await restrictedImports(`src/${layer}/example.ts`, code)).toHaveLength(1);
    }
    expect(await restrictedImports('src/main/example.ts', code)).toEqual([]);
  });

  it('keeps the simulator out of core: the composition roots hand the demo service in', async () => {
    const simulator = (from: string) =>
      `import { startDemoService } from '${from}/simulator';\nexport const y = startDemoService;\n`;
    expect(await restrictedImports('src/core/services.ts', simulator('.'))).toHaveLength(1);
    expect(
      await restrictedImports('src/core/link/market-link.ts', simulator('../..')),
    ).toHaveLength(1);
    for (const layer of ['main', 'host', 'cli']) {
      expect(await restrictedImports(`src/${layer}/example.ts`, simulator('..'))).toEqual([]);
    }
    // Core's tests start it themselves, and stay out of main and the renderer.
    expect(await restrictedImports('src/core/link/x.test.ts', simulator('../..'))).toEqual([]);
    expect(await restrictedImports('src/core/testing/x.ts', simulator('../..'))).toEqual([]);
    const bad = "import { a } from '../main/index';\nexport const y = a;\n";
    expect(await restrictedImports('src/core/x.test.ts', bad)).toHaveLength(1);
  });

  describe('inside the renderer: base, workspace, alerts, panes, app, each on the ones below', () => {
    const R = 'src/renderer/src';
    const importing = (file: string, from: string) => {
      const code = `import { x } from '${from}';\nconsole.log(x);\n`;
      return file.endsWith('.svelte') ? `<script lang="ts">\n${code}</script>\n` : code;
    };

    it('refuses an upward import on every floor', async () => {
      const upward: [file: string, from: string][] = [
        [`${R}/base/keybindings.ts`, '../workspace/pane-contract'],
        [`${R}/base/bridge/connect.ts`, '../../app/app-model.svelte'],
        [`${R}/base/symbols/SymbolSearch.svelte`, '../../panes/registry'],
        [`${R}/workspace/pane-kinds.ts`, '../panes/chart/chart-view'],
        [`${R}/workspace/workspace-ops.ts`, '../app/palette-actions'],
        [`${R}/workspace/chart/study-config.ts`, '../../alerts/alert-list.svelte'],
        [`${R}/alerts/alert-parse.ts`, '../app/palette-actions'],
        [`${R}/alerts/alert-list.svelte.ts`, '../panes/registry'],
        [`${R}/panes/chart/export/chart-export.ts`, '../../../app/app-model.svelte'],
        [`${R}/panes/QuoteBoard.svelte`, '../app/layout/TabGroup.svelte'],
      ];
      for (const [file, from] of upward) {
        const messages = await restrictedImports(file, importing(file, from));
        expect(messages, `${file} ← ${from}`).toHaveLength(1);
        expect(messages[0]).toMatch(/floor above/);
      }
    });

    it('lets each floor import the ones below it, and its own', async () => {
      const downward: [file: string, from: string][] = [
        [`${R}/base/bridge/connect.ts`, '../format/time'],
        [`${R}/workspace/pane-kinds.ts`, '../base/keybindings'],
        [`${R}/workspace/pane-kinds.ts`, './chart/study-config'],
        [`${R}/alerts/alert-parse.ts`, '../workspace/palette-parse'],
        [`${R}/panes/AlertsPane.svelte`, '../alerts/alert-list.svelte'],
        [`${R}/panes/chart/ChartAlerts.svelte`, '../../workspace/pane-contract'],
        [`${R}/app/layout/PaneBody.svelte`, '../../panes/registry'],
        [`${R}/app/app-model.svelte.ts`, '../base/bridge/host-transport'],
        [`${R}/App.svelte`, './app/Shell.svelte'],
      ];
      for (const [file, from] of downward) {
        expect(await restrictedImports(file, importing(file, from)), `${file} ← ${from}`).toEqual(
          [],
        );
      }
    });

    it('keeps the renderer’s own rule on every floor', async () => {
      const code =
        "import { x } from '../../../../core/cache/db';\nimport fs from 'node:fs';\nexport const y = [x, fs];\n";
      for (const floor of ['base', 'workspace', 'alerts', 'panes', 'app']) {
        expect(await restrictedImports(`${R}/${floor}/x/example.ts`, code)).toHaveLength(2);
      }
    });
  });
});
