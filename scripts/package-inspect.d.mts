/** Types of package-inspect.mjs. */
export const REQUIRED_IN_ASAR: string[];
export const ASAR_UPDATE_FEED: string;
export const APP_ICON_RESOURCE: string;
export const NOT_FOR_THE_APP: string[];
export const SIZE_BUDGET: { asar: number; unpacked: number };
export interface LockFile {
  packages?: Record<string, { version?: string; dev?: boolean }>;
}
export function devOnlyPackages(lock: LockFile): Set<string>;
export function packageOf(file: string): string | null;
export function forbiddenReason(file: string): string | null;
export function elfArch(head: Buffer): string | null;
export function folderSize(dir: string): number;
export interface Inspection {
  problems: string[];
  sizes: { asar: number; unpacked: number; appDir: number };
  files: number;
  nativeModules: string[];
}
export function inspectPackagedApp(options: {
  resourcesDir: string;
  appDir: string;
  arch: 'x64' | 'arm64' | 'ia32' | 'armv7l';
  lock: LockFile;
  listAsar: (asar: string) => string[];
  readAsarFile: (asar: string, file: string) => string;
  budget?: { asar: number; unpacked: number };
}): Inspection;
export function fuseProblems(
  wire: Record<number, number>,
  wanted: Readonly<Record<string, boolean>>,
  indexOf: Readonly<Record<string, number>>,
): string[];
export function formatBytes(bytes: number): string;
