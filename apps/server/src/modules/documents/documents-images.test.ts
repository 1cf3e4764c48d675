import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blobRow, fileOnDisk, samples, sha256Of, twoTenants, uploader } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';
import { longestLoopGap } from '../../../test/loop-gap';
import { blobs } from '../../db/schema/index';
import { MAX_IMAGE_EDGE, MAX_IMAGE_PIXELS } from '../../platform/images';

const t = await createTestApp();
const upload = uploader(t);

/** The EXIF tag that points to the GPS block (0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** A defect photo (POST blobs, type defect-photo) of tenant A's book. */
async function photoUpload(name: string, content: Buffer) {
  const { a, bookA, tokenA } = await twoTenants(t);
  const res = await upload({
    url: '/blobs',
    token: tokenA,
    tenant: a.id,
    fields: { type: 'defect-photo', book: bookA.id },
    file: { name, content },
  });
  return { res, tenantId: a.id, bookId: bookA.id };
}

async function blobsOfBook(bookId: string) {
  return t.database.db.select().from(blobs).where(eq(blobs.bookId, bookId));
}

/**
 * A white PNG of any size in 1-bit greyscale, written directly: a few KB that a decoder would blow
 * up to width × height pixels (sharp takes seconds to compress as many RGB pixels).
 */
function whitePng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (greyscale), compression, filter and interlace 0
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter type None
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const tmpFiles = () => readdirSync(path.join(t.config.dataDir, 'files', 'tmp'));

describe('image uploads', () => {
  it('refuses a 12000 × 12000 PNG from its header with 400 IMAGE_TOO_LARGE, keeping nothing', async () => {
    const content = whitePng(12000, 12000);
    expect(content.length).toBeLessThan(1024 * 1024);
    const { res, bookId } = await photoUpload('riesig.png', content);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      details: [
        {
          field: 'file',
          key: 'errors.IMAGE_TOO_LARGE',
          message: 'Das Bild ist zu groß: erlaubt sind höchstens 40 Megapixel.',
          params: { limit: MAX_IMAGE_PIXELS / 1_000_000 },
        },
      ],
    });
    expect(await blobsOfBook(bookId)).toEqual([]);
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    expect(tmpFiles()).toEqual([]);
  });

  it('stores a 3000 × 4000 phone photo upright, at most 2000 px, without EXIF or GPS', async () => {
    // Stored sideways as cameras do (top half red, bottom half blue) with orientation 6: shown
    // turned 90° clockwise, so upright the red half is on the right.
    const content = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 3000, height: 2000, channels: 3, background: '#0000ff' } }, top: 2000, left: 0 },
      ])
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 6/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 41/1 0/1' },
      })
      .toBuffer();
    const source = await sharp(content).metadata();
    expect(source).toMatchObject({ width: 3000, height: 4000, orientation: 6 });
    expect(hasGpsTag(source.exif)).toBe(true);

    const { res } = await photoUpload('IMG_0815.JPG', content);
    expect(res.statusCode, res.body).toBe(201);
    const blob = res.json();
    expect(blob).toMatchObject({ contentType: 'image/jpeg', fileName: 'IMG_0815.JPG', type: 'defect-photo' });
    const row = await blobRow(t, blob._id);
    const stored = readFileSync(fileOnDisk(t, row?.sha256 ?? ''));
    expect(blob.size).toBe(stored.length);
    expect(row?.sha256).toBe(sha256Of(stored));
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);

    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MAX_IMAGE_EDGE, height: 1500 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const pixel = async (left: number, top: number) => [
      ...(await sharp(stored).extract({ left, top, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const [left, right] = [await pixel(100, 750), await pixel(1900, 750)];
    expect(left[2]).toBeGreaterThan(200); // blue
    expect(left[0]).toBeLessThan(60);
    expect(right[0]).toBeGreaterThan(200); // red
    expect(right[2]).toBeLessThan(60);
  });

  it('keeps transparency as PNG and names the file after its stored type', async () => {
    const content = await sharp({
      create: { width: 2400, height: 1200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    const { res } = await photoUpload('skizze.webp', content);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/png', fileName: 'skizze.png' });
    const row = await blobRow(t, res.json()._id);
    const meta = await sharp(readFileSync(fileOnDisk(t, row?.sha256 ?? ''))).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 2000, height: 1000, hasAlpha: true });
  });

  it('keeps a small image without metadata byte for byte', async () => {
    const content = samples.png();
    const { res } = await photoUpload('klein.png', content);
    expect(res.statusCode, res.body).toBe(201);
    expect((await blobRow(t, res.json()._id))?.sha256).toBe(sha256Of(content));
  });

  it.each([
    ['a truncated JPEG', 'halb.jpg', async () => (await sharp(await photo()).toBuffer()).subarray(0, 3000)],
    ['a PNG with a broken image stream', 'kaputt.png', async () => brokenPng()],
    ['a JPEG header followed by noise', 'rauschen.jpg', async () => jpegHeaderOnly()],
  ])('refuses %s with 400 IMAGE_UNREADABLE, keeping nothing', async (_, name, make) => {
    const { res, bookId } = await photoUpload(name, await make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_UNREADABLE',
      details: [{ field: 'file', key: 'errors.IMAGE_UNREADABLE' }],
    });
    expect(await blobsOfBook(bookId)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('does not hold the event loop while it checks and shrinks a photo', async () => {
    const content = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { result, maxBusyMs } = await longestLoopGap(() => photoUpload('gross.jpg', content));
    expect(result.res.statusCode, result.res.body).toBe(201);
    expect(maxBusyMs).toBeLessThan(250);
  });
});

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();

/** A real PNG (64 × 64) whose compressed pixel data is garbage. */
async function brokenPng() {
  const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const broken = Buffer.from(good);
  const idat = broken.indexOf('IDAT', 8, 'latin1');
  const length = broken.readUInt32BE(idat - 4);
  // Keep the zlib header (2 bytes), scramble the compressed rows.
  for (let i = idat + 4 + 2; i < idat + 4 + length; i++) broken[i] = (i * 31) & 0xff;
  return broken;
}

/** The start of a JPEG (SOI, APP0/JFIF) and then random bytes: the first samples of the tests were like this. */
function jpegHeaderOnly() {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7)]);
}
