/** Types of node-version.mjs (plain ESM: it must run before any TypeScript loader). */

/** The lowest Node major version package.json's `engines.node` (`>=N`) accepts. */
export function requiredNodeMajor(projectRoot?: string): number;

/** The one line that says which Node to use, or null when `version` is new enough. */
export function nodeVersionProblem(running: {
  version: string;
  execPath: string;
  required: number;
}): string | null;
