// The Node this project runs on, from one place: package.json's `engines.node`. Node
// modules built for Node 24 (better-sqlite3, keytar) fail to load on an older Node with
// a native-module error far from the cause, so every entry point refuses such a Node
// first, in one line, via require-node.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The lowest Node major version `engines.node` accepts. Only the `>=N` form is read:
 * another form is a change this check must follow, so it throws rather than guess.
 * @param {string} [projectRoot]
 * @returns {number}
 */
export function requiredNodeMajor(projectRoot = root) {
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  const range = manifest.engines?.node;
  const match = typeof range === 'string' ? /^\s*>=\s*(\d+)(?:\.\d+){0,2}\s*$/.exec(range) : null;
  if (!match) {
    throw new Error(`package.json engines.node must read ">=N", got ${JSON.stringify(range)}`);
  }
  return Number(match[1]);
}

/**
 * The one line that says which Node to use, or null when `version` is new enough.
 * @param {{ version: string, execPath: string, required: number }} running
 * @returns {string | null}
 */
export function nodeVersionProblem({ version, execPath, required }) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= required) return null;
  return (
    `marketdesk: Node ${required} or newer is needed, but this is Node ${version.replace(/^v/, '')} ` +
    `(${execPath}). Use ./run (it installs Node ${required} into .toolchain/), ` +
    `or put Node ${required} first on PATH: source scripts/env.sh`
  );
}
