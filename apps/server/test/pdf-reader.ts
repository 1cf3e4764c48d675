/**
 * Reads PDFs back in tests, in pure JavaScript (no system tools): the text of every page with
 * pdf.js (legacy build for Node), and the images a page paints, decoded to RGBA, e.g. to read a
 * QR code with jsQR.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import jsQR from 'jsqr';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

async function open(bytes: Uint8Array) {
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

export interface PdfText {
  pages: string[];
  /** All pages, joined by a form feed. */
  text: string;
  /** The text with every run of white space as one space: for phrases that may wrap. */
  flat: string;
}

/** The text of every page; lines of a page are joined by newlines. */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await open(bytes);
  const pages: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text);
    }
  } finally {
    await doc.destroy();
  }
  const text = pages.join('\f');
  return { pages, text, flat: text.replace(/\s+/g, ' ') };
}

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function toRgba(img: { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray }): RgbaImage {
  const { width, height, kind, data } = img;
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === ImageKind.RGBA_32BPP) {
    out.set(data.subarray(0, out.length));
  } else if (kind === ImageKind.RGB_24BPP) {
    for (let i = 0, j = 0; i < width * height; i++, j += 3) {
      out[i * 4] = data[j] ?? 0;
      out[i * 4 + 1] = data[j + 1] ?? 0;
      out[i * 4 + 2] = data[j + 2] ?? 0;
      out[i * 4 + 3] = 255;
    }
  } else {
    // GRAYSCALE_1BPP: one bit per pixel, rows padded to whole bytes, 1 = white.
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        const v = bit ? 255 : 0;
        const o = (y * width + x) * 4;
        out[o] = v;
        out[o + 1] = v;
        out[o + 2] = v;
        out[o + 3] = 255;
      }
    }
  }
  return { width, height, data: out };
}

/** The images painted on each page (1-based page numbers), decoded to RGBA. */
export async function pdfImages(bytes: Uint8Array, maxPages = Number.POSITIVE_INFINITY): Promise<RgbaImage[][]> {
  const doc = await open(bytes);
  const result: RgbaImage[][] = [];
  try {
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      const images: RgbaImage[] = [];
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
        const name = (ops.argsArray[i] as [string])[0];
        const objs = name.startsWith('g_') ? page.commonObjs : page.objs;
        const img = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>((resolve) =>
          objs.get(name, resolve),
        );
        images.push(toRgba(img));
      }
      result.push(images);
    }
  } finally {
    await doc.destroy();
  }
  return result;
}

/** Decodes a QR code in an image, with a white border added (labels leave little quiet zone). */
export function decodeQr(img: RgbaImage): string | null {
  const pad = Math.ceil(img.width / 8);
  const width = img.width + 2 * pad;
  const height = img.height + 2 * pad;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < img.height; y++) {
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((y + pad) * width + pad) * 4);
  }
  return jsQR(data, width, height)?.data ?? null;
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, c: Matrix): Matrix => [
  m[0] * c[0] + m[1] * c[2],
  m[0] * c[1] + m[1] * c[3],
  m[2] * c[0] + m[3] * c[2],
  m[2] * c[1] + m[3] * c[3],
  m[4] * c[0] + m[5] * c[2] + c[4],
  m[4] * c[1] + m[5] * c[3] + c[5],
];

/** Where each page paints its images: left and top edge in points from the page's top left corner. */
export async function pdfImagePlacements(bytes: Uint8Array): Promise<{ left: number; top: number }[][]> {
  const doc = await open(bytes);
  const result: { left: number; top: number }[][] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const height = page.view[3] ?? 0;
      const ops = await page.getOperatorList();
      const stack: Matrix[] = [];
      let ctm: Matrix = [1, 0, 0, 1, 0, 0];
      const placed: { left: number; top: number }[] = [];
      for (let i = 0; i < ops.fnArray.length; i++) {
        const fn = ops.fnArray[i];
        if (fn === OPS.save) stack.push(ctm);
        else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        else if (fn === OPS.transform) ctm = times(ops.argsArray[i] as Matrix, ctm);
        else if (fn === OPS.paintImageXObject) {
          // The image fills the unit square under the current matrix.
          const xs = [ctm[4], ctm[0] + ctm[4]];
          const ys = [ctm[5], ctm[3] + ctm[5]];
          placed.push({ left: Math.min(...xs), top: height - Math.max(...ys) });
        }
      }
      result.push(placed);
    }
  } finally {
    await doc.destroy();
  }
  return result;
}
