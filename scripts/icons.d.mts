/** Types of icons.mjs. */
export const ICON_SOURCE: string;
export const ICONS_DIR: string;
export const PNG_SIZES: number[];
export const ICO_SIZES: number[];
export function renderIcons(svg: string): Map<string, Buffer>;
export function staleIcons(files: Map<string, Buffer>): string[];
