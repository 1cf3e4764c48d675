/** The longest side of a defect photo kept offline: enough to see a defect, small enough for a day of them. */
export const PHOTO_MAX_SIDE = 1600;

/**
 * A photo from the camera, downscaled in the browser to at most PHOTO_MAX_SIDE pixels on its longest side and
 * stored as JPEG (quality 0.8): a phone's 12 MP photo of 4 MB becomes about 300 KB. The EXIF orientation is
 * applied by createImageBitmap; the stored picture carries no EXIF (no location).
 */
export async function downscalePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/jpeg', 0.8),
  );
}
