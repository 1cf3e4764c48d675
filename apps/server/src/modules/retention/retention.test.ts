import { Readable } from 'node:stream';
import { Role } from '@pruefbuch/domain/roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertBook,
  insertInspection,
  insertLocation,
  insertOffer,
  insertOrder,
  insertQrCode,
  linkBooks,
} from '../../../test/factories';
import { insertBlob, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import {
  auditLogs,
  blobs,
  books,
  customerLocations,
  fileRemovals,
  inspections,
  offerFiles,
  pdfAssets,
  tenants,
} from '../../db/schema/index';
import { removeExpiredFiles } from '../offers/offers.files';
import { runRetention } from './retention.purge';

/** Decision 059: a delete retires a book with finalized records; legal holds; the retention run's purge. */
const t = await createTestApp();
const db = t.database.db;
const YEAR = 365.25 * 86_400_000;

async function world() {
  const tenant = await t.createTenant(`Aufbewahrung ${tag()}`);
  const admin = await member(t, Role.ADMIN_ROLE, [tenant.id]);
  const standard = await member(t, Role.STANDARD_ROLE, [tenant.id]);
  const call = (who: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.api({ method, url, token: who.token, tenant: tenant.id, ...(payload ? { payload } : {}) });
  return { tenant, tenantId: tenant.id, admin, standard, call };
}
type World = Awaited<ReturnType<typeof world>>;

/** A book of the tenant with a finalized record (or only a draft). */
async function bookWith(
  w: World,
  record: 'finalized' | 'draft' | 'none',
  fields: Partial<typeof books.$inferInsert> = {},
) {
  const book = await insertBook(db, w.tenantId, { title: `Drehtür ${tag()}`, customer: 'Städel Museum', ...fields });
  if (record !== 'none') {
    await insertInspection(db, book, record === 'finalized' ? { finalizedAt: new Date(), when: '2025-05-02' } : {});
  }
  return book;
}

/** Marks a book retired `years` ago (as if a delete had retired it then). */
const retiredYearsAgo = (bookId: string, years: number) =>
  db
    .update(books)
    .set({ retiredAt: new Date(Date.now() - years * YEAR) })
    .where(eq(books.id, bookId));

const listTitles = async (w: World, who: { token: string }, search = '') =>
  (
    (await w.call(who, 'GET', `/books?size=100${search ? `&search=${encodeURIComponent(search)}` : ''}`)).json() as {
      docs: { title: string }[];
    }
  ).docs.map((d) => d.title);

describe('DELETE books/{id}', () => {
  it('deletes a book whose records were never finalized, as before (204)', async () => {
    const w = await world();
    const book = await bookWith(w, 'draft');
    const res = await w.call(w.standard, 'DELETE', `/books/${book.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await db.select().from(books).where(eq(books.id, book.id))).toEqual([]);
    expect(await db.select().from(inspections).where(eq(inspections.bookId, book.id))).toEqual([]);
    expect((await w.call(w.admin, 'GET', '/retention/books')).json().docs).toEqual([]);
  });

  it('retires a book with finalized records: gone from lists, searches and counts, readable and restorable by admins', async () => {
    const w = await world();
    const book = await bookWith(w, 'finalized', { glasbocknr: `GB-${tag()}` });
    const other = await bookWith(w, 'none');
    const order = await insertOrder(db, w.tenantId, {}, { bookId: book.id, bookSerial: book.glasbocknr });
    const code = await insertQrCode(db, book);

    const res = await w.call(w.standard, 'DELETE', `/books/${book.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'retired' });
    // The row, its record and its code stay.
    expect(await db.select().from(inspections).where(eq(inspections.bookId, book.id))).toHaveLength(1);

    expect(await listTitles(w, w.standard)).toEqual([other.title]);
    expect(await listTitles(w, w.admin, book.title)).toEqual([]);
    expect((await w.call(w.standard, 'GET', '/books/statistics')).json().total).toBe(1);
    expect((await w.call(w.standard, 'GET', `/books/${book.id}`)).statusCode).toBe(404);
    expect((await w.call(w.standard, 'GET', `/books/dto/${book.id}`)).statusCode).toBe(404);
    expect((await w.call(w.standard, 'GET', `/books/${book.id}/inspection`)).statusCode).toBe(404);
    expect((await w.call(w.standard, 'PUT', `/books/updateSpezial/${book.id}`, { active: false })).statusCode).toBe(
      404,
    );
    expect((await w.call(w.standard, 'GET', `/qr/${code.code}`)).statusCode).toBe(404);
    // The order no longer finds the book by its serial number.
    const [kept] = await db.select({ serial: books.glasbocknr }).from(books).where(eq(books.id, book.id));
    expect(kept?.serial).toBe(book.glasbocknr);
    expect((await w.call(w.standard, 'GET', `/orders/${order.id}`)).statusCode).toBe(200);

    // Admins read it, its records, and find it under 'Stillgelegt'.
    const read = await w.call(w.admin, 'GET', `/books/${book.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().retiredAt).toBeTruthy();
    expect((await w.call(w.admin, 'GET', `/books/${book.id}/inspection`)).json()).toHaveLength(1);
    const retired = (await w.call(w.admin, 'GET', '/retention/books')).json();
    expect(retired.retentionYears).toBe(10);
    expect(retired.docs).toEqual([
      expect.objectContaining({ _id: book.id, title: book.title, finalizedRecords: 1, hold: null }),
    ]);
    expect(retired.docs[0].keptUntil.slice(0, 4)).toBe(String(new Date().getFullYear() + 10));
    expect((await w.call(w.standard, 'GET', '/retention/books')).statusCode).toBe(403);
    expect((await w.call(w.standard, 'POST', `/books/${book.id}/restore`)).statusCode).toBe(403);

    // Restored: back in every list, the protocol says when it was retired and restored.
    const restored = await w.call(w.admin, 'POST', `/books/${book.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ _id: book.id, retiredAt: null });
    expect((await listTitles(w, w.standard)).sort()).toEqual([book.title, other.title].sort());
    expect((await w.call(w.standard, 'GET', `/qr/${code.code}`)).statusCode).toBe(200);
    expect((await w.call(w.admin, 'POST', `/books/${book.id}/restore`)).statusCode).toBe(404);
    const protocol = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, book.id), eq(auditLogs.field, 'retiredAt')));
    expect(protocol.map((r) => [r.oldValue === null, r.newValue === null]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it("takes a retired book out of its branch's counts and ampel, and back on restore", async () => {
    const w = await world();
    const book = await bookWith(w, 'finalized', { inspectionAmpel: 'red', nextInspectionDate: '2020-01-01' });
    const location = await insertLocation(db, w.tenantId);
    await linkBooks(db, location.id, [book.id]);
    const stored = async () =>
      (await db.select().from(customerLocations).where(eq(customerLocations.id, location.id)))[0];
    expect(await stored()).toMatchObject({ bookCount: 1, overdueCount: 1, inspectionRank: 3 });
    await w.call(w.standard, 'DELETE', `/books/${book.id}`);
    expect(await stored()).toMatchObject({ bookCount: 0, overdueCount: 0, inspectionRank: 0 });
    await w.call(w.admin, 'POST', `/books/${book.id}/restore`);
    expect(await stored()).toMatchObject({ bookCount: 1, overdueCount: 1, inspectionRank: 3 });
  });

  it('retires a book under a legal hold even without finalized records', async () => {
    const w = await world();
    const book = await bookWith(w, 'draft');
    const hold = await w.call(w.admin, 'POST', '/retention/holds', { book: book.id, reason: 'Rechtsstreit' });
    expect(hold.statusCode).toBe(201);
    expect((await w.call(w.standard, 'DELETE', `/books/${book.id}`)).statusCode).toBe(200);
    expect(await db.select({ id: books.id }).from(books).where(eq(books.id, book.id))).toHaveLength(1);
  });
});

describe("a retired book's PDFs", () => {
  it('are read by admins only: the exports, the expert report and the archived PDFs are a 404 for others', async () => {
    const w = await world();
    const book = await bookWith(w, 'finalized');
    const report = await insertInspection(db, book, { kind: 'gutachten', finalizedAt: new Date(), when: '2025-06-03' });
    const stored = await t.app.deps.files.put(Readable.from([Buffer.from('%PDF-1.7 archived report')]));
    const blob = await insertBlob(t, w.tenantId, book.id, stored.sha256);
    await db.insert(pdfAssets).values({
      tenantId: w.tenantId,
      bookId: book.id,
      inspectionId: report.id,
      blobId: blob.id,
      kind: 'inspection',
      fileName: 'pruefgutachten.pdf',
    });
    const urls = [
      `/books/${book.id}/exportPdf`,
      `/books/${book.id}/exportPdfShrink`,
      `/inspections/preInspectionPdf/${book.id}`,
      `/books/${book.id}/gutachtenPdf/${report.id}`,
      `/inspections/inspectionPdf/${blob.id}`,
    ];
    const statuses = async (who: { token: string }) =>
      Promise.all(urls.map(async (url) => (await w.call(who, 'GET', url)).statusCode));
    expect(await statuses(w.standard)).toEqual([200, 200, 200, 200, 200]);

    expect((await w.call(w.standard, 'DELETE', `/books/${book.id}`)).statusCode).toBe(200);
    expect(await statuses(w.standard)).toEqual([404, 404, 404, 404, 404]);
    expect(await statuses(w.admin)).toEqual([200, 200, 200, 200, 200]);

    await w.call(w.admin, 'POST', `/books/${book.id}/restore`);
    expect(await statuses(w.standard)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('legal holds', () => {
  it('are set and lifted by admins only, on a book or a customer, once each, with the protocol', async () => {
    const w = await world();
    const book = await bookWith(w, 'none');
    expect((await w.call(w.standard, 'POST', '/retention/holds', { customer: 'X', reason: 'y' })).statusCode).toBe(403);
    const both = await w.call(w.admin, 'POST', '/retention/holds', { book: book.id, customer: 'X', reason: 'y' });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual([expect.objectContaining({ field: 'customer' })]);
    const neither = await w.call(w.admin, 'POST', '/retention/holds', { reason: 'y' });
    expect(neither.statusCode).toBe(400);
    const noReason = await w.call(w.admin, 'POST', '/retention/holds', { customer: 'Städel Museum', reason: ' ' });
    expect(noReason.json().details).toEqual([expect.objectContaining({ field: 'reason' })]);

    const onCustomer = await w.call(w.admin, 'POST', '/retention/holds', {
      customer: '  Städel   Museum ',
      reason: 'Beweissicherung',
    });
    expect(onCustomer.statusCode).toBe(201);
    expect(onCustomer.json()).toMatchObject({ customer: 'Städel Museum', book: null, reason: 'Beweissicherung' });
    const twice = await w.call(w.admin, 'POST', '/retention/holds', { customer: 'städel museum', reason: 'z' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'LEGAL_HOLD_EXISTS']);
    const onBook = await w.call(w.admin, 'POST', '/retention/holds', { book: book.id, reason: 'Gutachten' });
    expect(onBook.json()).toMatchObject({ book: book.id, bookTitle: book.title });

    const foreign = await t.createTenant(`Fremd ${tag()}`);
    const foreignBook = await insertBook(db, foreign.id);
    expect((await w.call(w.admin, 'POST', '/retention/holds', { book: foreignBook.id, reason: 'x' })).statusCode).toBe(
      404,
    );

    expect((await w.call(w.admin, 'GET', '/retention/holds')).json()).toHaveLength(2);
    expect((await w.call(w.admin, 'DELETE', `/retention/holds/${onBook.json()._id}`)).statusCode).toBe(204);
    expect((await w.call(w.admin, 'DELETE', `/retention/holds/${onBook.json()._id}`)).statusCode).toBe(404);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, book.id), eq(auditLogs.field, 'legalHold')));
    expect(rows.map((r) => [r.oldValue, r.newValue])).toHaveLength(2);
    expect(rows.map((r) => [r.oldValue, r.newValue])).toEqual(
      expect.arrayContaining([
        ['Gutachten', null],
        [null, 'Gutachten'],
      ]),
    );
  });
});

describe('the retention run', () => {
  const run = (w: World, now?: Date) =>
    runRetention(db, { graceHours: t.config.fileRemovalGraceHours, tenantId: w.tenantId, now });

  it('purges a retired book past its retention whole: rows, files and a protocol row', async () => {
    const w = await world();
    const old = await bookWith(w, 'finalized', { glasbocknr: 'GB-4711' });
    const young = await bookWith(w, 'finalized');
    const inService = await bookWith(w, 'finalized');
    await db
      .update(books)
      .set({ createdAt: new Date(Date.now() - 20 * YEAR) })
      .where(eq(books.id, inService.id));
    const sha = 'b'.repeat(64);
    await insertBlob(t, w.tenantId, old.id, sha);
    await retiredYearsAgo(old.id, 10.1);
    await retiredYearsAgo(young.id, 9.9);

    expect(await run(w)).toEqual({ due: 1, purged: 1, held: 0 });
    expect(await db.select().from(books).where(eq(books.id, old.id))).toEqual([]);
    expect(await db.select().from(inspections).where(eq(inspections.bookId, old.id))).toEqual([]);
    expect(await db.select().from(blobs).where(eq(blobs.bookId, old.id))).toEqual([]);
    expect(await db.select().from(fileRemovals).where(eq(fileRemovals.sha256, sha))).toHaveLength(1);
    expect(await db.select({ id: books.id }).from(books).where(eq(books.id, young.id))).toHaveLength(1);
    expect(await db.select({ id: books.id }).from(books).where(eq(books.id, inService.id))).toHaveLength(1);
    const purges = (await w.call(w.admin, 'GET', '/retention/purges')).json();
    expect(purges).toEqual([expect.objectContaining({ book: old.id })]);
    expect(purges[0].summary).toContain(old.title);
    expect(purges[0].summary).toContain('GB-4711');
    // Nothing more to do.
    expect(await run(w)).toEqual({ due: 0, purged: 0, held: 0 });
  });

  it("follows the tenant's retention years, which only admins change", async () => {
    const w = await world();
    const book = await bookWith(w, 'finalized');
    await retiredYearsAgo(book.id, 3);
    expect((await run(w)).purged).toBe(0);
    const tenant = (await w.call(w.admin, 'GET', `/tenants/${w.tenantId}`)).json();
    const listAdmin = await member(t, Role.LIST_ADMIN_ROLE, [w.tenantId]);
    const refused = await w.call(listAdmin, 'PUT', `/tenants/${w.tenantId}`, { ...tenant, retentionYears: 2 });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FIELD_NOT_PERMITTED']);
    expect(
      (await w.call(listAdmin, 'PUT', `/tenants/${w.tenantId}`, { ...tenant, name: 'Umbenannt' })).statusCode,
    ).toBe(200);
    const tooShort = await w.call(w.admin, 'PUT', `/tenants/${w.tenantId}`, { ...tenant, __v: 1, retentionYears: 0 });
    expect(tooShort.json().details).toEqual([expect.objectContaining({ field: 'retentionYears' })]);
    const set = await w.call(w.admin, 'PUT', `/tenants/${w.tenantId}`, { ...tenant, __v: 1, retentionYears: 2 });
    expect(set.json().retentionYears).toBe(2);
    expect((await run(w)).purged).toBe(1);
  });

  it('leaves a book alone while a hold names it or its customer, and purges it once the holds are lifted', async () => {
    const w = await world();
    const book = await bookWith(w, 'finalized', { customer: 'Kurhaus Wiesbaden' });
    await retiredYearsAgo(book.id, 12);
    const onBook = await w.call(w.admin, 'POST', '/retention/holds', { book: book.id, reason: 'Rechtsstreit' });
    const onCustomer = await w.call(w.admin, 'POST', '/retention/holds', {
      customer: 'kurhaus wiesbaden',
      reason: 'Prüfung',
    });
    expect(await run(w)).toEqual({ due: 1, purged: 0, held: 1 });
    expect((await w.call(w.admin, 'GET', '/retention/books')).json().docs[0].hold).toBe('book');
    await w.call(w.admin, 'DELETE', `/retention/holds/${onBook.json()._id}`);
    expect(await run(w)).toEqual({ due: 1, purged: 0, held: 1 });
    expect((await w.call(w.admin, 'GET', '/retention/books')).json().docs[0].hold).toBe('customer');
    await w.call(w.admin, 'DELETE', `/retention/holds/${onCustomer.json()._id}`);
    expect(await run(w)).toEqual({ due: 1, purged: 1, held: 0 });
  });

  it('purges once when two processes run it at the same time', async () => {
    const w = await world();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const book = await bookWith(w, 'finalized');
      await retiredYearsAgo(book.id, 11);
      ids.push(book.id);
    }
    const [a, b] = await Promise.all([run(w), run(w)]);
    expect((a?.purged ?? 0) + (b?.purged ?? 0)).toBe(4);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, w.tenantId), eq(auditLogs.field, 'retentionPurge')));
    expect(rows.map((r) => r.entityId).sort()).toEqual(ids.sort());
  });
});

describe("the offers' purge of attachments past their deletion date", () => {
  async function offerWithFile(w: World, fields: { debitor?: string }, row: { sourceBookId?: string } = {}) {
    const offer = await insertOffer(db, w.tenantId, { deleteFilesDate: '2026-01-01', ...fields }, row);
    const [blob] = await db
      .insert(blobs)
      .values({
        tenantId: w.tenantId,
        sha256: 'c'.repeat(64),
        size: 3,
        contentType: 'application/pdf',
        fileName: 'Anhang.pdf',
        type: 'offer-attachment',
      })
      .returning();
    await db.insert(offerFiles).values({ offerId: offer.id, blobId: blob?.id ?? '' });
    return offer;
  }
  const purge = (w: World) =>
    removeExpiredFiles(db, t.config.fileRemovalGraceHours, '2026-02-01', { tenantId: w.tenantId });

  it('keeps them while a hold names the debitor, the book it came from, or the book made from its order', async () => {
    const w = await world();
    const byDebitor = await offerWithFile(w, { debitor: 'FrischeMarkt GmbH & Co. KG' });
    const book = await bookWith(w, 'none', { customer: 'Messe Frankfurt Venue GmbH' });
    const fromBook = await offerWithFile(w, {}, { sourceBookId: book.id });
    const made = await bookWith(w, 'none', { customer: 'Sparkasse Wiesbaden' });
    const ordered = await offerWithFile(w, {});
    await insertOrder(db, w.tenantId, {}, { offerId: ordered.id, bookId: made.id });
    const free = await offerWithFile(w, { debitor: 'Hessenkauf Lebensmittel GmbH' });

    const holds = await Promise.all([
      w.call(w.admin, 'POST', '/retention/holds', { customer: 'frischemarkt gmbh & co. kg', reason: 'a' }),
      w.call(w.admin, 'POST', '/retention/holds', { customer: 'Messe Frankfurt Venue GmbH', reason: 'b' }),
      w.call(w.admin, 'POST', '/retention/holds', { book: made.id, reason: 'c' }),
    ]);
    expect(holds.map((h) => h.statusCode)).toEqual([201, 201, 201]);
    expect(await purge(w)).toBe(1);
    const left = async (offerId: string) =>
      (await db.select().from(offerFiles).where(eq(offerFiles.offerId, offerId))).length;
    expect([await left(byDebitor.id), await left(fromBook.id), await left(ordered.id), await left(free.id)]).toEqual([
      1, 1, 1, 0,
    ]);
    for (const h of holds) await w.call(w.admin, 'DELETE', `/retention/holds/${h.json()._id}`);
    expect(await purge(w)).toBe(3);
  });
});

describe('tenants', () => {
  it('default to 10 years of retention', async () => {
    const w = await world();
    const [row] = await db.select().from(tenants).where(eq(tenants.id, w.tenantId));
    expect(row?.retentionYears).toBe(10);
  });
});
