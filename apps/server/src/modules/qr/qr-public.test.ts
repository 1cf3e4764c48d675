import { Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defect, insertRecord, memberOf, pdfTenant } from '../../../test/fixtures/pdf';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { books, defectReports, mailOutbox, tenants } from '../../db/schema/index';

const t = await createTestApp();
const db = t.database.db;

/** A book with a code, a finalized inspection with a named inspector and an acceptance report after it. */
async function labelled() {
  const { tenant, book } = await pdfTenant(t, { contactMail: 'schulz@galeria.example', shutDown: true });
  const { token } = await memberOf(t, tenant.id);
  await db.update(tenants).set({ notificationEmail: 'service@tuerservice.example' }).where(eq(tenants.id, tenant.id));
  await insertRecord(t, tenant.id, book.id, {
    when: '2024-03-01',
    who: 'Geheimer Prüfername',
    defects: [defect('Interne Notiz zum Mangel', 'shutdown')],
  });
  await insertRecord(t, tenant.id, book.id, { when: '2024-05-01', kind: 'gutachten', isAbnahmeGutachten: true });
  await insertRecord(t, tenant.id, book.id, { when: '2024-06-01', kind: 'self', checklistName: 'self' });
  const code = (
    await t.api({ method: 'POST', url: `/qr/generate/${tenant.id}/${book.id}`, token, tenant: tenant.id })
  ).json();
  return { tenant, book, token, code: code.code as string };
}

const report = (code: string, payload: object, ip = '127.0.0.1') =>
  t.api({ method: 'POST', url: `/public/qr/${code}/defects`, payload, remoteAddress: ip });

