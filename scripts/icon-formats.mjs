// The ICO and ICNS containers, written from PNG images (both formats embed PNG
// as they are: Windows Vista on, macOS 10.7 on). Pure byte work, tested in
// icon-formats.test.ts; scripts/icons.mjs feeds them.

/**
 * Width and height from a PNG's IHDR.
 * @param {Buffer} png
 * @returns {{ width: number, height: number }}
 */
export function pngSize(png) {
  if (
    png.length < 24 ||
    png.readUInt32BE(0) !== 0x89504e47 ||
    png.toString('latin1', 12, 16) !== 'IHDR'
  )
    throw new Error('not a PNG image');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * An ICO file holding the given square PNGs (each at most 256 px; 256 is written as 0).
 * @param {Buffer[]} pngs
 * @returns {Buffer}
 */
export function writeIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const png of pngs) {
    const { width, height } = pngSize(png);
    if (width > 256 || height > 256)
      throw new Error(`an ICO image is at most 256 px, not ${width}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width === 256 ? 0 : width, 0);
    entry.writeUInt8(height === 256 ? 0 : height, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...pngs]);
}

/**
 * The ICNS element type for a PNG of a given pixel size (the 1x types; the @2x ones
 * share their pixels with the next size up and are listed in ICNS_RETINA).
 */
export const ICNS_TYPES = Object.freeze({
  16: 'icp4',
  32: 'icp5',
  64: 'icp6',
  128: 'ic07',
  256: 'ic08',
  512: 'ic09',
  1024: 'ic10',
});

/** Retina types: the pixel size whose PNG they carry. */
export const ICNS_RETINA = Object.freeze({ ic11: 32, ic12: 64, ic13: 256, ic14: 512 });

/**
 * An ICNS file from PNGs by pixel size (16 … 1024).
 * @param {Map<number, Buffer>} pngsBySize
 * @returns {Buffer}
 */
export function writeIcns(pngsBySize) {
  /** @type {Array<[string, Buffer]>} */
  const elements = [];
  for (const [size, type] of Object.entries(ICNS_TYPES)) {
    const png = pngsBySize.get(Number(size));
    if (png) elements.push([type, png]);
  }
  for (const [type, size] of Object.entries(ICNS_RETINA)) {
    const png = pngsBySize.get(size);
    if (png) elements.push([type, png]);
  }
  const parts = elements.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

/**
 * Reads an ICNS file's elements back (type and data), for the tests and the check.
 * @param {Buffer} icns
 * @returns {Array<{ type: string, data: Buffer }>}
 */
export function readIcns(icns) {
  if (icns.toString('latin1', 0, 4) !== 'icns' || icns.readUInt32BE(4) !== icns.length)
    throw new Error('not an ICNS file');
  const elements = [];
  for (let at = 8; at < icns.length;) {
    const length = icns.readUInt32BE(at + 4);
    if (length < 8 || at + length > icns.length) throw new Error('a damaged ICNS element');
    elements.push({
      type: icns.toString('latin1', at, at + 4),
      data: icns.subarray(at + 8, at + length),
    });
    at += length;
  }
  return elements;
}
