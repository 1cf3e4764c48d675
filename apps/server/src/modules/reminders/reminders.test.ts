/** Reminders on a real database: the weekly digest (rule table: domain/rules/digest.test.ts) and the calendar feed. */
import { CustomerRole, Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignLocations, insertBook, insertLocation, linkBooks } from '../../../test/factories';
import { member, tag } from '../../../test/fixtures/books';
import { createTestApp, PUBLIC_URL } from '../../../test/helper';
import { deliverMails } from '../../../test/mail';
import { books, mailOutbox, tenants } from '../../db/schema/index';

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
  describe('run week after week', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world();
    });

    it('first sets the baseline and mails nothing', async () => {
      const first = await run(w);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ compared: false, changed: 0, mails: 0 });
    });

    it('then counts what turned worse, leaving out dormant branches: two books, two mails', async () => {
      await turn(w.books.door.id, 'red');
      await turn(w.books.far.id, 'orange');
      await turn(w.books.closed.id, 'black');
      const second = await run(w);
      expect(second.json()).toEqual({ compared: true, changed: 2, mails: 2 });
    });

    it('mails the tenant all of it, with links to the books', async () => {
      const [toTenant] = await mailsTo(w.notify);
      expect(toTenant?.subject).toBe('Prüfbuch: 2 Anlage(n) bald fällig oder überfällig');
      expect(toTenant?.text).toContain('Eingangstür Zeil');
      expect(toTenant?.text).toContain('Prüfung: überfällig, fällig am 20.12.2026');
      expect(toTenant?.text).toContain('Tür Kassel');
      expect(toTenant?.text).not.toContain('Tür im Umbau');
      expect(toTenant?.text).toContain(`${PUBLIC_URL}/app/book/${w.tenantId}/${w.books.door.id}`);
    });

    it('mails the branch user only the books of their branch, with a link to switch it off', async () => {
      const [toBranch] = await mailsTo(w.branchEmail);
      expect(toBranch?.text).toContain('Eingangstür Zeil');
      expect(toBranch?.text).not.toContain('Tür Kassel');
      expect(toBranch?.text).toContain('/app/admin/settings/');
    });

    it('sends nothing when nothing changed since', async () => {
      expect((await run(w)).json()).toEqual({ compared: true, changed: 0, mails: 0 });
    });

    it('counts a book again that got better and then worse', async () => {
      await turn(w.books.door.id, 'green');
      await run(w);
      await turn(w.books.door.id, 'orange');
      expect((await run(w)).json()).toMatchObject({ changed: 1, mails: 2 });
    });
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
  describe('of a branch user', () => {
    let w: Awaited<ReturnType<typeof world>>;
    let soon = '';
    let made: Awaited<ReturnType<typeof t.api>>;
    const pathOf = (url: string) => url.slice(`${PUBLIC_URL}/api/v1`.length);
    beforeAll(async () => {
      w = await world();
      soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      await db
        .update(books)
        .set({ nextInspectionDate: soon, nextInspectionDateSelf: soon })
        .where(inArray(books.id, [w.books.door.id, w.books.far.id]));
      made = await t.api({ method: 'POST', url: '/reminders/ical', token: w.branch.token });
    });

    it('is made at a secret address', () => {
      expect(made.statusCode).toBe(200);
      expect(made.json().url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/reminders/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    });

    it('serves the due inspections and self-inspections of the user’s books only', async () => {
      const feed = await t.api({ method: 'GET', url: pathOf(made.json().url) });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toContain('text/calendar');
      expect(feed.body).toContain('BEGIN:VCALENDAR');
      expect(feed.body).toContain('Prüfung fällig: Eingangstür Zeil');
      expect(feed.body).toContain('Eigenprüfung fällig: Eingangstür Zeil');
      expect(feed.body).toContain(`DTSTART;VALUE=DATE:${soon.replace(/-/g, '')}`);
      expect(feed.body).not.toContain('Tür Kassel');
    });

    it('shows as active in the user’s settings', async () => {
      const settings = await t.api({ method: 'GET', url: '/reminders/settings', token: w.branch.token });
      expect(settings.json().ical.active).toBe(true);
    });

    it('is renewed at a new address, the old one answering 404, and revoked', async () => {
      const renewed = await t.api({ method: 'POST', url: '/reminders/ical', token: w.branch.token });
      expect(renewed.json().url).not.toBe(made.json().url);
      expect((await t.api({ method: 'GET', url: pathOf(made.json().url) })).statusCode).toBe(404);
      expect((await t.api({ method: 'DELETE', url: '/reminders/ical', token: w.branch.token })).statusCode).toBe(204);
      expect((await t.api({ method: 'GET', url: pathOf(renewed.json().url) })).statusCode).toBe(404);
    });

    it('answers 400 for an address that cannot be one', async () => {
      expect((await t.api({ method: 'GET', url: '/reminders/ical/kurz.ics' })).statusCode).toBe(400);
    });
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

/** The events of a feed, unfolded (RFC 5545 folds lines at 75 octets). */
function eventsOf(body: string) {
  const unfolded = body.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((e) => {
      const field = (name: string) => e.match(new RegExp(`^${name}[^:\\r\\n]*:(.*)$`, 'm'))?.[1] ?? '';
      return {
        summary: field('SUMMARY'),
        start: field('DTSTART'),
        end: field('DTEND'),
        description: field('DESCRIPTION').replace(/\\n/g, '\n').replace(/\\,/g, ','),
      };
    });
}

describe('the calendar feed carries what matters most (decision 037)', () => {
  const daysFrom = (today: string, n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const compact = (iso: string) => iso.replace(/-/g, '');
  const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

  async function feedWorld() {
    const today = berlinToday();
    const tenant = await t.createTenant(`Kalender ${tag()}`);
    const open = await insertLocation(db, tenant.id, { nr: 'offen' });
    const dormant = await insertLocation(db, tenant.id, { nr: 'ruhend', ruhend: true });
    const overdue = await insertBook(db, tenant.id, {
      title: 'Tür überfällig',
      inspectionAmpel: 'black',
      nextInspectionDate: daysFrom(today, -40),
    });
    const soon = await insertBook(db, tenant.id, { title: 'Tür bald', nextInspectionDate: daysFrom(today, 10) });
    const closed = await insertBook(db, tenant.id, {
      title: 'Tür ruhend',
      inspectionAmpel: 'red',
      nextInspectionDate: daysFrom(today, -40),
      nextInspectionDateSelf: daysFrom(today, 5),
    });
    await linkBooks(db, open.id, [overdue.id, soon.id]);
    await linkBooks(db, dormant.id, [closed.id]);
    // Another tenant with the same kinds of books, which must never show.
    const foreign = await t.createTenant(`Fremd ${tag()}`);
    const foreignLocation = await insertLocation(db, foreign.id, { nr: 'fremd' });
    const foreignBooks = await Promise.all(
      [-40, 0, 10].map((n) =>
        insertBook(db, foreign.id, { title: `Fremde Tür ${n}`, nextInspectionDate: daysFrom(today, n) }),
      ),
    );
    await linkBooks(
      db,
      foreignLocation.id,
      foreignBooks.map((b) => b.id),
    );
    const staff = await member(t, Role.STANDARD_ROLE, [tenant.id]);
    const branch = await member(t, Role.ROLE_FILIALE, [tenant.id, foreign.id], {
      customerRole: CustomerRole.ROLE_DEFAULT,
      customer: 1,
    });
    await assignLocations(db, branch.id, [open.id, dormant.id]);
    const feed = async (token: string, query = '') => {
      const { url } = (await t.api({ method: 'POST', url: '/reminders/ical', token })).json();
      const res = await t.api({ method: 'GET', url: `${url.slice(`${PUBLIC_URL}/api/v1`.length)}${query}` });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    return { today, staff, branch, feed };
  }

  it('shows a book 40 days overdue as an all-day event today, named overdue, with its due date', async () => {
    const w = await feedWorld();
    for (const token of [w.staff.token, w.branch.token]) {
      const events = eventsOf(await w.feed(token));
      const overdue = events.filter((e) => e.summary.includes('Tür überfällig'));
      expect(overdue).toHaveLength(1);
      const due = daysFrom(w.today, -40);
      expect(overdue[0]?.summary).toBe(`Überfällig seit ${german(due)}: Prüfung Tür überfällig`);
      expect(overdue[0]?.start).toBe(compact(w.today));
      expect(overdue[0]?.end).toBe(compact(daysFrom(w.today, 1)));
      expect(overdue[0]?.description.split('\n')[0]).toBe(`Fällig am ${german(due)}`);
    }
    const english = eventsOf(await w.feed(w.staff.token, '?lang=en'));
    expect(english.map((e) => e.summary)).toContain(
      `Overdue since ${german(daysFrom(w.today, -40))}: inspection Tür überfällig`,
    );
  });

  it('shows a book due in 10 days on its date, leaves out the dormant branch’s book and every book of another tenant', async () => {
    const w = await feedWorld();
    for (const token of [w.staff.token, w.branch.token]) {
      const body = await w.feed(token);
      const events = eventsOf(body);
      const soon = events.find((e) => e.summary === 'Prüfung fällig: Tür bald');
      expect(soon?.start).toBe(compact(daysFrom(w.today, 10)));
      expect(soon?.description.split('\n')[0]).toBe(`Fällig am ${german(daysFrom(w.today, 10))}`);
      expect(body).not.toContain('Tür ruhend');
      expect(body).not.toContain('Fremde Tür');
      expect(events.map((e) => e.summary)).toEqual([
        `Überfällig seit ${german(daysFrom(w.today, -40))}: Prüfung Tür überfällig`,
        'Prüfung fällig: Tür bald',
      ]);
    }
  });
});
