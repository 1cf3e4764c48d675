import { Role } from '@pruefbuch/domain/roles';
import { openInspectionListReply } from '@pruefbuch/domain/schemas/inspection';
import { describe, expect, it } from 'vitest';
import { insertBooks, member, tag } from '../../../test/fixtures/books';
import { call, draft, FOREIGN, finalized, inspectionWorld, isoDay } from '../../../test/fixtures/inspections';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();
const titles = (res: { json: () => { docs: { title: string }[] } }) => res.json().docs.map((d) => d.title);

/** A tenant whose books are due at different times, and an office user of it. */
async function dueWorld() {
  const w = await inspectionWorld(t, Role.STANDARD_ROLE);
  const m = tag();
  const zip = (z: string) => ({
    _id: m,
    street: '',
    housenumber: '',
    zip: z,
    location: 'Frankfurt am Main',
    tel: '',
    email: '',
    homepage: '',
    country: 'DE',
  });
  await insertBooks(t, w.tenantId, [
    { title: `${m} überfällig`, nextInspectionDate: isoDay(-10), glasbocknr: `GB-${m}-1`, objectaddress: zip('60313') },
    { title: `${m} bald`, nextInspectionDate: isoDay(20), orderNo: `AU-${m}-7`, objectaddress: zip('65185') },
    { title: `${m} später`, nextInspectionDate: isoDay(200), glasbocknr: `GB-${m}-2`, objectaddress: zip('60594') },
    { title: `${m} stillgelegt`, nextInspectionDate: isoDay(200), shutDown: true },
    { title: `${m} inaktiv`, nextInspectionDate: isoDay(-10), active: false },
    { title: `${m} Vorlage`, nextInspectionDate: isoDay(-10), status: 7 },
  ]);
  return { ...w, m };
}

describe('GET books/allMyOpenInspection', () => {
  it('lists the due books of my tenants (orange or worse) and those with my draft, soonest first', async () => {
    const w = await dueWorld();
    const other = await dueWorld();
    const later = await draft(t, w, { kind: 'wartung', when: isoDay(-1) });
    const res = await call(t, w)('GET', '/books/allMyOpenInspection');
    expect(res.statusCode).toBe(200);
    expect(openInspectionListReply.safeParse(res.json()).success).toBe(true);
    const mine = titles(res).filter((x) => x.startsWith(w.m) || x === w.book.title);
    expect(mine).toEqual([`${w.m} überfällig`, `${w.m} bald`, `${w.m} stillgelegt`, w.book.title]);
    expect(titles(res).some((x) => x.startsWith(other.m))).toBe(false);
    const row = res.json().docs.find((d: { _id: string }) => d._id === w.book._id);
    expect(row).toMatchObject({
      tenant: w.tenantId,
      tenantUrl: w.tenant.url,
      draft: { _id: later._id, kind: 'wartung', when: isoDay(-1) },
    });
    const overdue = res.json().docs.find((d: { title: string }) => d.title === `${w.m} überfällig`);
    expect(overdue).toMatchObject({
      glasbocknr: `GB-${w.m}-1`,
      zip: '60313',
      location: 'Frankfurt am Main',
      draft: null,
    });
  });

  it('pages', async () => {
    const w = await dueWorld();
    const res = await call(t, w)('GET', '/books/allMyOpenInspection?size=2&page=2');
    expect(res.json()).toMatchObject({ page: 2, size: 2, total: 3, pages: 2 });
    expect(titles(res)).toEqual([`${w.m} stillgelegt`]);
    expect((await call(t, w)('GET', '/books/allMyOpenInspection?size=0')).statusCode).toBe(400);
  });

  it('finds any active book of my tenants by serial number, ZIP start and order number', async () => {
    const w = await dueWorld();
    const by = async (what: string, value: string) =>
      titles(await call(t, w)('GET', `/books/allInspection${what}/${encodeURIComponent(value)}`));
    expect(await by('BySn', `GB-${w.m}`)).toEqual([`${w.m} überfällig`, `${w.m} später`]);
    expect(await by('BySn', `gb-${w.m}-2`)).toEqual([`${w.m} später`]);
    expect(await by('ByOrderNo', `AU-${w.m}`)).toEqual([`${w.m} bald`]);
    const zip = await by('ByZip', '6031');
    expect(zip).toContain(`${w.m} überfällig`);
    expect(zip).not.toContain(`${w.m} später`);
    expect(await by('BySn', '%')).toEqual([]);
    const other = await dueWorld();
    expect(await by('BySn', `GB-${other.m}`)).toEqual([]);
  });

  it('is for the office roles of SPEC §2, not for technicians, branch users or the warehouse', async () => {
    const w = await dueWorld();
    for (const role of [Role.ROLE_FILIALE, Role.ROLE_LAGER, Role.ROLE_SERVICE_TECHNIKER]) {
      const m = await member(t, role, [w.tenantId]);
      expect((await call(t, w)('GET', '/books/allMyOpenInspection', undefined, m.token)).statusCode).toBe(403);
    }
  });
});

