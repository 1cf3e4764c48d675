/**
 * Signatures drawn on screen are RGBA PNGs: ink on transparency. pdfkit embeds transparency by
 * decoding every pixel in JavaScript and compressing colour and alpha apart (about a millisecond
 * per signature, the largest cost of a book with a hundred records). Printed on white paper the
 * transparency is not needed: this composites such a PNG on white into 8-bit grey, halved while
 * wider than 600 px, and returns the rows deflated, ready to be a PDF image as they are.
 * Anything but 8-bit RGBA or grey+alpha, non-interlaced, gives null.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface GreyImage {
  width: number;
  height: number;
  /** Deflated 8-bit grey rows (PDF FlateDecode, DeviceGray, no predictor). */
  data: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_WIDTH = 600;

/** PNG row filters (None, Sub, Up, Average, Paeth) undone into `row`, with `prev` the row above. */
function unfilter(filter: number, src: Uint8Array, row: Uint8Array, prev: Uint8Array, bpp: number) {
  const n = src.length;
  switch (filter) {
    case 1:
      for (let i = 0; i < n; i++) row[i] = ((src[i] as number) + (i >= bpp ? (row[i - bpp] as number) : 0)) & 0xff;
      return;
    case 2:
      for (let i = 0; i < n; i++) row[i] = ((src[i] as number) + (prev[i] as number)) & 0xff;
      return;
    case 3:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? (row[i - bpp] as number) : 0;
        row[i] = ((src[i] as number) + ((a + (prev[i] as number)) >> 1)) & 0xff;
      }
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? (row[i - bpp] as number) : 0;
        const b = prev[i] as number;
        const c = i >= bpp ? (prev[i - bpp] as number) : 0;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p;
        const pb = p > b ? p - b : b - p;
        const pc = p > c ? p - c : c - p;
        row[i] = ((src[i] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      row.set(src);
  }
}

export function flattenPng(png: Buffer): GreyImage | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  for (let pos = 8; pos + 8 <= png.length; ) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const bitDepth = data[8];
      colorType = data[9] ?? -1;
      if (bitDepth !== 8 || (colorType !== 6 && colorType !== 4) || data[12] !== 0) return null;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + len;
  }
  if (!width || !height || idat.length === 0 || width * height > 16_000_000) return null;
  const bpp = colorType === 6 ? 4 : 2;
  const stride = width * bpp;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return null;
  }
  if (raw.length < (stride + 1) * height) return null;

  // Undo the row filters, then composite on white: grey = 255 − alpha × (255 − luminance) / 255.
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start] as number;
    const src = raw.subarray(start + 1, start + 1 + stride);
    unfilter(filter, src, row, prev, bpp);
    const o = y * width;
    if (bpp === 4) {
      for (let x = 0, i = 0; x < width; x++, i += 4) {
        const lum = ((row[i] as number) * 77 + (row[i + 1] as number) * 150 + (row[i + 2] as number) * 29) >> 8;
        grey[o + x] = (255 - ((row[i + 3] as number) * (255 - lum) + 127) / 255) | 0;
      }
    } else {
      for (let x = 0, i = 0; x < width; x++, i += 2) {
        grey[o + x] = (255 - ((row[i + 1] as number) * (255 - (row[i] as number)) + 127) / 255) | 0;
      }
    }
    const swap = prev;
    prev = row;
    row = swap;
  }

  // Halve while too wide (a box average keeps thin strokes visible).
  let w = width;
  let h = height;
  let pixels = grey;
  while (w > MAX_WIDTH && h > 1) {
    const nw = w >> 1;
    const nh = h >> 1;
    const next = new Uint8Array(nw * nh);
    for (let y = 0; y < nh; y++) {
      for (let x = 0; x < nw; x++) {
        const o = 2 * y * w + 2 * x;
        next[y * nw + x] =
          ((pixels[o] as number) +
            (pixels[o + 1] as number) +
            (pixels[o + w] as number) +
            (pixels[o + w + 1] as number)) >>
          2;
      }
    }
    pixels = next;
    w = nw;
    h = nh;
  }

  return { width: w, height: h, data: deflateSync(pixels, { level: 3 }) };
}
