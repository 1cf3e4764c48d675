import { randomUUID } from 'node:crypto';
import { Role } from '@pruefbuch/domain/roles';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member } from '../../test/fixtures/books';
import { multipart, samples, sha256Of } from '../../test/fixtures/documents';
import { inspectionWorld, isoDay, type World } from '../../test/fixtures/inspections';
import { qrCodeOf } from '../../test/fixtures/qr';
import { createTestApp } from '../../test/helper';
import { blobs, defectReports, idempotencyKeys, inspections } from '../db/schema/index';
import { IDEMPOTENCY_KEEP_DAYS, purgeIdempotencyKeys, requestHash } from './idempotency';

const t = await createTestApp();
const db = t.database.db;

const post = (w: World, url: string, payload: object, key?: string, token = w.user.token) =>
  t.api({
    method: 'POST',
    url,
    token,
    tenant: w.tenantId,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const upload = (w: World, url: string, fields: Record<string, string>, content: Buffer, key?: string) => {
  const body = multipart(fields, { name: 'Gutachten.pdf', content, contentType: 'application/pdf' });
  return t.api({
    method: 'POST',
    url,
    token: w.user.token,
    tenant: w.tenantId,
    payload: body.payload,
    headers: { ...body.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
};

const recordsOf = async (w: World) =>
  (await db.select({ n: count() }).from(inspections).where(eq(inspections.bookId, w.book._id)))[0]?.n ?? 0;
const blobsOf = async (w: World) =>
  (await db.select({ n: count() }).from(blobs).where(eq(blobs.tenantId, w.tenantId)))[0]?.n ?? 0;

describe('Idempotency-Key on POST inspections and selfinspections', () => {
  it('answers a repeat of the key with the same reply and makes one record', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    const body = { book: w.book._id, kind: 'wartung', when: isoDay(-1), who: 'Tobias Techniker' };
    const first = await post(w, '/inspections', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(w, '/inspections', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await recordsOf(w)).toBe(1);
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ tenantId: w.tenantId, userId: w.user.id, statusCode: 201 });
  });

  it('refuses a different body under the same key with 422 IDEMPOTENCY_KEY_REUSED, writing nothing', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    const body = { book: w.book._id, kind: 'wartung', when: isoDay(-1) };
    expect((await post(w, '/inspections', body, key)).statusCode).toBe(201);
    const other = await post(w, '/inspections', { ...body, when: isoDay(-2) }, key, w.user.token);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same body to another route is another request too.
    const self = await post(w, '/selfinspections', { book: w.book._id, when: isoDay(-1) }, key);
    expect(self.statusCode).toBe(422);
    expect(await recordsOf(w)).toBe(1);
  });

  it('takes requests without a key as before, and the same body with a new key as a new record', async () => {
    const w = await inspectionWorld(t);
    const body = { book: w.book._id, when: isoDay(-1) };
    expect((await post(w, '/selfinspections', body)).statusCode).toBe(201);
    expect((await post(w, '/selfinspections', body)).statusCode).toBe(201);
    expect((await post(w, '/selfinspections', body, randomUUID())).statusCode).toBe(201);
    expect(await recordsOf(w)).toBe(3);
  });

  it('keeps the keys of two users apart: the same key is a new request for another user', async () => {
    const w = await inspectionWorld(t);
    const colleague = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    const key = randomUUID();
    const body = { book: w.book._id, kind: 'inspection', when: isoDay(-1) };
    const mine = await post(w, '/inspections', body, key);
    const theirs = await post(w, '/inspections', body, key, colleague.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json()._id).not.toBe(mine.json()._id);
    expect(await recordsOf(w)).toBe(2);
  });

  it('stores no key for a refused request: its repeat runs again', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    // A correction of a draft is refused (409) after the key was claimed in the write's transaction.
    const draft = (await post(w, '/inspections', { book: w.book._id, kind: 'inspection', when: isoDay(-1) })).json();
    const body = { book: w.book._id, kind: 'inspection', when: isoDay(-1), corrects: draft._id };
    expect((await post(w, '/inspections', body, key)).statusCode).toBe(409);
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toBeUndefined();
    const again = await post(w, '/inspections', body, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers a malformed key with 400 naming the header', async () => {
    const w = await inspectionWorld(t);
    const body = { book: w.book._id, when: isoDay(-1) };
    for (const key of ['kurz', 'x'.repeat(129), 'mit leerzeichen 123', 'ümlaut-schlüssel']) {
      const res = await post(w, '/selfinspections', body, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().details).toEqual([
        expect.objectContaining({ field: 'idempotency-key', key: 'errors.IDEMPOTENCY_KEY_INVALID' }),
      ]);
    }
    expect(await recordsOf(w)).toBe(0);
  });

  it('lets concurrent repeats of a key wait for the first: one record, the same reply', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    const body = { book: w.book._id, kind: 'wartung', when: isoDay(-1) };
    const replies = await Promise.all([1, 2, 3].map(() => post(w, '/inspections', body, key)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(replies.map((r) => r.json()._id));
    expect(ids.size).toBe(1);
    expect(await recordsOf(w)).toBe(1);
  });
});

describe('Idempotency-Key on uploads', () => {
  it('stores one blob for a repeated upload and replays its reply; another file under the key is a 422', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    const pdf = samples.pdf();
    const first = await upload(w, '/blobs', { book: w.book._id }, pdf, key);
    expect(first.statusCode).toBe(201);
    const again = await upload(w, '/blobs', { book: w.book._id }, pdf, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await blobsOf(w)).toBe(1);
    const otherFile = await upload(w, '/blobs', { book: w.book._id }, Buffer.concat([pdf, Buffer.from('\n')]), key);
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherField = await upload(w, '/blobs', { book: w.book._id, type: 'image' }, pdf, key);
    expect(otherField.statusCode).toBe(422);
    expect(await blobsOf(w)).toBe(1);
  });

  it('makes one expert report of a repeated existingDoc upload', async () => {
    const w = await inspectionWorld(t);
    const key = randomUUID();
    const fields = { book: w.book._id, when: isoDay(-3), who: 'Dipl.-Ing. Sachverständiger' };
    const pdf = samples.pdf();
    const first = await upload(w, '/inspections/existingDoc', fields, pdf, key);
    expect(first.statusCode).toBe(201);
    const again = await upload(w, '/inspections/existingDoc', fields, pdf, key);
    expect(again.json()).toEqual(first.json());
    expect(await recordsOf(w)).toBe(1);
    expect(await blobsOf(w)).toBe(1);
  });

  it('hashes a form by its fields and the sha256 of each file', () => {
    const pdf = samples.pdf();
    const a = requestHash('POST', '/api/v1/blobs', {
      fields: { book: 'x' },
      files: [{ field: 'file', sha256: sha256Of(pdf) }],
    });
    const b = requestHash('POST', '/api/v1/blobs', {
      files: [{ field: 'file', sha256: sha256Of(pdf) }],
      fields: { book: 'x' },
    });
    expect(a).toBe(b);
    expect(requestHash('POST', '/api/v1/blobs', { fields: { book: 'y' }, files: [] })).not.toBe(a);
  });
});

describe('Idempotency-Key on the public defect report', () => {
  it('keeps one report for a repeated submission of a QR page', async () => {
    const w = await inspectionWorld(t);
    const code = await qrCodeOf(t, w);
    const key = randomUUID();
    const payload = { text: 'Tür schließt nicht mehr vollständig', name: 'Hausmeister Keller' };
    const send = () =>
      t.api({ method: 'POST', url: `/public/qr/${code}/defects`, payload, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const reports = await db.select().from(defectReports).where(eq(defectReports.bookId, w.book._id));
    expect(reports).toHaveLength(1);
  });
});

describe('purgeIdempotencyKeys', () => {
  it(`removes keys older than ${IDEMPOTENCY_KEEP_DAYS} days and keeps the others`, async () => {
    const w = await inspectionWorld(t);
    const [old, fresh] = [randomUUID(), randomUUID()];
    for (const key of [old, fresh]) {
      await post(w, '/selfinspections', { book: w.book._id, when: isoDay(-1) }, key);
    }
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - (IDEMPOTENCY_KEEP_DAYS + 1) * 86_400_000) })
      .where(eq(idempotencyKeys.key, old));
    const { purged } = await purgeIdempotencyKeys(db);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, w.tenantId)));
    expect(left.map((r) => r.key)).toEqual([fresh]);
  });
});
