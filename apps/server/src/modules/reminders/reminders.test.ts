/** Reminders on a real database: the weekly digest (rule table: domain/rules/digest.test.ts) and the calendar feed. */
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignLocations, insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { books, mailOutbox, tenants } from '../../db/schema/index';
import { member, tag } from '../books/books.fixtures';

const t = await createTestApp();
const db = t.database.db;

async function world() {
  const tenant = await t.createTenant(`Erinnerung ${tag()}`);
  const notify = `pruefungen-${tag()}@service.example`;
  await db.update(tenants).set({ notificationEmail: notify }).where(eq(tenants.id, tenant.id));
  const admin = await member(t, Role.ADMIN_ROLE, []);
  const mine = await insertLocation(db, tenant.id, { nr: 'mine' });
  const other = await insertLocation(db, tenant.id, { nr: 'other' });
  const dormant = await insertLocation(db, tenant.id, { nr: 'dormant', ruhend: true });
  const door = await insertBook(db, tenant.id, {
    title: 'Eingangstür Zeil',
    inspectionAmpel: 'green',
    nextInspectionDate: '2026-12-20',
  });
  const far = await insertBook(db, tenant.id, { title: 'Tür Kassel', inspectionAmpel: 'green' });
  const closed = await insertBook(db, tenant.id, { title: 'Tür im Umbau', inspectionAmpel: 'green' });
  await linkBooks(db, mine.id, [door.id]);
  await linkBooks(db, other.id, [far.id]);
  await linkBooks(db, dormant.id, [closed.id]);
  const branch = await member(t, Role.ROLE_FILIALE, [tenant.id], {
    customerRole: CustomerRole.ROLE_DEFAULT,
    customer: 1,
  });
  await assignLocations(db, branch.id, [mine.id]);
  const user = await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, branch.id) });
  return { tenantId: tenant.id, notify, admin, branch, branchEmail: user?.email ?? '', books: { door, far, closed } };
}

const run = (w: Awaited<ReturnType<typeof world>>) =>
  t.api({ method: 'POST', url: '/reminders/digest/run', token: w.admin.token, tenant: w.tenantId });
const mailsTo = async (...to: string[]) => {
  await deliverMails(t);
  return db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
};
const turn = (id: string, ampel: string) => db.update(books).set({ inspectionAmpel: ampel }).where(eq(books.id, id));

describe('the weekly digest', () => {
  it('first sets the baseline, then mails what turned worse: all of it to the tenant, the branch user only theirs, nothing from dormant branches', async () => {
    const w = await world();
    const first = await run(w);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ compared: false, changed: 0, mails: 0 });

    await turn(w.books.door.id, 'red');
    await turn(w.books.far.id, 'orange');
    await turn(w.books.closed.id, 'black');
    const second = await run(w);
    expect(second.json()).toEqual({ compared: true, changed: 2, mails: 2 });
    const [toTenant] = await mailsTo(w.notify);
    expect(toTenant?.subject).toBe('Prüfbuch: 2 Anlage(n) bald fällig oder überfällig');
    expect(toTenant?.text).toContain('Eingangstür Zeil');
    expect(toTenant?.text).toContain('Prüfung: überfällig, fällig am 20.12.2026');
    expect(toTenant?.text).toContain('Tür Kassel');
    expect(toTenant?.text).not.toContain('Tür im Umbau');
    expect(toTenant?.text).toContain(`${PUBLIC_URL}/app/book/${w.tenantId}/${w.books.door.id}`);
    const [toBranch] = await mailsTo(w.branchEmail);
    expect(toBranch?.text).toContain('Eingangstür Zeil');
    expect(toBranch?.text).not.toContain('Tür Kassel');
    expect(toBranch?.text).toContain('/app/admin/settings/');

    // Nothing changed since: nothing is sent.
    expect((await run(w)).json()).toEqual({ compared: true, changed: 0, mails: 0 });
    // Getting better and worse again counts again.
    await turn(w.books.door.id, 'green');
    await run(w);
    await turn(w.books.door.id, 'orange');
    expect((await run(w)).json()).toMatchObject({ changed: 1, mails: 2 });
  });

  it('leaves out a branch user who switched it off', async () => {
    const w = await world();
    await run(w);
    const off = await t.api({
      method: 'PUT',
      url: '/reminders/settings',
      token: w.branch.token,
      payload: { digest: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ digest: false, ical: { active: false, createdAt: null } });
    await turn(w.books.door.id, 'red');
    expect((await run(w)).json()).toMatchObject({ changed: 1, mails: 1 });
    expect(await mailsTo(w.branchEmail)).toHaveLength(0);
    const bad = await t.api({
      method: 'PUT',
      url: '/reminders/settings',
      token: w.branch.token,
      payload: { digest: 'nein' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    expect(
      (await t.api({ method: 'POST', url: '/reminders/digest/run', token: other.token, tenant: w.tenantId }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the calendar feed', () => {
  it('serves the due inspections of the user’s books at a secret address, renewable and revocable', async () => {
    const w = await world();
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await db
      .update(books)
      .set({ nextInspectionDate: soon, nextInspectionDateSelf: soon })
      .where(inArray(books.id, [w.books.door.id, w.books.far.id]));
    const made = await t.api({ method: 'POST', url: '/reminders/ical', token: w.branch.token });
    expect(made.statusCode).toBe(200);
    const { url } = made.json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/reminders/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    const path = url.slice(`${PUBLIC_URL}/api/v1`.length);
    const feed = await t.api({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('Prüfung fällig: Eingangstür Zeil');
    expect(feed.body).toContain('Eigenprüfung fällig: Eingangstür Zeil');
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${soon.replace(/-/g, '')}`);
    expect(feed.body).not.toContain('Tür Kassel');
    const settings = await t.api({ method: 'GET', url: '/reminders/settings', token: w.branch.token });
    expect(settings.json().ical.active).toBe(true);

    const renewed = await t.api({ method: 'POST', url: '/reminders/ical', token: w.branch.token });
    expect(renewed.json().url).not.toBe(url);
    expect((await t.api({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: '/reminders/ical', token: w.branch.token })).statusCode).toBe(204);
    expect(
      (await t.api({ method: 'GET', url: renewed.json().url.slice(`${PUBLIC_URL}/api/v1`.length) })).statusCode,
    ).toBe(404);
    expect((await t.api({ method: 'GET', url: '/reminders/ical/kurz.ics' })).statusCode).toBe(400);
  });

  it('gives staff the inspections of their tenants, an empty calendar when nothing is due', async () => {
    const w = await world();
    await db.update(books).set({ nextInspectionDate: '2031-01-01' }).where(eq(books.id, w.books.door.id));
    const staff = await member(t, Role.STANDARD_ROLE, [w.tenantId]);
    const { url } = (await t.api({ method: 'POST', url: '/reminders/ical', token: staff.token })).json();
    const path = url.slice(`${PUBLIC_URL}/api/v1`.length);
    const empty = await t.api({ method: 'GET', url: path });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('BEGIN:VCALENDAR');
    expect(empty.body).not.toContain('BEGIN:VEVENT');
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await db
      .update(books)
      .set({ nextInspectionDate: soon })
      .where(inArray(books.id, [w.books.door.id, w.books.far.id]));
    const feed = await t.api({ method: 'GET', url: path });
    expect(feed.body).toContain('Eingangstür Zeil');
    expect(feed.body).toContain('Tür Kassel');
    expect(feed.body).not.toContain('Eigenprüfung');
  });
});
