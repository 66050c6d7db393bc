/** Types of icon-formats.mjs. */
export function pngSize(png: Buffer): { width: number; height: number };
export function writeIco(pngs: Buffer[]): Buffer;
export const ICNS_TYPES: Readonly<Record<number, string>>;
export const ICNS_RETINA: Readonly<Record<string, number>>;
export function writeIcns(pngsBySize: Map<number, Buffer>): Buffer;
export function readIcns(icns: Buffer): Array<{ type: string; data: Buffer }>;
