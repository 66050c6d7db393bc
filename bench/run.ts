/**
 * `npm run bench [-- filter]`: runs every `bench/*.bench.ts` (or the one the filter
 * names, else those whose file name contains it) one after another and prints a table
 * for each.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { printTable, type Benchmark } from './harness';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '';
const all = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();
// A filter that names a file exactly runs that one alone (`cli`, not also `client`).
const files = all.includes(`${filter}.bench.ts`)
  ? [`${filter}.bench.ts`]
  : all.filter((f) => f.includes(filter));
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
