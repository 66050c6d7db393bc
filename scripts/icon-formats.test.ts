import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngSize, readIcns, writeIcns, writeIco } from './icon-formats.mjs';
import { ICONS_DIR, ICON_SOURCE, ICO_SIZES, PNG_SIZES, renderIcons, staleIcons } from './icons.mjs';

/** A PNG signature and IHDR of the given size (enough for the containers). */
function fakePng(size: number, filler = 0): Buffer {
  const png = Buffer.alloc(40, filler);
  png.writeUInt32BE(0x89504e47, 0);
  png.writeUInt32BE(0x0d0a1a0a, 4);
  png.writeUInt32BE(13, 8);
  png.write('IHDR', 12, 'latin1');
  png.writeUInt32BE(size, 16);
  png.writeUInt32BE(size, 20);
  return png;
}

describe('writeIco', () => {
  it('writes a directory entry per image, 256 as 0, with offsets to the PNGs', () => {
    const pngs = [fakePng(16, 1), fakePng(256, 2)];
    const ico = writeIco(pngs);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(2);
    expect([ico[6], ico[22]]).toEqual([16, 0]);
    for (const [index, png] of pngs.entries()) {
      const entry = 6 + 16 * index;
      const size = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(ico.subarray(offset, offset + size).equals(png)).toBe(true);
    }
  });

  it('refuses images an ICO cannot hold and bytes that are not PNG', () => {
    expect(() => writeIco([fakePng(512)])).toThrow(/at most 256/);
    expect(() => writeIco([Buffer.from('GIF89a')])).toThrow(/not a PNG/);
  });
});

describe('writeIcns', () => {
  it('writes the 1x and retina elements and reads them back', () => {
    const pngs = new Map(
      [16, 32, 64, 128, 256, 512, 1024].map((size) => [size, fakePng(size, size % 251)]),
    );
    const elements = readIcns(writeIcns(pngs));
    expect(elements.map((e) => e.type)).toEqual([
      'icp4',
      'icp5',
      'icp6',
      'ic07',
      'ic08',
      'ic09',
      'ic10',
      'ic11',
      'ic12',
      'ic13',
      'ic14',
    ]);
    expect(elements.find((e) => e.type === 'ic13')?.data.equals(pngs.get(256) as Buffer)).toBe(
      true,
    );
    expect(pngSize(elements.find((e) => e.type === 'ic10')?.data as Buffer).width).toBe(1024);
  });

  it('refuses a damaged file', () => {
    const icns = writeIcns(new Map([[16, fakePng(16)]]));
    expect(() => readIcns(icns.subarray(0, icns.length - 1))).toThrow(/not an ICNS/);
  });
});

describe('the committed icons', () => {
  it('are what resources/icon.svg gives (npm run icons)', () => {
    const files = renderIcons(readFileSync(ICON_SOURCE, 'utf8'));
    expect(staleIcons(files)).toEqual([]);
    const ico = readFileSync(path.join(ICONS_DIR, 'icon.ico'));
    expect(ico.readUInt16LE(4)).toBe(ICO_SIZES.length);
    for (const size of PNG_SIZES)
      expect(pngSize(readFileSync(path.join(ICONS_DIR, 'png', `${size}x${size}.png`)))).toEqual({
        width: size,
        height: size,
      });
  });
});
