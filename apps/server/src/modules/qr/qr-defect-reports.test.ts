/**
 * Public defect reports reach the staff (issue 10): the tenant's list and its open count, the reports of a
 * book, closing with a note (who and when), and the reporter's contact for those who handle the reports only.
 */
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import type { DefectReport } from '@pruefbuch/domain/schemas/qr';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branchMember, createBook, fieldsOf, member, tag } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { defectReports } from '../../db/schema/index';

const t = await createTestApp();
const db = t.database.db;

/** A tenant with an office user, two books with QR codes and a report form for each code. */
async function world() {
  const tenant = await t.createTenant(`Mängelmandant ${tag()}`);
  const office = await member(t, Role.STANDARD_ROLE, [tenant.id], { firstName: 'Olga', lastName: 'Office' });
  const book = async (title: string) => {
    const b = await createBook(t, office.token, tenant.id, { title, object: 'Zeil 116', site: 'EG' });
    const code = (
      await t.api({ method: 'POST', url: `/qr/generate/${tenant.id}/${b._id}`, token: office.token, tenant: tenant.id })
    ).json().code as string;
    return { id: b._id as string, code };
  };
  const door = await book(`Schiebetür ${tag()}`);
  const rwa = await book(`RWA ${tag()}`);
  let ip = 0;
  const report = async (code: string, payload: object) => {
    const res = await t.api({
      method: 'POST',
      url: `/public/qr/${code}/defects`,
      payload,
      remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${++ip}`,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res;
  };
  const api = (method: 'GET' | 'PUT', url: string, token = office.token, payload?: object) =>
    t.api({ method, url, token, tenant: tenant.id, ...(payload ? { payload } : {}) });
  return { tenant, office, door, rwa, report, api };
}

const reporter = { name: 'Frau Kundin', contact: '0171 5550123' };

describe('GET defectreports and defectreports/count', () => {
  it('list the tenant’s open reports, newest first, with the installation and the reporter; count the open ones', async () => {
    const w = await world();
    await w.report(w.door.code, { ...reporter, text: 'Tür schließt nicht mehr' });
    await w.report(w.rwa.code, { text: 'RWA-Zentrale piept' });
    const other = await world();
    await other.report(other.door.code, { text: 'Fremder Mandant' });

    const res = await w.api('GET', '/defectreports');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(page.docs.map((d: DefectReport) => d.text)).toEqual(['RWA-Zentrale piept', 'Tür schließt nicht mehr']);
    expect(page.docs[1]).toMatchObject({
      book: w.door.id,
      bookObject: 'Zeil 116',
      bookSite: 'EG',
      name: 'Frau Kundin',
      contact: '0171 5550123',
      status: 'open',
      note: '',
      closedAt: null,
      closedBy: null,
    });
    expect(page.docs[1].bookTitle).toMatch(/^Schiebetür/);
    expect((await w.api('GET', '/defectreports/count')).json()).toEqual({ open: 2 });
    expect((await other.api('GET', '/defectreports/count')).json()).toEqual({ open: 1 });

    // Search in the text, the reporter and the installation; oldest first on request; paged.
    const search = async (q: string) => (await w.api('GET', `/defectreports?${q}`)).json();
    expect((await search('search=piept')).docs).toHaveLength(1);
    expect((await search('search=kundin')).docs[0].text).toBe('Tür schließt nicht mehr');
    expect((await search('search=RWA')).docs[0].text).toBe('RWA-Zentrale piept');
    expect((await search('sort=createdAt')).docs[0].text).toBe('Tür schließt nicht mehr');
    expect(await search('size=1&page=2')).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect((await w.api('GET', '/defectreports?status=erledigt')).statusCode).toBe(400);
    expect((await w.api('GET', '/defectreports?sort=text')).statusCode).toBe(400);
  });

  it('are for the roles that handle reports; branch users, warehouse and production get 403', async () => {
    const w = await world();
    for (const role of [Role.ROLE_LAGER, Role.ROLE_FERTIGUNG, Role.ROLE_LEITER_FERTIGUNG]) {
      const m = await member(t, role, [w.tenant.id]);
      expect((await w.api('GET', '/defectreports', m.token)).statusCode, `role ${role}`).toBe(403);
    }
    const branch = await branchMember(t, w.tenant.id, [w.door.id]);
    expect((await w.api('GET', '/defectreports/count', branch.token)).statusCode).toBe(403);
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenant.id]);
    expect((await w.api('GET', '/defectreports/count', tech.token)).statusCode).toBe(200);
  });
});

describe('PUT defectreports/{id}', () => {
  it('closes a report with a note, naming who and when; a second close is a 409; reopening forgets it', async () => {
    const w = await world();
    await w.report(w.door.code, { ...reporter, text: 'Sensor reagiert nicht' });
    const [open] = (await w.api('GET', '/defectreports')).json().docs as DefectReport[];
    const before = Date.now();
    const done = await w.api('PUT', `/defectreports/${open?._id}`, w.office.token, {
      status: 'done',
      note: '  Sensor neu justiert, Tür läuft wieder.  ',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'done',
      note: 'Sensor neu justiert, Tür läuft wieder.',
      closedBy: 'Olga Office',
      name: 'Frau Kundin',
    });
    expect(Date.parse(done.json().closedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await w.api('GET', '/defectreports/count')).json()).toEqual({ open: 0 });
    expect((await w.api('GET', '/defectreports')).json().total).toBe(0);
    const closed = (await w.api('GET', '/defectreports?status=done')).json();
    expect(closed.docs[0]).toMatchObject({ _id: open?._id, closedBy: 'Olga Office' });
    expect((await w.api('GET', '/defectreports?status=all')).json().total).toBe(1);

    // Somebody else closes it too: their note must not overwrite the first one.
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenant.id]);
    const again = await w.api('PUT', `/defectreports/${open?._id}`, tech.token, { status: 'done', note: 'auch' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DEFECT_REPORT_CLOSED');
    const [row] = await db
      .select()
      .from(defectReports)
      .where(eq(defectReports.id, open?._id ?? ''));
    expect(row?.note).toBe('Sensor neu justiert, Tür läuft wieder.');

    const reopened = await w.api('PUT', `/defectreports/${open?._id}`, tech.token, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', note: '', closedAt: null, closedBy: null });
    const closedByTech = await w.api('PUT', `/defectreports/${open?._id}`, tech.token, { status: 'done' });
    expect(closedByTech.json()).toMatchObject({ status: 'done', note: '', closedBy: expect.any(String) });
  });

  it('refuses a bad body, another tenant’s report and the roles that do not handle reports', async () => {
    const w = await world();
    await w.report(w.door.code, { text: 'Tür klemmt' });
    const [open] = (await w.api('GET', '/defectreports')).json().docs as DefectReport[];
    const url = `/defectreports/${open?._id}`;
    expect(fieldsOf(await w.api('PUT', url, w.office.token, { status: 'erledigt' }))).toEqual(['status']);
    expect(fieldsOf(await w.api('PUT', url, w.office.token, { status: 'done', note: 'x'.repeat(1001) }))).toEqual([
      'note',
    ]);
    const other = await world();
    expect((await other.api('PUT', url, other.office.token, { status: 'done' })).statusCode).toBe(404);
    const branch = await branchMember(t, w.tenant.id, [w.door.id]);
    expect((await w.api('PUT', url, branch.token, { status: 'done' })).statusCode).toBe(403);
    const lager = await member(t, Role.ROLE_LAGER, [w.tenant.id]);
    expect((await w.api('PUT', url, lager.token, { status: 'done' })).statusCode).toBe(403);
    expect((await w.api('GET', '/defectreports/count')).json()).toEqual({ open: 1 });
  });
});

describe('GET books/{id}/defectreports', () => {
  it('lists a book’s reports; the reporter only for those who handle them, never for branch users', async () => {
    const w = await world();
    await w.report(w.door.code, { ...reporter, text: 'Flügel schleift' });
    await w.report(w.door.code, { ...reporter, text: 'Glas gesprungen' });
    await w.report(w.rwa.code, { ...reporter, text: 'Andere Anlage' });
    const [first] = (await w.api('GET', `/books/${w.door.id}/defectreports`)).json() as DefectReport[];
    await w.api('PUT', `/defectreports/${first?._id}`, w.office.token, { status: 'done', note: 'Scheibe bestellt' });

    const staff = (await w.api('GET', `/books/${w.door.id}/defectreports`)).json() as DefectReport[];
    expect(staff.map((r) => [r.text, r.status])).toEqual([
      ['Glas gesprungen', 'done'],
      ['Flügel schleift', 'open'],
    ]);
    expect(staff[1]).toMatchObject(reporter);
    const open = (await w.api('GET', `/books/${w.door.id}/defectreports?status=open`)).json() as DefectReport[];
    expect(open.map((r) => r.text)).toEqual(['Flügel schleift']);

    for (const customerRole of [
      CustomerRole.ROLE_DEFAULT,
      CustomerRole.ROLE_REGIONAL_MANAGER,
      CustomerRole.ROLE_CONTROL,
    ]) {
      const branch = await branchMember(t, w.tenant.id, [w.door.id], { customerRole });
      const res = await w.api('GET', `/books/${w.door.id}/defectreports`, branch.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: DefectReport) => r.text)).toEqual(['Glas gesprungen', 'Flügel schleift']);
      for (const secret of ['Frau Kundin', '0171 5550123', '"name"', '"contact"']) {
        expect(res.body, `${customerRole} ${secret}`).not.toContain(secret);
      }
      // A book of a location not theirs is unknown to them.
      expect((await w.api('GET', `/books/${w.rwa.id}/defectreports`, branch.token)).statusCode).toBe(404);
    }
    // Staff who read the book but do not handle reports see them without the reporter.
    const lager = await member(t, Role.ROLE_LAGER, [w.tenant.id]);
    const warehouse = await w.api('GET', `/books/${w.door.id}/defectreports`, lager.token);
    expect(warehouse.statusCode).toBe(200);
    expect(warehouse.body).not.toContain('Frau Kundin');
    const other = await world();
    expect((await other.api('GET', `/books/${w.door.id}/defectreports`)).statusCode).toBe(404);
  });

  it('the public reply to a report and the public page never carry the reporter', async () => {
    const w = await world();
    const res = await w.report(w.door.code, { ...reporter, text: 'Tür bleibt offen stehen' });
    expect(res.json()).toEqual({ success: true });
    const page = await t.api({ method: 'GET', url: `/public/qr/${w.door.code}` });
    for (const secret of ['Frau Kundin', '0171 5550123', 'Tür bleibt offen stehen'])
      expect(page.body).not.toContain(secret);
  });
});
