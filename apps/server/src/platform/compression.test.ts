/**
 * Compressed replies (issue 30 item 4, decision 045): JSON over 1 KB in brotli or gzip as the client
 * accepts, the same JSON once decoded; small replies, clients that accept neither and compressed
 * formats as they are. The order page is the demo's, so its size is that of realistic orders.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { books, tenants } from '../db/schema/index';
import { seedDemo } from '../demo/seed';
import { COMPRESS_THRESHOLD } from './compression';

describe('compressed replies', () => {
  let t: TestApp;
  let token: string;
  let tenant: string;
  const page = (headers: Record<string, string>) =>
    t.api({ method: 'GET', url: '/orders/getVkidOrders/all?page=1&size=20', token, tenant, headers });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    tenant = row?.id as string;
    token = (await t.login('admin@demo.test', 'pruefbuch')).token;
  }, 60_000);

  it('sends a 20-row order page in brotli when accepted, at most 10 KB, the same JSON once decoded', async () => {
    const plain = await page({ 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { docs: unknown[] }).docs).toHaveLength(20);

    const br = await page({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThanOrEqual(10 * 1024);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    console.log(`order page of 20: ${plain.rawPayload.length} bytes, ${br.rawPayload.length} in brotli`);
  });

  it('sends gzip to a client that accepts only gzip, and nothing compressed to one that accepts neither', async () => {
    const plain = await page({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await page({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await page({ 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves a reply under 1 KB as it is', async () => {
    const res = await t.api({
      method: 'GET',
      url: '/orders/countVkidOrders/all',
      token,
      tenant,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a PDF as it is (a compressed format already)', async () => {
    const [book] = await t.database.db.select({ id: books.id }).from(books).where(eq(books.tenantId, tenant)).limit(1);
    const pdf = await t.api({
      method: 'GET',
      url: `/books/${book?.id}/exportPdf`,
      token,
      tenant,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
