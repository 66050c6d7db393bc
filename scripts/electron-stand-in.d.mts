/** Types of electron-stand-in.mjs. */
export const FUSE_SENTINEL: string;
export const SHIPPED_FUSES: string;
export function standInExecutable(): Buffer;
export function writeStandInExecutable(file: string): void;
export function prepareStandInDist(dir: string, electronVersion: string): string;
