// `npm run icons`: every icon the installers and the app use, from resources/icon.svg
// (the one source): PNGs for Linux and the app's notifications (resources/icons/png/
// <n>x<n>.png), the Windows ICO and the macOS ICNS. The results are committed, so
// packaging needs no renderer; `npm run icons -- --check` says whether they are still
// what the source gives (scripts/icons.test.ts runs it).
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeIcns, writeIco } from './icon-formats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ICON_SOURCE = path.join(root, 'resources', 'icon.svg');
export const ICONS_DIR = path.join(root, 'resources', 'icons');
/** Linux's hicolor sizes plus the ICNS ones. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Windows' shell sizes (Explorer, taskbar, Alt+Tab, jump lists). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

/**
 * Every icon file: relative path under resources/icons → bytes.
 * @param {string} svg
 * @returns {Map<string, Buffer>}
 */
export function renderIcons(svg) {
  /** @type {Map<number, Buffer>} */
  const pngs = new Map();
  for (const size of PNG_SIZES) {
    const image = new Resvg(svg, {
      fitTo: { mode: 'width', value: size },
      font: { loadSystemFonts: false },
    });
    pngs.set(size, Buffer.from(image.render().asPng()));
  }
  const files = new Map();
  for (const [size, png] of pngs) files.set(path.join('png', `${size}x${size}.png`), png);
  files.set('icon.ico', writeIco(ICO_SIZES.map((size) => /** @type {Buffer} */ (pngs.get(size)))));
  files.set('icon.icns', writeIcns(pngs));
  return files;
}

/**
 * The files that differ from what the source gives (missing ones too).
 * @param {Map<string, Buffer>} files
 * @returns {string[]}
 */
export function staleIcons(files) {
  return [...files]
    .filter(([name, bytes]) => {
      const file = path.join(ICONS_DIR, name);
      return !existsSync(file) || !readFileSync(file).equals(bytes);
    })
    .map(([name]) => name);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = renderIcons(readFileSync(ICON_SOURCE, 'utf8'));
  if (process.argv.includes('--check')) {
    const stale = staleIcons(files);
    if (stale.length > 0) {
      console.error(
        `icons: out of date with resources/icon.svg (run npm run icons): ${stale.join(', ')}`,
      );
      process.exit(1);
    }
    console.log(`icons: ${files.size} files match resources/icon.svg`);
  } else {
    for (const [name, bytes] of files) {
      mkdirSync(path.dirname(path.join(ICONS_DIR, name)), { recursive: true });
      writeFileSync(path.join(ICONS_DIR, name), bytes);
    }
    console.log(`icons: wrote ${files.size} files to resources/icons`);
  }
}
