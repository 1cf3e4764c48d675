import { existsSync } from 'node:fs';
import { Role } from '@pruefbuch/domain/roles';
import { addInterval } from '@pruefbuch/domain/rules/service-intervals';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { removeFilesAfterGrace } from '../../../test/file-removals';
import { fieldsOf, member } from '../../../test/fixtures/books';
import { blobRow, fileOnDisk, samples, sha256Of, uploader } from '../../../test/fixtures/documents';
import { bookOf, call, draft, FOREIGN, finalized, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';
import { bookings, inspections, pdfAssets } from '../../db/schema/index';

const t = await createTestApp();
const upload = uploader(t);

describe('POST inspections/existingDoc', () => {
  it('makes a finalized expert report with the uploaded PDF, kept as a PDF asset, and moves the schedule', async () => {
    const w = await inspectionWorld(t);
    const pdf = samples.pdf();
    const res = await upload({
      url: '/inspections/existingDoc',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-30), who: 'Dipl.-Ing. Sachverständiger', text: 'Prüfgutachten' },
      file: { name: 'Gutachten Zeil.pdf', content: pdf, contentType: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      kind: 'gutachten',
      when: isoDay(-30),
      who: 'Dipl.-Ing. Sachverständiger',
      isAbnahmeGutachten: false,
      finalized: true,
      finalizedBy: w.user.abbreviation,
      checklist: [],
    });
    const blobId = /^blobs\/([0-9a-f-]{36})\/document\/download$/.exec(r.report)?.[1] ?? '';
    expect(await blobRow(t, blobId)).toMatchObject({ type: 'expert-report', bookId: w.book._id, size: pdf.length });
    const download = await call(t, w)('GET', `/${r.report}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const [asset] = await t.database.db.select().from(pdfAssets).where(eq(pdfAssets.inspectionId, r._id));
    expect(asset).toMatchObject({ kind: 'upload', blobId, fileName: 'Gutachten Zeil.pdf' });
    expect(await bookOf(t, w)).toMatchObject({
      nextInspectionDate: addInterval(isoDay(-30), 12),
      inspectionAmpel: 'green',
      status: 4,
      documents: [],
      inspection: [r._id],
    });
    const edit = await call(t, w)('PUT', `/inspections/${r._id}`, { __v: r.__v, who: 'x' });
    expect(edit.json().code).toBe('FINALIZED');
  });

  it('approves the book for an acceptance report without moving the date', async () => {
    const w = await inspectionWorld(t);
    const res = await upload({
      url: '/inspections/existingDoc',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-3), isAbnahmeGutachten: 'true' },
      file: { name: 'abnahme.pdf', content: samples.pdf() },
    });
    expect(res.json()).toMatchObject({ isAbnahmeGutachten: true });
    expect(await bookOf(t, w)).toMatchObject({ status: 3, nextInspectionDate: null });
  });

  it('refuses a file that is no PDF, a missing file, bad fields and a foreign book; nothing stays behind', async () => {
    const w = await inspectionWorld(t);
    const other = await inspectionWorld(t);
    const send = (fields: Record<string, string>, content: Buffer | null = samples.pdf()) =>
      upload({
        url: '/inspections/existingDoc',
        token: w.user.token,
        tenant: w.tenantId,
        fields: { book: w.book._id, when: isoDay(-1), ...fields },
        ...(content ? { file: { name: 'x.pdf', content } } : {}),
      });
    const png = samples.png();
    const notPdf = await send({}, png);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(existsSync(fileOnDisk(t, sha256Of(png)))).toBe(false);
    expect(fieldsOf(await send({}, null))).toEqual(['file']);
    expect(fieldsOf(await send({ when: '2026-02-30' }))).toEqual(['when']);
    expect(fieldsOf(await send({ when: isoDay(5) }))).toEqual(['when']);
    expect(fieldsOf(await send({ book: 'abc' }))).toEqual(['book']);
    const foreignPdf = samples.pdf();
    expect((await send({ book: other.book._id }, foreignPdf)).statusCode).toBe(404);
    expect(existsSync(fileOnDisk(t, sha256Of(foreignPdf)))).toBe(false);
    expect((await send({ book: FOREIGN })).statusCode).toBe(404);
    expect((await send({ tenant: other.tenantId })).statusCode).toBe(404);
    const json = await call(t, w)('POST', '/inspections/existingDoc', { book: w.book._id });
    expect(json.statusCode).toBe(400);
    const branch = await member(t, Role.ROLE_FILIALE, [w.tenantId]);
    const refused = await upload({
      url: '/inspections/existingDoc',
      token: branch.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-1) },
      file: { name: 'x.pdf', content: samples.pdf() },
    });
    expect(refused.statusCode).toBe(403);
    expect((await bookOf(t, w)).inspection).toEqual([]);
  });
});

describe('DELETE blobs/{id} of a record', () => {
  it('refuses the archived PDF, an uploaded report and the photos of a finalized record; a draft photo may go', async () => {
    const w = await inspectionWorld(t, Role.ADMIN_ROLE);
    const photoOf = async (name: string) =>
      (
        await upload({
          url: '/blobs',
          token: w.user.token,
          tenant: w.tenantId,
          fields: { type: 'defect-photo', book: w.book._id },
          file: { name, content: samples.png() },
        })
      ).json()._id as string;
    const signed = await photoOf('signed.png');
    const loose = await photoOf('loose.png');
    await finalized(t, w, { defects: [{ text: 'Sensor verschmutzt', severity: 'safe', photos: [signed] }] });
    await upload({
      url: '/inspections/existingDoc',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-1) },
      file: { name: 'gutachten.pdf', content: samples.pdf() },
    });
    const assets = await t.database.db.select().from(pdfAssets).where(eq(pdfAssets.bookId, w.book._id));
    expect(assets.map((a) => a.kind).sort()).toEqual(['inspection', 'upload']);
    for (const id of [signed, ...assets.map((a) => a.blobId)]) {
      const res = await call(t, w)('DELETE', `/blobs/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('FINALIZED');
      expect(await blobRow(t, id)).not.toBeNull();
    }
    expect((await call(t, w)('DELETE', `/blobs/${loose}`)).statusCode).toBe(204);
  });
});

