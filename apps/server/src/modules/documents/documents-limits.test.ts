import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileOnDisk, samples, sha256Of, twoTenants, uploader } from '../../../test/fixtures/documents';
import { createTestApp } from '../../../test/helper';

// 0.05 MB = 52,428 bytes.
const t = await createTestApp({ UPLOAD_LIMIT_MB: '0.05' });
const upload = uploader(t);
const pdfOf = (bytes: number) => Buffer.concat([samples.pdf(), randomBytes(bytes)]);

describe('upload size limit (UPLOAD_LIMIT_MB)', () => {
  it('refuses a bigger file with 413 and a message naming the limit, keeping nothing', async () => {
    const { a, bookA, tokenA } = await twoTenants(t);
    const content = pdfOf(80_000);
    const res = await upload({
      url: `/books/${bookA.id}/document`,
      token: tokenA,
      tenant: a.id,
      file: { name: 'gross.pdf', content, contentType: 'application/pdf' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Die Datei ist zu groß.',
      details: [
        {
          field: 'file',
          key: 'errors.FILE_TOO_LARGE',
          message: 'Die Datei ist zu groß: erlaubt sind höchstens 0.05 MB.',
          params: { limit: 0.05 },
        },
      ],
    });
    expect(existsSync(fileOnDisk(t, sha256Of(content)))).toBe(false);
    expect(readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);
    const list = await t.api({ method: 'GET', url: `/books/${bookA.id}/documents`, token: tokenA, tenant: a.id });
    expect(list.json().documents).toEqual([]);
  });

  it('accepts a file just under the limit', async () => {
    const { a, tokenA } = await twoTenants(t);
    const content = pdfOf(50_000);
    const res = await upload({ url: '/blobs', token: tokenA, tenant: a.id, file: { name: 'knapp.pdf', content } });
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(content.length);
  });

  it('refuses an oversized file even when its type would be refused too', async () => {
    const { a, tokenA } = await twoTenants(t);
    const res = await upload({
      url: '/blobs',
      token: tokenA,
      tenant: a.id,
      file: { name: 'gross.exe', content: Buffer.concat([samples.exe(), randomBytes(80_000)]) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers a browser over real HTTP with the 413 reply, not a broken connection', async () => {
    const { a, tokenA } = await twoTenants(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('tenant', a.id);
    form.append('file', new Blob([pdfOf(2_000_000)], { type: 'application/pdf' }), 'gross.pdf');
    const res = await fetch(`${address}/api/v1/blobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'x-tenant': a.id },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
