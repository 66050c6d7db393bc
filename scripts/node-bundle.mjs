// One way to ship a Node entry point of this project as one pre-built ES module, so it
// starts without compiling TypeScript on the fly (tsx) or resolving hundreds of modules
// one by one: the browser host (`build-host.mjs`) and the command line
// (`build-cli.mjs`). esbuild bundles the entry with the project's code, zod and ws;
// native modules (better-sqlite3, keytar) and electron stay external and load from
// node_modules at run time.
//
// `nodeBundle({ entry, outfile }).ensureBuilt()` rebuilds only when the bundle is
// missing or older than one of the files it was built from (listed beside it in
// `<name>.inputs.json`), the lockfile or these scripts — a stat of each, a few
// milliseconds.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
/** The project's root. */
export const PROJECT_ROOT = path.resolve(path.dirname(here), '..');

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
 * @typedef {object} NodeBundle
 * @property {string} outfile the bundle, relative to the project root
 * @property {string} inputsFile the list of project files it was built from, relative
 * @property {(projectRoot?: string) => string | null} staleReason why it must be (re)built, or null when current
 * @property {(projectRoot?: string) => Promise<string>} build builds it; answers its absolute path
 * @property {(projectRoot?: string, log?: (line: string) => void) => Promise<string>} ensureBuilt
 *   builds it when missing or stale; answers its absolute path
 */

/**
 * A bundle of `entry` at `outfile` (both relative to the project root).
 * @param {{ entry: string, outfile: string, what: string, script: string }} spec
 *   `what` names it in the one line said while building; `script` is the file of the
 *   script that declares it (a change of the build is a change of the bundle)
 * @returns {NodeBundle}
 */
export function nodeBundle({ entry, outfile, what, script }) {
  const inputsFile = outfile.replace(/\.mjs$/, '.inputs.json');
  const scripts = [here, script].map((file) => path.relative(PROJECT_ROOT, file));

  /** @param {string} [projectRoot] */
  function staleReason(projectRoot = PROJECT_ROOT) {
    const built = mtimeOf(path.join(projectRoot, outfile));
    if (built === 0) return 'no bundle yet';
    /** @type {string[]} */
    let inputs;
    try {
      inputs = JSON.parse(readFileSync(path.join(projectRoot, inputsFile), 'utf8'));
    } catch {
      return 'its list of inputs is missing';
    }
    // A file newly imported shows up as an edit of the file importing it.
    for (const input of [...inputs, 'package-lock.json', ...scripts]) {
      const mtime = mtimeOf(path.join(projectRoot, input));
      if (mtime === 0 && inputs.includes(input)) return `${input} is gone`;
      if (mtime > built) return `${input} changed`;
    }
    return null;
  }

  /**
   * Writes the bundle (+ `.map`) atomically: a process starting meanwhile loads the old
   * bundle or the new one, never half of one.
   * @param {string} [projectRoot]
   */
  async function build(projectRoot = PROJECT_ROOT) {
    // Loaded only when building: a current bundle starts without esbuild.
    const { build: esbuild } = await import('esbuild');
    const out = path.join(projectRoot, outfile);
    const result = await esbuild({
      absWorkingDir: projectRoot,
      entryPoints: [entry],
      outfile: out,
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
    mkdirSync(path.dirname(out), { recursive: true });
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
    const list = path.join(projectRoot, inputsFile);
    writeFileSync(`${list}.${process.pid}.tmp`, `${JSON.stringify(inputs, null, 1)}\n`);
    renameSync(`${list}.${process.pid}.tmp`, list);
    return out;
  }

  /**
   * @param {string} [projectRoot]
   * @param {(line: string) => void} [log]
   */
  async function ensureBuilt(projectRoot = PROJECT_ROOT, log = (line) => console.error(line)) {
    const reason = staleReason(projectRoot);
    if (reason === null) return path.join(projectRoot, outfile);
    log(`marketdesk: building ${what} (${reason})…`);
    return build(projectRoot);
  }

  return { outfile, inputsFile, staleReason, build, ensureBuilt };
}

/**
 * Builds a bundle by hand (`node scripts/build-….mjs`) and says where and how big.
 * @param {NodeBundle} bundle
 */
export async function buildAndReport(bundle) {
  const started = performance.now();
  const outfile = await bundle.build();
  const size = (statSync(outfile).size / 1024).toFixed(0);
  console.log(
    `built ${path.relative(PROJECT_ROOT, outfile)} (${size} KiB) in ${(performance.now() - started).toFixed(0)} ms`,
  );
}
