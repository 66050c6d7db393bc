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

  it('lets the renderer import shared only', async () => {
    const ok =
      "import { ASSET_CLASSES } from '../../shared/model';\nexport const y = ASSET_CLASSES;\n";
    expect(await restrictedImports('src/renderer/src/example.ts', ok)).toEqual([]);
    const bad =
      "import { x } from '../../core/cache/db';\nimport { ipcRenderer } from 'electron';\nexport const y = [x, ipcRenderer];\n";
    expect(await restrictedImports('src/renderer/src/example.ts', bad)).toHaveLength(2);
  });

  it('keeps electron out of core, host, cli and the simulator', async () => {
    const code = "import { app } from 'electron';\nexport const y = app;\n";
    for (const layer of ['core', 'host', 'cli', 'simulator']) {
      expect(await restrictedImports(`src/${layer}/example.ts`, code)).toHaveLength(1);
    }
    expect(await restrictedImports('src/main/example.ts', code)).toEqual([]);
  });

  it('lets core use shared and Node, but not main or the renderer', async () => {
    const ok =
      "import fs from 'node:fs';\nimport type { Quote } from '../shared/model';\nexport type Q = Quote;\nexport const f = fs;\n";
    expect(await restrictedImports('src/core/example.ts', ok)).toEqual([]);
    const bad =
      "import { a } from '../main/index';\nimport { b } from '../renderer/src/app-state';\nexport const y = [a, b];\n";
    expect(await restrictedImports('src/core/example.ts', bad)).toHaveLength(2);
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
});
