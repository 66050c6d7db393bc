// The browser host as one pre-built ES module (`out/host/serve.mjs`), so `npm run
// serve` starts without compiling TypeScript on the fly (tsx) or resolving hundreds of
// modules one by one. esbuild bundles `src/host/serve.ts` with its own code, zod and
// ws; native modules (better-sqlite3, keytar) and electron stay external and load from
// node_modules at run time.
//
// `node scripts/build-host.mjs` builds it; `ensureHostBuilt` (used by
// scripts/serve-host.mjs) rebuilds only when the bundle is missing or older than one of
// the files it was built from (listed in `out/host/serve.inputs.json`), the lockfile or
// this script — a stat of each, a few milliseconds.
// First: refuse an older Node in one line (esbuild and the bundle assume Node 24).
import './require-node.mjs';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');

/** The bundle, relative to the project root. Two levels deep like `src/host/`, so the host's
 * PROJECT_ROOT (its own directory, then `../..`) is the project root from either. */
export const HOST_BUNDLE = path.join('out', 'host', 'serve.mjs');
const ENTRY = path.join('src', 'host', 'serve.ts');
/** The project files the last build read (relative paths), written beside the bundle. */
const INPUTS = path.join('out', 'host', 'serve.inputs.json');
/** Native modules and the Electron API: loaded from node_modules, never bundled. */
const EXTERNAL = ['better-sqlite3', 'keytar', 'electron', 'bufferutil', 'utf-8-validate'];
/** Bundled CommonJS (ws) calls `require` for Node's built-ins: give the ES module one. */
const BANNER =
  "import { createRequire as __marketdeskCreateRequire } from 'node:module';\n" +
  'const require = __marketdeskCreateRequire(import.meta.url);';

/**
 * `node:http` and `node:https` as CommonJS values rather than ES-module imports. Node
 * builds an ES module's view of a built-in by reading every export, and reading
 * `http.WebSocket` loads all of undici (~45 ms at start-up, before listening); here
 * the bundle reads only the properties it uses, and undici loads with the first fetch.
 * @type {import('esbuild').Plugin}
 */
const lazyHttp = {
  name: 'lazy-node-http',
  setup(build) {
    build.onResolve({ filter: /^(node:)?https?$/ }, (args) =>
      args.kind === 'import-statement'
        ? { path: args.path.replace(/^node:/, ''), namespace: 'lazy-node-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-node-builtin' }, (args) => ({
      contents: `module.exports = process.getBuiltinModule('node:${args.path}');`,
      loader: 'js',
    }));
  },
};

/** @param {string} file @returns {number} modification time in ms; 0 when missing. */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Why the bundle must be (re)built, or null when it is current.
 * @param {string} [projectRoot]
 * @returns {string | null}
 */
export function hostBundleStaleReason(projectRoot = root) {
  const bundle = path.join(projectRoot, HOST_BUNDLE);
  const built = mtimeOf(bundle);
  if (built === 0) return 'no bundle yet';
  /** @type {string[]} */
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(projectRoot, INPUTS), 'utf8'));
  } catch {
    return 'its list of inputs is missing';
  }
  // A file newly imported shows up as an edit of the file importing it.
  for (const input of [...inputs, 'package-lock.json', path.relative(root, here)]) {
    const mtime = mtimeOf(path.join(projectRoot, input));
    if (mtime === 0 && inputs.includes(input)) return `${input} is gone`;
    if (mtime > built) return `${input} changed`;
  }
  return null;
}

/**
 * Bundles the host into `out/host/serve.mjs` (+ `.map`), written atomically (a host
 * starting meanwhile loads the old bundle or the new one, never half of one).
 * @param {string} [projectRoot]
 * @returns {Promise<string>} the bundle's absolute path
 */
export async function buildHost(projectRoot = root) {
  // Loaded only when building: a current bundle starts without esbuild.
  const { build } = await import('esbuild');
  const outfile = path.join(projectRoot, HOST_BUNDLE);
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: EXTERNAL,
    plugins: [lazyHttp],
    banner: { js: BANNER },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  // The map first: the bundle's mtime is what staleness is measured against.
  const isMap = (/** @type {{ path: string }} */ f) => f.path.endsWith('.map');
  const files = [
    ...result.outputFiles.filter(isMap),
    ...result.outputFiles.filter((f) => !isMap(f)),
  ];
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs)
    // Project files only: packages change with the lockfile; `ns:path` inputs are virtual.
    .filter((input) => !input.includes('node_modules') && !input.includes(':'))
    .sort();
  const list = path.join(projectRoot, INPUTS);
  writeFileSync(`${list}.${process.pid}.tmp`, `${JSON.stringify(inputs, null, 1)}\n`);
  renameSync(`${list}.${process.pid}.tmp`, list);
  return outfile;
}

/**
 * Builds the bundle when missing or stale; answers its absolute path.
 * @param {string} [projectRoot]
 * @param {(line: string) => void} [log]
 * @returns {Promise<string>}
 */
export async function ensureHostBuilt(projectRoot = root, log = (line) => console.error(line)) {
  const reason = hostBundleStaleReason(projectRoot);
  if (reason === null) return path.join(projectRoot, HOST_BUNDLE);
  log(`marketdesk: building the host (${reason})…`);
  return buildHost(projectRoot);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const started = performance.now();
  const outfile = await buildHost();
  const size = (statSync(outfile).size / 1024).toFixed(0);
  console.log(
    `built ${path.relative(root, outfile)} (${size} KiB) in ${(performance.now() - started).toFixed(0)} ms`,
  );
  if (!existsSync(outfile)) process.exit(1);
}