describe('GET books/allOpenInspection/{tenantId}/', () => {
  it("lists the tenant's books with a draft in progress, with or without the trailing slash", async () => {
    const w = await dueWorld();
    const colleague = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    const d = await draft(t, w, { kind: 'inspection' }, colleague.token);
    await finalized(t, w, { kind: 'wartung' });
    for (const path of [`/books/allOpenInspection/${w.tenantId}/`, `/books/allOpenInspection/${w.tenantId}`]) {
      const res = await call(t, w)('GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toMatchObject({ total: 1, docs: [{ _id: w.book._id, draft: { _id: d._id } }] });
    }
    const bySn = await call(t, w)('GET', `/books/allOpenInspection/${w.tenantId}/BySn/zzz-${w.m}`);
    expect(bySn.json().total).toBe(0);
  });

  it('answers a tenant the user may not use, or an unknown one, with 404', async () => {
    const w = await dueWorld();
    const other = await dueWorld();
    for (const id of [other.tenantId, FOREIGN]) {
      expect((await call(t, w)('GET', `/books/allOpenInspection/${id}/`)).statusCode).toBe(404);
      expect((await call(t, w)('GET', `/books/allOpenInspection/${id}/ByZip/60313`)).statusCode).toBe(404);
    }
    expect((await call(t, w)('GET', '/books/allOpenInspection/abc/')).statusCode).toBe(400);
    const admin = await member(t, Role.ADMIN_ROLE, []);
    expect(
      (await call(t, w)('GET', `/books/allOpenInspection/${other.tenantId}/`, undefined, admin.token)).statusCode,
    ).toBe(200);
  });
});

describe('GET lists/allDailyInspectionUser/{userId}', () => {
  it("lists the records a user started or finalized today; users ask for themselves, the office for their tenants' users", async () => {
    const w = await inspectionWorld(t, Role.ROLE_SERVICE_TECHNIKER);
    const started = await draft(t, w, { when: isoDay(-3) });
    const done = await finalized(t, w, { kind: 'wartung' });
    const other = await inspectionWorld(t);
    await draft(t, other);
    const own = await call(t, w)('GET', `/lists/allDailyInspectionUser/${w.user.id}`);
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .map((r: { _id: string }) => r._id)
        .sort(),
    ).toEqual([started._id, done._id].sort());
    expect(own.json()[0]).toMatchObject({ bookTitle: w.book.title, tenantUrl: w.tenant.url });
    const office = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    expect(
      (await call(t, w)('GET', `/lists/allDailyInspectionUser/${w.user.id}`, undefined, office.token)).json(),
    ).toHaveLength(2);
    expect(
      (await call(t, w)('GET', `/lists/allDailyInspectionUser/${office.id}`, undefined, office.token)).json(),
    ).toEqual([]);
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    expect(
      (await call(t, w)('GET', `/lists/allDailyInspectionUser/${w.user.id}`, undefined, tech.token)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, w)('GET', `/lists/allDailyInspectionUser/${other.user.id}`, undefined, office.token)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, w)('GET', `/lists/allDailyInspectionUser/${FOREIGN}`, undefined, office.token)).statusCode,
    ).toBe(404);
    expect((await call(t, w)('GET', '/lists/allDailyInspectionUser/abc')).statusCode).toBe(400);
  });
});
