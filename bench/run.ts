/**
 * `npm run bench [-- filter]`: runs every `bench/*.bench.ts` (or those whose file
 * name contains the filter) one after another and prints a table for each.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { printTable, type Benchmark } from './harness';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '';
const files = (await readdir(dir))
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches "${filter}"`);
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Benchmark };
  const rows = await mod.default.run();
  printTable(mod.default.title, rows);
  failed += rows.filter((r) => r.pass === false).length;
}
console.log(`\n${failed === 0 ? 'all goals met' : `${failed} goal(s) not met`}`);
