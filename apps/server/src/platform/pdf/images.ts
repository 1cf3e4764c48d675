import { createHash } from 'node:crypto';
import { loadSharp } from '../images';
import type { PdfWriter } from '../pdf';

/** The image formats a PDF can hold as they are: JPEG (DCT) and PNG (Flate). */
export type EmbeddableKind = 'png' | 'jpeg';

export function imageKind(bytes: Uint8Array): EmbeddableKind | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/;
/** Wider signatures are shrunk to this: some 260 dpi over the at most 165 pt a signature takes on paper. */
const SIGNATURE_WIDTH = 600;
/** A signature larger than this (width × height) is not read (signature_pad draws about 0.1 MP). */
const SIGNATURE_PIXELS = 16_000_000;

/**
 * A signature drawn on screen (an RGBA PNG: ink on transparency) on white, as a grey PNG without
 * alpha, which pdfkit embeds as it is. Given the PNG itself, pdfkit decodes every pixel in
 * JavaScript to split colour and alpha, for every document anew; flattened once and cached
 * (flatSignature), 100 signatures in a document cost 22 ms CPU instead of 780 ms, and the first
 * time about as much as pdfkit's way (`node --import tsx bench/pdf-paths.ts`). Printed on white
 * paper the transparency is not needed. sharp works in libuv's thread pool, off the event loop;
 * null when the bytes are no image it reads.
 */
async function flattenOnWhite(png: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(png, { limitInputPixels: SIGNATURE_PIXELS })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .resize({ width: SIGNATURE_WIDTH, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Flattened signatures by 'md5:' and the MD5 of their data URL (the hash PostgreSQL's md5()
 * gives, so a query can name a signature without sending it), least recently used first out.
 * The signature of a finalized record never changes, so a book exported again, or a record
 * whose PDF was archived on finalize, does not flatten its signatures again. Bounded by bytes.
 */
const flattened = new Map<string, Buffer | null>();
let flattenedBytes = 0;
const FLATTENED_BUDGET = 32 * 1024 * 1024;

const sizeOf = (key: string, value: Buffer | null) => key.length + (value?.length ?? 0);
const MD5_REF = /^md5:[0-9a-f]{32}$/;

/** The cache key of a signature: its 'md5:…' reference as it is, or the reference of a data URL. */
export const signatureRef = (image: string) =>
  MD5_REF.test(image) ? image : `md5:${createHash('md5').update(image, 'utf8').digest('hex')}`;

/** Whether a signature reference ('md5:…') is flattened already. */
export const hasFlatSignature = (ref: string) => flattened.has(ref);

function remember(key: string, value: Buffer | null) {
  flattened.set(key, value);
  flattenedBytes += sizeOf(key, value);
  for (const [k, v] of flattened) {
    if (flattenedBytes <= FLATTENED_BUDGET) break;
    flattened.delete(k);
    flattenedBytes -= sizeOf(k, v);
  }
}

/**
 * A signature drawn on screen (a PNG data URL, or the 'md5:…' reference of one already
 * flattened) flattened on white, as a grey PNG; null when it is anything else or no longer known.
 */
export async function flatSignature(dataUrl: string | null | undefined): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const key = signatureRef(dataUrl);
  if (flattened.has(key)) {
    const hit = flattened.get(key) ?? null;
    flattened.delete(key);
    flattened.set(key, hit);
    return hit;
  }
  if (MD5_REF.test(dataUrl)) return null;
  const match = PNG_DATA_URL.exec(dataUrl);
  const value = match?.[1] ? await flattenOnWhite(Buffer.from(match[1], 'base64')) : null;
  remember(key, value);
  return value;
}

/** The flattened signatures of these records, by the image each names (held for one document). */
export async function recordSignatures(
  records: {
    inspectorSignature: { image: string | null } | null;
    operatorAcknowledgement: { image: string | null } | null;
  }[],
): Promise<Map<string, Buffer | null>> {
  const images = new Set(
    records.flatMap((r) => [r.inspectorSignature?.image, r.operatorAcknowledgement?.image]).filter((i) => !!i),
  ) as Set<string>;
  return new Map(await Promise.all([...images].map(async (image) => [image, await flatSignature(image)] as const)));
}

/** pdfkit's opened image (not in its type definitions): embedded once, placed many times. */
interface PdfImage {
  width: number;
  height: number;
  orientation?: number;
}
type WithOpenImage = { openImage(src: Buffer): PdfImage };

/**
 * Opens images once per document: the same bytes (a signature used twice, the tenant's logo)
 * become one image object in the PDF. Only ever given bytes, never a path: pdfkit would read a
 * string that is not a data URL from disk.
 */
export class ImageCache {
  private readonly images = new Map<string, PdfImage | null>();
  /** `signatures`: the flattened signatures of this document by the image each record names (recordSignatures). */
  constructor(
    private readonly pdf: PdfWriter,
    private readonly signatures: ReadonlyMap<string, Buffer | null> = new Map(),
  ) {}

  open(bytes: Uint8Array): PdfImage | null {
    if (!imageKind(bytes)) return null;
    const key = createHash('sha1').update(bytes).digest('hex');
    if (this.images.has(key)) return this.images.get(key) ?? null;
    let image: PdfImage | null = null;
    try {
      image = (this.pdf.doc as unknown as WithOpenImage).openImage(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      );
      if (!image.width || !image.height) image = null;
    } catch {
      image = null;
    }
    this.images.set(key, image);
    return image;
  }

  /** A record's signature (its data URL or 'md5:…' reference) flattened on white, as an image of this document. */
  openSignature(image: string | null | undefined): PdfImage | null {
    const flat = image ? this.signatures.get(image) : null;
    return flat ? this.open(flat) : null;
  }

  /** Places an image inside a box (w × h) at (x, y), keeping its proportions; returns the size used. */
  place(image: PdfImage, x: number, y: number, w: number, h: number, align: 'left' | 'center' = 'left') {
    // pdfkit turns JPEGs by their EXIF orientation: 5–8 swap width and height.
    const turned = (image.orientation ?? 1) > 4;
    const iw = turned ? image.height : image.width;
    const ih = turned ? image.width : image.height;
    const scale = Math.min(w / iw, h / ih, 1.5);
    const width = iw * scale;
    const height = ih * scale;
    const dx = align === 'center' ? (w - width) / 2 : 0;
    this.pdf.doc.image(image as unknown as PDFKit.Mixins.ImageSrc, x + dx, y, { width, height });
    return { width, height };
  }
}
