import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defect, insertRecord, JPEG_PHOTO, keep, memberOf, pdfTenant, storeBlob } from '../../../test/fixtures/pdf';
import { createTestApp } from '../../../test/helper';
import { longestLoopGap } from '../../../test/loop-gap';
import { pdfImages, pdfText } from '../../../test/pdf-reader';
import type { TenantContext } from '../../platform/context';
import { MAX_IMAGE_EDGE } from '../../platform/images';
import { pdfToBuffer } from '../../platform/pdf';
import { bookExportPdf, loadBookExport, renderBookExport } from './pdf.book-export';

const t = await createTestApp();

/**
 * A PNG whose header claims `width` × `height` pixels around the data of a 1 × 1 image: what a
 * stored file's header says is all the PDF may look at before deciding not to decode it.
 */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * Photos stored before uploads were normalised: a 6000 × 4000 PNG with transparency (pdfkit
 * would split its alpha channel pixel by pixel on the event loop) and a file whose header says
 * 12000 × 12000, above the pixel limit.
 */
let reds = 0;
async function bookWithLegacyPhotos() {
  const { tenant, book } = await pdfTenant(t);
  const { token, user } = await memberOf(t, tenant.id);
  const large = await sharp({
    // A red of its own for each book, so no test finds this photo shrunk already by another.
    create: {
      width: 6000,
      height: 4000,
      channels: 4,
      background: { r: 201 + (++reds % 50), g: 40, b: 40, alpha: 0.6 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const big = await storeBlob(t, tenant.id, book.id, large, { contentType: 'image/png', fileName: 'alt.png' });
  const huge = await storeBlob(t, tenant.id, book.id, await pngClaiming(12000, 12000), {
    contentType: 'image/png',
    fileName: 'riesig.png',
  });
  const jpeg = await storeBlob(t, tenant.id, book.id, JPEG_PHOTO, { contentType: 'image/jpeg', fileName: 'a.jpg' });
  for (const when of ['2023-03-01', '2023-04-01']) {
    await insertRecord(t, tenant.id, book.id, {
      when,
      defects: [defect('Glas gesprungen', 'repair', { photos: [big, huge, jpeg] })],
    });
  }
  return { tenant, book, token, user };
}

/** The context a request of a member of the tenant would have (for calling the PDF use cases directly). */
const contextOf = (tenantId: string, user: { id: string }) =>
  ({ db: t.database.db, user, tenantId, lang: 'de', ip: '127.0.0.1', deps: t.app.deps }) as unknown as TenantContext;

describe('photos in PDFs', () => {
  it('shrinks a large stored photo and skips one above the pixel limit', async () => {
    const { tenant, book, token } = await bookWithLegacyPhotos();
    const res = await t.api({ method: 'GET', url: `/books/${book.id}/exportPdf`, token, tenant: tenant.id });
    expect(res.statusCode).toBe(200);
    keep('legacy-photos.pdf', res.rawPayload);

    const images = (await pdfImages(res.rawPayload)).flat();
    const photos = images.filter((img) => img.width > 300);
    // The photo of both records, shrunk to 2000 × 1333 and flattened on white (60 % red over white).
    expect(photos.map((img) => [img.width, img.height])).toEqual([
      [MAX_IMAGE_EDGE, 1333],
      [MAX_IMAGE_EDGE, 1333],
    ]);
    const [r, g, b, a] = photos[0]?.data.subarray(0, 4) ?? [];
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(100);
    expect(b).toBeGreaterThan(100);
    expect(images.some((img) => img.width === 48 && img.height === 36)).toBe(true);

    const { flat } = await pdfText(res.rawPayload);
    expect(flat).toContain('Foto „riesig.png“ (image/png) kann nicht in das PDF eingebettet werden.');
  });

  it('does not hold the event loop while it draws them', async () => {
    const { tenant, book, user } = await bookWithLegacyPhotos();
    // What is read from the database before drawing is not measured: PGlite runs its queries
    // on this thread, which says nothing about the PDF.
    const data = await loadBookExport(contextOf(tenant.id, user), book.id);
    const { result, maxBusyMs } = await longestLoopGap(async () =>
      pdfToBuffer(await bookExportPdf(data), (pdf) => renderBookExport(pdf, data)),
    );
    expect(result.subarray(0, 5).toString()).toBe('%PDF-');
    expect(maxBusyMs).toBeLessThan(250);
  });
});
