/**
 * Uploaded images (defect photos, images among a book's documents) through sharp (libvips).
 * sharp does its work in libuv's thread pool, so neither the header check, nor the decoding,
 * nor the resizing runs on the event loop. See docs/decisions/012-image-uploads.md.
 */
import type { Metadata, default as Sharp } from 'sharp';
import { AppError } from './errors';

/**
 * The largest image accepted, in pixels (width × height, read from the file's header before
 * anything is decoded): 40 megapixels holds every phone and camera photo (a 48 MP phone
 * stores 12 MP by default) while a 12000 × 12000 image, 560 kB as a PNG but 430 MB decoded,
 * is refused with 400 IMAGE_TOO_LARGE.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Images are stored at most this many pixels wide and high (enough for an A4 page at 170 dpi). */
export const MAX_IMAGE_EDGE = 2000;

const JPEG_QUALITY = 85;

/**
 * sharp, loaded with the first image (decision 077): it took about 100 ms of every server's start, and most starts,
 * and most test files, see no image. Node keeps the module once loaded.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  const { default: sharp } = await import('sharp');
  // Every image is seen once: libvips' operation cache would only hold memory.
  sharp.cache(false);
  return sharp;
}

export const imageTooLarge = () =>
  new AppError('IMAGE_TOO_LARGE', 400, [
    {
      field: 'file',
      key: 'errors.IMAGE_TOO_LARGE',
      message: 'IMAGE_TOO_LARGE',
      params: { limit: MAX_IMAGE_PIXELS / 1_000_000 },
    },
  ]);

export const imageUnreadable = () =>
  new AppError('IMAGE_UNREADABLE', 400, [
    { field: 'file', key: 'errors.IMAGE_UNREADABLE', message: 'IMAGE_UNREADABLE' },
  ]);

/** The header of an image (nothing is decoded); null when libvips cannot read it. */
export async function imageHeader(bytes: Buffer): Promise<Metadata | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? meta : null;
  } catch {
    return null;
  }
}

export interface NormalisedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

const isHeif = (contentType: string) => contentType === 'image/heic' || contentType === 'image/heif';

/** Nothing to change: a JPEG or PNG within the size, upright, without EXIF, XMP, IPTC or text chunks. */
const alreadyNormal = (m: Metadata) =>
  (m.format === 'jpeg' || m.format === 'png') &&
  (m.width ?? 0) <= MAX_IMAGE_EDGE &&
  (m.height ?? 0) <= MAX_IMAGE_EDGE &&
  (m.orientation ?? 1) === 1 &&
  !m.exif &&
  !m.xmp &&
  !m.iptc &&
  !m.comments?.length;

/**
 * An uploaded image made fit to keep: refused above MAX_IMAGE_PIXELS (IMAGE_TOO_LARGE) or when
 * it does not decode (IMAGE_UNREADABLE); turned upright by its EXIF orientation, shrunk to fit
 * MAX_IMAGE_EDGE, stripped of its metadata (EXIF with GPS position, XMP, IPTC) and written as
 * JPEG, or as PNG when it has transparency. Returns null when the upload is kept as it is: an
 * image that is normal already (it is decoded once to prove it is whole), or a HEIC photo,
 * which sharp's prebuilt libvips cannot decode (no HEVC) and the server never decodes either.
 */
export async function normaliseImage(bytes: Buffer, contentType: string): Promise<NormalisedImage | null> {
  const meta = await imageHeader(bytes);
  if (!meta) {
    if (isHeif(contentType)) return null;
    throw imageUnreadable();
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw imageTooLarge();
  if (meta.format === 'heif' && meta.compression === 'hevc') return null;

  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  try {
    if (alreadyNormal(meta)) {
      await image.stats();
      return null;
    }
    const fitted = image.autoOrient().resize({
      width: MAX_IMAGE_EDGE,
      height: MAX_IMAGE_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // sharp writes no metadata unless asked to (keepMetadata/withMetadata), so EXIF and GPS are gone.
    if (meta.hasAlpha) return { bytes: await fitted.png().toBuffer(), contentType: 'image/png' };
    return { bytes: await fitted.jpeg({ quality: JPEG_QUALITY }).toBuffer(), contentType: 'image/jpeg' };
  } catch {
    throw imageUnreadable();
  }
}

/**
 * Bytes a PDF can embed without pdfkit decoding pixels on the event loop, or null when the
 * image cannot be drawn. pdfkit copies a JPEG and an opaque, non-interlaced PNG as they are;
 * anything else (transparency, interlacing, WebP, GIF, more than MAX_IMAGE_EDGE pixels, as
 * images stored before uploads were normalised may be) is shrunk and flattened on white by
 * sharp first. Nothing above MAX_IMAGE_PIXELS is decoded at all.
 */
export async function pdfReadyImage(bytes: Buffer): Promise<Buffer | null> {
  const meta = await imageHeader(bytes);
  if (!meta || (meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) return null;
  const small = (meta.width ?? 0) <= MAX_IMAGE_EDGE && (meta.height ?? 0) <= MAX_IMAGE_EDGE;
  if (small && meta.format === 'jpeg') return bytes;
  if (small && meta.format === 'png' && !meta.hasAlpha && !meta.isProgressive) return bytes;
  if (!['jpeg', 'png', 'webp', 'gif'].includes(meta.format ?? '')) return null;
  const sharp = await loadSharp();
  try {
    const fitted = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'none' })
      .autoOrient()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' });
    // A PNG stays lossless (drawings, screenshots); photos become JPEG.
    return meta.format === 'png'
      ? await fitted.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()
      : await fitted.jpeg({ quality: JPEG_QUALITY }).toBuffer();
  } catch {
    return null;
  }
}
