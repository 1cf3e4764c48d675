import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Role, type RoleNumber } from '@pruefbuch/domain/roles';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestApp } from '../../../test/helper';
import { blobs, books, type users } from '../../db/schema/index';

/** 2 × 2 pixel images; bytes after their end marker (which decoders ignore) make each sample unique. */
const tiny = sharp({ create: { width: 2, height: 2, channels: 3, background: '#3a7' } });
const tinyJpeg = await tiny.clone().jpeg().toBuffer();
const tinyWebp = await tiny.clone().webp().toBuffer();
const tinyGif = await tiny.clone().gif().toBuffer();
const unique = (image: Buffer) => Buffer.concat([image, randomBytes(16)]);

/**
 * Small files whose leading bytes are what they claim (or deliberately are not). The images
 * decode: an image that does not is refused (IMAGE_UNREADABLE); the HEIC is only a header,
 * which the server keeps as it is (it cannot decode HEIC).
 */
export const samples = {
  /** A minimal PDF; `salt` makes its bytes (and hash) unique to one test. */
  pdf: (salt: string = randomUUID()) =>
    Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${salt}\ntrailer <<>>\n%%EOF\n`, 'latin1'),
  /** A 1×1 PNG; trailing bytes after IEND make each one unique. */
  png: () =>
    Buffer.concat([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
      randomBytes(16),
    ]),
  jpeg: () => unique(tinyJpeg),
  gif: () => unique(tinyGif),
  webp: () => unique(tinyWebp),
  heic: () =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic', 'latin1'),
      randomBytes(32),
    ]),
  html: () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    ),
  /** The start of a Windows executable: 'MZ', the DOS stub, a PE header offset. */
  exe: () => {
    const b = Buffer.alloc(256);
    b.write('MZ', 0, 'latin1');
    b.writeUInt32LE(0x80, 0x3c);
    b.write('PE\0\0', 0x80, 'latin1');
    b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
    return b;
  },
  zip: () =>
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]), Buffer.alloc(20), Buffer.from('a.txt')]),
};

export interface FilePart {
  name: string;
  content: Buffer;
  /** What the browser claims; the server must not believe it. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----pruefbuch${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  const quote = (s: string) => s.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${quote(file.name)}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Two tenants, each with a book and an office user; an admin who may use both. */
export async function twoTenants(t: TestApp) {
  const a = await t.createTenant('Mandant A');
  const b = await t.createTenant('Mandant B');
  const [bookA] = await t.database.db.insert(books).values({ tenantId: a.id, title: 'Schiebetür A' }).returning();
  const [bookB] = await t.database.db.insert(books).values({ tenantId: b.id, title: 'Schiebetür B' }).returning();
  if (!bookA || !bookB) throw new Error('no books');
  const tokenA = await userOf(t, a.id, Role.STANDARD_ROLE);
  const tokenB = await userOf(t, b.id, Role.STANDARD_ROLE);
  return { a, b, bookA, bookB, tokenA, tokenB };
}

/** A signed-in user of one tenant with a role. */
export async function userOf(
  t: TestApp,
  tenantId: string,
  role: RoleNumber,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const user = await t.createUser({ role, tenantIds: [tenantId], ...extra });
  const session = await t.login(user.email);
  return session.token;
}

export function uploader(t: TestApp) {
  /** POST blobs or books/{id}/document with a file and form fields. */
  return (opts: { url: string; token: string; tenant: string; fields?: Record<string, string>; file?: FilePart }) => {
    const body = multipart(opts.fields ?? {}, opts.file);
    return t.api({
      method: 'POST',
      url: opts.url,
      token: opts.token,
      tenant: opts.tenant,
      payload: body.payload,
      headers: body.headers,
    });
  };
}

export async function blobRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(blobs).where(eq(blobs.id, id));
  return row ?? null;
}

/** Where the local store keeps the bytes of a hash. */
export const fileOnDisk = (t: TestApp, sha256: string) =>
  path.join(t.config.dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');
