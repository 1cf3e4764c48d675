import { Role } from '@pruefbuch/domain/roles';
import { OFFLINE_DAY } from '@pruefbuch/domain/rules/offline-day';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import { type OfflineDay, offlineDayReply } from '@pruefbuch/domain/schemas/offline';
import { describe, expect, it } from 'vitest';
import { insertLocation, linkBooks } from '../../../test/factories';
import { branchMember, insertBlob, insertBooks, member, SLIDING_DOOR_TYPE, tag } from '../../../test/fixtures/books';
import { call, complete, draft, finalized, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';
import { bookings, folders, qrCodes, userTenants } from '../../db/schema/index';

const t = await createTestApp();

const book = (userId: string, bookId: string, tenantId: string) =>
  t.database.db.insert(bookings).values({ tenantId, bookId, userId, firstName: 'Tobias', lastName: 'Techniker' });

describe('GET offline/day', () => {
  it("answers the books of the user's drafts and bookings of today and the next days, with checklists, last records, documents and QR codes", async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE);
    for (const days of [-40, -30, -20, -10]) await finalized(t, w, { when: isoDay(days) });
    await draft(t, w, { kind: 'wartung', when: isoDay(-1) });
    await insertBlob(t, w.tenantId, w.book._id);
    const code = `q${tag()}`;
    await t.database.db.insert(qrCodes).values({ tenantId: w.tenantId, bookId: w.book._id, code });

    const [today, soon, later, past, notMine] = await insertBooks(t, w.tenantId, [
      { title: 'Heute', enableFrom: isoDay(-1), enableTo: isoDay(2), bookTypeId: SLIDING_DOOR_TYPE },
      { title: 'Bald', enableFrom: isoDay(3) },
      { title: 'Später', enableFrom: isoDay(OFFLINE_DAY.daysAhead + 3) },
      { title: 'Vorbei', enableFrom: isoDay(-10), enableTo: isoDay(-3) },
      { title: 'Nicht meins' },
    ]);
    for (const b of [today, soon, later, past]) await book(w.user.id, b?.id as string, w.tenantId);
    const colleague = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    await book(colleague.id, notMine?.id as string, w.tenantId);

    // Another tenant of the same user: its booking never shows in this tenant's day.
    const other = await t.createTenant(`Fremdmandant ${tag()}`);
    await t.database.db.insert(userTenants).values({ userId: w.user.id, tenantId: other.id });
    const [foreign] = await insertBooks(t, other.id, [{ title: 'Fremd' }]);
    await book(w.user.id, foreign?.id as string, other.id);

    const res = await call(t, w)('GET', '/offline/day');
    expect(res.statusCode).toBe(200);
    const day = offlineDayReply.parse(res.json());
    expect(day.tenantId).toBe(w.tenantId);
    expect(day.books.map((b) => [b.title, b.reason])).toEqual([
      [w.book.title, 'draft'],
      ['Heute', 'today'],
      ['Bald', 'soon'],
    ]);
    expect(day).toMatchObject({ maxBooks: OFFLINE_DAY.maxBooks, overCap: 0, daysAhead: OFFLINE_DAY.daysAhead });
    const first = day.books[0] as OfflineDay['books'][number];
    expect(first.records.map((r) => r.when)).toEqual([isoDay(-10), isoDay(-20), isoDay(-30)]);
    expect(first.records[0]).toMatchObject({ kind: 'inspection', defects: 0 });
    expect(first.documents).toEqual([
      expect.objectContaining({ fileName: 'a.pdf', contentType: 'application/pdf', size: 3 }),
    ]);
    expect(first.qrCodes).toEqual([code]);
    expect(first.checklist.length).toBeGreaterThan(0);
    expect(first.selfChecklist.length).toBeGreaterThan(0);
    expect(JSON.stringify(day)).not.toContain('sha256');
  });

  it("carries the user's own open records whole, with __v, checklist and signature; not a colleague's, not finalized ones", async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    const api = call(t, w);
    const started = await draft(t, w, { when: isoDay(-2) });
    const put = await api('PUT', `/inspections/${started._id}`, complete(started, { text: 'halb fertig' }));
    expect(put.statusCode).toBe(200);
    const mine = put.json() as Inspection;
    expect(mine.__v).toBeGreaterThan(started.__v);
    const mineSelf = await draft(t, w, { kind: 'self', when: isoDay(-1) });
    const done = await finalized(t, w, { when: isoDay(-3) });
    const colleague = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    const theirs = await draft(t, w, { when: isoDay(-1) }, colleague.token);

    const res = await api('GET', '/offline/day');
    expect(res.statusCode).toBe(200);
    const day = offlineDayReply.parse(res.json());
    expect(day.books.map((b) => b._id)).toEqual([w.book._id]);
    const drafts = (day.books[0] as OfflineDay['books'][number]).drafts;
    // Each as GET inspections/{id} (selfinspections/{id}) answers it: the web sends a PUT with its __v.
    const whole = [
      (await api('GET', `/inspections/${mine._id}`)).json(),
      (await api('GET', `/selfinspections/${mineSelf._id}`)).json(),
    ];
    expect(drafts).toEqual(whole);
    expect(drafts[0]).toMatchObject({ __v: mine.__v, text: 'halb fertig', finalized: false, createdBy: w.user.id });
    expect(drafts[0]?.checklist).toEqual(mine.checklist);
    expect(drafts[0]?.checklist.length).toBeGreaterThan(0);
    expect(drafts[0]?.inspectorSignature?.image).toMatch(/^data:image\/png;base64,/);
    const ids = drafts.map((d) => d._id);
    expect(ids).not.toContain(theirs._id);
    expect(ids).not.toContain(done._id);
  });

  it('caps the day and says how many books it left out', async () => {
    const w = await inspectionWorld(t, Role.STANDARD_ROLE);
    const rows = await insertBooks(
      t,
      w.tenantId,
      Array.from({ length: OFFLINE_DAY.maxBooks + 2 }, (_, i) => ({ title: `Tür ${i}` })),
    );
    await t.database.db
      .insert(bookings)
      .values(rows.map((r) => ({ tenantId: w.tenantId, bookId: r.id, userId: w.user.id })));
    const day = (await call(t, w)('GET', '/offline/day')).json() as OfflineDay;
    expect(day.books).toHaveLength(OFFLINE_DAY.maxBooks);
    expect(day.overCap).toBe(2);
  });

  it('answers the service technician, and refuses branch users and calls without a tenant', async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    expect((await call(t, w)('GET', '/offline/day')).statusCode).toBe(200);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    expect((await call(t, w)('GET', '/offline/day', undefined, branch.token)).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/offline/day', token: w.user.token })).statusCode).toBe(400);
  });

  it('takes a chosen folder or branch instead of the bookings: drafts first, then its books by title, none retired', async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    await draft(t, w, { kind: 'wartung' });
    const [folder] = await t.database.db
      .insert(folders)
      .values({ tenantId: w.tenantId, folderName: `Kaufhaus Kassel ${tag()}` })
      .returning();
    const [zeta, alpha, retired, booked] = await insertBooks(t, w.tenantId, [
      { title: 'Zugangstür Lager', folderId: folder?.id },
      { title: 'Automatiktür Eingang', folderId: folder?.id },
      { title: 'Brandschutztür alt', folderId: folder?.id, retiredAt: new Date() },
      { title: 'Gebucht, anderer Ordner', enableFrom: isoDay(0) },
    ]);
    await book(w.user.id, booked?.id as string, w.tenantId);

    const res = await call(t, w)('GET', `/offline/day?folder=${folder?.id}`);
    expect(res.statusCode).toBe(200);
    const day = offlineDayReply.parse(res.json());
    expect(day.chosen).toEqual({ kind: 'folder', id: folder?.id, name: folder?.folderName });
    expect(day.books.map((b) => [b.title, b.reason])).toEqual([
      [w.book.title, 'draft'],
      ['Automatiktür Eingang', 'chosen'],
      ['Zugangstür Lager', 'chosen'],
    ]);
    expect(day.books.map((b) => b._id)).not.toContain(retired?.id);
    expect(zeta && alpha).toBeTruthy();

    // A branch the same way.
    const location = await insertLocation(t.database.db, w.tenantId, { znl: 'Kassel', nr: `${tag()}`.slice(0, 6) });
    await linkBooks(t.database.db, location.id, [booked?.id as string]);
    const byBranch = offlineDayReply.parse((await call(t, w)('GET', `/offline/day?location=${location.id}`)).json());
    expect(byBranch.chosen).toMatchObject({
      kind: 'location',
      id: location.id,
      name: `ZNL Kassel · Nr. ${location.nr}`,
    });
    expect(byBranch.books.map((b) => [b.title, b.reason])).toEqual([
      [w.book.title, 'draft'],
      ['Gebucht, anderer Ordner', 'chosen'],
    ]);
  });

  it('refuses a folder of another tenant or one that does not exist (404), and both choices at once (400)', async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    const other = await t.createTenant(`Fremd ${tag()}`);
    const [foreign] = await t.database.db
      .insert(folders)
      .values({ tenantId: other.id, folderName: 'Fremd' })
      .returning();
    expect((await call(t, w)('GET', `/offline/day?folder=${foreign?.id}`)).statusCode).toBe(404);
    expect((await call(t, w)('GET', `/offline/day?folder=${crypto.randomUUID()}`)).statusCode).toBe(404);
    const location = await insertLocation(t.database.db, other.id);
    expect((await call(t, w)('GET', `/offline/day?location=${location.id}`)).statusCode).toBe(404);
    const both = await call(t, w)('GET', `/offline/day?folder=${foreign?.id}&location=${location.id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0]).toMatchObject({ field: 'querystring.location' });
  });
});