describe('GET public/qr/{code}', () => {
  it('shows the installation, ampel and dates without sign-in, and nothing personal', async () => {
    const { tenant, book, code } = await labelled();
    const res = await t.api({ method: 'GET', url: `/public/qr/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      installation: {
        title: 'Schiebetür Haupteingang',
        object: 'Kaufhof Zeil',
        site: 'EG Süd',
        type: 'Automatische Schiebetür',
        address: { street: 'Zeil', housenumber: '116', zip: '60313', location: 'Frankfurt am Main' },
      },
      ampel: 'red',
      nextInspectionDate: '2025-03-12',
      lastInspectionDate: '2024-03-01',
      lastInspectionKind: 'inspection',
      shutDown: true,
      tenantName: tenant.name,
      tenantUrl: tenant.url,
      book: book.id,
    });
    for (const secret of [
      'Geheimer Prüfername',
      'Interne Notiz',
      'Frau Schulz',
      'schulz@galeria.example',
      '069 123456',
      'service@tuerservice.example',
      'Galeria Betriebs GmbH',
      tenant.id,
      'signature',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('answers 404 for unknown codes and 400 for malformed ones', async () => {
    expect((await t.api({ method: 'GET', url: '/public/qr/UNBEKANNT123' })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/public/qr/a%20b' })).statusCode).toBe(400);
  });

  it('answers 404 on the label of a book taken out of service, and takes no reports for it', async () => {
    const { book, code } = await labelled();
    expect((await t.api({ method: 'GET', url: `/public/qr/${code}` })).statusCode).toBe(200);
    await db.update(books).set({ active: false }).where(eq(books.id, book.id));
    expect((await t.api({ method: 'GET', url: `/public/qr/${code}` })).statusCode).toBe(404);
    expect((await report(code, { text: 'Tür klemmt' }, '10.0.0.77')).statusCode).toBe(404);
  });
});

describe('POST public/qr/{code}/defects', () => {
  it('keeps the report for the staff and mails the tenant’s notification address', async () => {
    const { tenant, book, token, code } = await labelled();
    const res = await report(
      code,
      { name: 'Frau Kundin', contact: '0171 555', text: 'Tür schließt nicht mehr richtig' },
      '10.1.0.1',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    await deliverMails(t);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'service@tuerservice.example'));
    expect(mail?.subject).toBe('Prüfbuch: Mangelmeldung zu Schiebetür Haupteingang');
    expect(mail?.text).toContain('Tür schließt nicht mehr richtig');
    expect(mail?.text).toContain('Gemeldet von: Frau Kundin');
    expect(mail?.text).toContain(`${PUBLIC_URL}/app/book/${tenant.id}/${book.id}`);

    const list = await t.api({ method: 'GET', url: `/books/${book.id}/defectreports`, token, tenant: tenant.id });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        book: book.id,
        name: 'Frau Kundin',
        contact: '0171 555',
        text: 'Tür schließt nicht mehr richtig',
        status: 'open',
      }),
    ]);
    const id = list.json()[0]._id;
    const done = await t.api({
      method: 'PUT',
      url: `/defectreports/${id}`,
      token,
      tenant: tenant.id,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('done');
    const bad = await t.api({
      method: 'PUT',
      url: `/defectreports/${id}`,
      token,
      tenant: tenant.id,
      payload: { status: 'erledigt' },
    });
    expect(bad.statusCode).toBe(400);

    const other = await pdfTenant(t);
    const stranger = await memberOf(t, other.tenant.id);
    const foreignList = await t.api({
      method: 'GET',
      url: `/books/${book.id}/defectreports`,
      token: stranger.token,
      tenant: other.tenant.id,
    });
    expect(foreignList.statusCode).toBe(404);
    const foreignPut = await t.api({
      method: 'PUT',
      url: `/defectreports/${id}`,
      token: stranger.token,
      tenant: other.tenant.id,
      payload: { status: 'open' },
    });
    expect(foreignPut.statusCode).toBe(404);
    const branch = await memberOf(t, tenant.id, Role.ROLE_FILIALE);
    const branchList = await t.api({
      method: 'GET',
      url: `/books/${book.id}/defectreports`,
      token: branch.token,
      tenant: tenant.id,
    });
    expect(branchList.statusCode).toBe(403);
  });

  it('validates the report and refuses unknown codes', async () => {
    const { code } = await labelled();
    const empty = await report(code, { text: '  ' }, '10.1.0.2');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('text');
    expect((await report(code, { text: 'x'.repeat(2001) }, '10.1.0.2')).statusCode).toBe(400);
    expect((await report(code, { text: 'Tür klemmt', name: 'n'.repeat(101) }, '10.1.0.2')).statusCode).toBe(400);
    expect((await report('UNBEKANNT123', { text: 'Tür klemmt' }, '10.1.0.2')).statusCode).toBe(404);
  });

  it('is rate-limited per address and code: the sixth report within an hour is refused with 429', async () => {
    const { book, code } = await labelled();
    for (let i = 1; i <= 5; i++) {
      const res = await report(code, { text: `Meldung ${i}` }, '10.9.9.9');
      expect(res.statusCode, `report ${i}`).toBe(201);
    }
    const sixth = await report(code, { text: 'Meldung 6' }, '10.9.9.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await report(code, { text: 'Meldung von nebenan' }, '10.9.9.10')).statusCode).toBe(201);
    const stored = await db.select().from(defectReports).where(eq(defectReports.bookId, book.id));
    expect(stored).toHaveLength(6);
  });
});

/** A day relative to today in Berlin, as the visibility window counts. */
const berlinDay = (days: number) => {
  const d = new Date(`${berlinToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('the visibility window on the public page (decision 021)', () => {
  it.each<[string, string | null, string | null, number]>([
    ['no window', null, null, 200],
    ['inside the window', berlinDay(-10), berlinDay(10), 200],
    ['from today', berlinDay(0), null, 200],
    ['until today', null, berlinDay(0), 200],
    ['only today', berlinDay(0), berlinDay(0), 200],
    ['not yet visible (from tomorrow)', berlinDay(1), null, 404],
    ['no longer visible (until yesterday)', null, berlinDay(-1), 404],
    ['a window in the past', berlinDay(-30), berlinDay(-2), 404],
    ['a window in the future', berlinDay(5), berlinDay(30), 404],
  ])('%s: %s to %s answers %i, and so does a report', async (_, visibleFrom, visibleTo, status) => {
    const { book, code } = await labelled();
    await db.update(books).set({ visibleFrom, visibleTo }).where(eq(books.id, book.id));
    const page = await t.api({ method: 'GET', url: `/public/qr/${code}` });
    expect(page.statusCode).toBe(status);
    if (status === 404) {
      // Exactly like an unknown code: nothing tells that the code exists.
      const unknown = await t.api({ method: 'GET', url: '/public/qr/UNBEKANNT123' });
      expect(page.json()).toEqual(unknown.json());
    }
    const ip = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const sent = await report(code, { text: 'Tür klemmt' }, ip);
    expect(sent.statusCode).toBe(status === 200 ? 201 : 404);
    const stored = await db.select().from(defectReports).where(eq(defectReports.bookId, book.id));
    expect(stored).toHaveLength(status === 200 ? 1 : 0);
  });
});