describe('DELETE books/{id} with records', () => {
  it('drafts delete their own photos; a book with finalized records is retired with its records and files', async () => {
    const w = await inspectionWorld(t, Role.ADMIN_ROLE, { slots: 3 });
    const photo = samples.png();
    const photoRes = await upload({
      url: '/blobs',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { type: 'defect-photo', book: w.book._id },
      file: { name: 'mangel.png', content: photo },
    });
    expect(photoRes.statusCode).toBe(201);
    const photoId = photoRes.json()._id;
    const withPhoto = await draft(t, w, {
      defects: [{ text: 'Glas gesprungen', severity: 'safe', photos: [photoId] }],
    });
    expect((await call(t, w)('DELETE', `/inspections/${withPhoto._id}`)).statusCode).toBe(204);
    expect(await blobRow(t, photoId)).toBeNull();
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(photo)))).toBe(false);

    const photo2 = samples.png();
    const kept = (
      await upload({
        url: '/blobs',
        token: w.user.token,
        tenant: w.tenantId,
        fields: { type: 'defect-photo', book: w.book._id },
        file: { name: 'mangel2.png', content: photo2 },
      })
    ).json()._id;
    const record = await finalized(t, w, { defects: [{ text: 'Kratzer', severity: 'safe', photos: [kept] }] });
    const report = samples.pdf();
    await upload({
      url: '/inspections/existingDoc',
      token: w.user.token,
      tenant: w.tenantId,
      fields: { book: w.book._id, when: isoDay(-1) },
      file: { name: 'g.pdf', content: report },
    });
    await call(t, w)('POST', `/books/${w.book._id}/inspection`, { firstName: 'Max', lastName: 'Muster' });
    // Finalized records are kept for the retention period: the delete retires the book (decision 059), with its
    // records, bookings and files; the daily purge removes them once the period is over (retention.test.ts).
    const retired = await call(t, w)('DELETE', `/books/${w.book._id}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ outcome: 'retired' });
    const db = t.database.db;
    expect((await db.select().from(inspections).where(eq(inspections.bookId, w.book._id))).length).toBeGreaterThan(1);
    expect(await db.select().from(bookings).where(eq(bookings.bookId, w.book._id))).not.toEqual([]);
    expect(await blobRow(t, kept)).not.toBeNull();
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(photo2)))).toBe(true);
    expect(existsSync(fileOnDisk(t, sha256Of(report)))).toBe(true);
    expect((await call(t, w)('GET', `/inspections/${record._id}`)).statusCode).toBe(200);
  });

  it('deletes a book whose records were never finalized with its drafts, bookings and their photos', async () => {
    const w = await inspectionWorld(t, Role.ADMIN_ROLE, { slots: 3 });
    const photo = samples.png();
    const photoId = (
      await upload({
        url: '/blobs',
        token: w.user.token,
        tenant: w.tenantId,
        fields: { type: 'defect-photo', book: w.book._id },
        file: { name: 'mangel3.png', content: photo },
      })
    ).json()._id;
    await draft(t, w, { defects: [{ text: 'Sensor lose', severity: 'safe', photos: [photoId] }] });
    await call(t, w)('POST', `/books/${w.book._id}/inspection`, { firstName: 'Max', lastName: 'Muster' });
    expect((await call(t, w)('DELETE', `/books/${w.book._id}`)).statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select().from(inspections).where(eq(inspections.bookId, w.book._id))).toEqual([]);
    expect(await db.select().from(bookings).where(eq(bookings.bookId, w.book._id))).toEqual([]);
    expect(await blobRow(t, photoId)).toBeNull();
    await removeFilesAfterGrace(t);
    expect(existsSync(fileOnDisk(t, sha256Of(photo)))).toBe(false);
  });
});
