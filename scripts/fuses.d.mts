/** Types of fuses.mjs (plain ESM so electron-builder can load it as a hook). */
export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** Marketdesk's fuse choices by FuseV1Options name (true: on). */
export const APP_FUSES: Readonly<Record<string, boolean>>;

/** Flips Marketdesk's fuses on a packaged Electron binary; resolves how many fuse wires were written. */
export function flipAppFuses(
  electronBinaryPath: string,
  platform?: NodeJS.Platform,
): Promise<number>;

/** The packaged binary inside electron-builder's output folder. */
export function packagedBinaryPath(context: AfterPackContext): string;

/** electron-builder's `afterPack` hook. */
export default function afterPack(context: AfterPackContext): Promise<void>;
