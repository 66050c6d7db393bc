/** Types of electron-runtime.mjs (plain ESM so `npm start` needs no TypeScript loader). */
export type ElectronRuntime = { ok: true; executable: string } | { ok: false; reason: string };

/** Where the electron npm package lives, resolved from `fromDir`; null when not installed. */
export function electronPackageDir(fromDir: string): string | null;

/** Finds Electron's executable without running the package's code (which would download it). */
export function findElectronRuntime(options: {
  packageDir: string | null;
  env?: Record<string, string | undefined>;
}): ElectronRuntime;
