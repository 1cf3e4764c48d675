import { createHash } from 'node:crypto';
import type { PdfWriter } from '../pdf';
import { flattenPng, type GreyImage } from './flatten-png';

/** The image formats a PDF can hold as they are: JPEG (DCT) and PNG (Flate). */
export type EmbeddableKind = 'png' | 'jpeg';

export function imageKind(bytes: Uint8Array): EmbeddableKind | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/;

/**
 * Flattened signatures by 'md5:' and the MD5 of their data URL (the hash PostgreSQL's md5()
 * gives, so a query can name a signature without sending it), least recently used first out.
 * The signature of a finalized record never changes, so a book exported again, or a record
 * whose PDF was archived on finalize, does not decode its signatures again. Bounded by bytes.
 */
const flattened = new Map<string, GreyImage | null>();
let flattenedBytes = 0;
const FLATTENED_BUDGET = 32 * 1024 * 1024;

const sizeOf = (key: string, value: GreyImage | null) => key.length + (value?.data.length ?? 0);
const MD5_REF = /^md5:[0-9a-f]{32}$/;

/** The cache key of a signature: its 'md5:…' reference as it is, or the reference of a data URL. */
export const signatureRef = (image: string) =>
  MD5_REF.test(image) ? image : `md5:${createHash('md5').update(image, 'utf8').digest('hex')}`;

/** Whether a signature reference ('md5:…') is flattened already. */
export const hasFlatSignature = (ref: string) => flattened.has(ref);

function remember(key: string, value: GreyImage | null) {
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
 * flattened) flattened on white; null when it is anything else or no longer known.
 */
export function flatSignature(dataUrl: string | null | undefined): GreyImage | null {
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
  const bytes = match?.[1] ? Buffer.from(match[1], 'base64') : null;
  const value = bytes ? flattenPng(bytes) : null;
  remember(key, value);
  return value;
}

/** pdfkit's opened image (not in its type definitions): embedded once, placed many times. */
interface PdfImage {
  width: number;
  height: number;
  orientation?: number;
  /** Set for a flattened signature, written by placeGrey instead of pdfkit's image(). */
  grey?: GreyImage;
}
type WithOpenImage = { openImage(src: Buffer): PdfImage };

/**
 * Opens images once per document: the same bytes (a signature used twice, the tenant's logo)
 * become one image object in the PDF. Only ever given bytes, never a path: pdfkit would read a
 * string that is not a data URL from disk.
 */
export class ImageCache {
  private readonly images = new Map<string, PdfImage | null>();
  /** `signatures`: flattened signatures by reference that this document holds on to. */
  constructor(
    private readonly pdf: PdfWriter,
    private readonly signatures: Map<string, GreyImage | null> = new Map(),
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

  private readonly greys = new Map<GreyImage, { label: string; ref: unknown }>();

  /** A signature (PNG data URL) flattened on white (see flatSignature), as an image of this document. */
  openSignature(dataUrl: string | null | undefined): PdfImage | null {
    if (!dataUrl) return null;
    const pinned = this.signatures.get(dataUrl);
    const grey = pinned !== undefined ? pinned : flatSignature(dataUrl);
    return grey ? { width: grey.width, height: grey.height, grey } : null;
  }

  /** Writes a grey image into the document once and draws it, as pdfkit's image() does. */
  private placeGrey(grey: GreyImage, x: number, y: number, width: number, height: number) {
    const doc = this.pdf.doc as unknown as {
      ref(data: object): { end(data: Uint8Array): void };
      page: { xobjects: Record<string, unknown> };
      addContent(data: string): void;
    };
    let entry = this.greys.get(grey);
    if (!entry) {
      const ref = doc.ref({
        Type: 'XObject',
        Subtype: 'Image',
        Width: grey.width,
        Height: grey.height,
        BitsPerComponent: 8,
        ColorSpace: 'DeviceGray',
        Filter: 'FlateDecode',
      });
      ref.end(grey.data);
      entry = { label: `IG${this.greys.size + 1}`, ref };
      this.greys.set(grey, entry);
    }
    doc.page.xobjects[entry.label] = entry.ref;
    doc.addContent(
      `q ${width.toFixed(2)} 0 0 ${(-height).toFixed(2)} ${x.toFixed(2)} ${(y + height).toFixed(2)} cm /${entry.label} Do Q`,
    );
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
    if (image.grey) this.placeGrey(image.grey, x + dx, y, width, height);
    else this.pdf.doc.image(image as unknown as PDFKit.Mixins.ImageSrc, x + dx, y, { width, height });
    return { width, height };
  }
}
