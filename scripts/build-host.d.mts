/** Types of build-host.mjs (plain ESM so `npm run serve` needs no TypeScript loader). */

/** The bundle, relative to the project root: `out/host/serve.mjs`. */
export const HOST_BUNDLE: string;

/** Why the bundle must be (re)built, or null when it is current. */
export function hostBundleStaleReason(projectRoot?: string): string | null;

/** Bundles `src/host/serve.ts` into `out/host/serve.mjs`; answers its absolute path. */
export function buildHost(projectRoot?: string): Promise<string>;

/** Builds the bundle when missing or stale (logging why); answers its absolute path. */
export function ensureHostBuilt(
  projectRoot?: string,
  log?: (line: string) => void,
): Promise<string>;
