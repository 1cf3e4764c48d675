import { Role } from '@pruefbuch/domain/roles';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBook, member, tag } from '../../../test/fixtures/books';
import { multipart, samples } from '../../../test/fixtures/documents';
import { call, complete, draft, isoDay, signature } from '../../../test/fixtures/inspections';
import { createTestApp, type TestApp } from '../../../test/helper';
import { bookTypes, fileRemovals, mailOutbox, userQualifications } from '../../db/schema/index';
import { runQualificationReminders } from './qualifications.job';

const t = await createTestApp();
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A book type of its own that needs `kind` (the seeded types are shared by the other tests). */
async function typeNeeding(kind: 'automaticDoor' | 'rwa' | null) {
  const [row] = await t.database.db
    .insert(bookTypes)
    .values({
      type: `Automatische Schiebetür ${tag()}`,
      component: 'DIN 18650 / EN 16005',
      serviceinterval: 12,
      qualification: kind,
    })
    .returning();
  if (!row) throw new Error('no book type');
  return row.id;
}

/** A tenant, a service technician in it, a book of a type that needs the DIN 18650 qualification. */
async function world(kind: 'automaticDoor' | 'rwa' | null = 'automaticDoor') {
  const tenant = await t.createTenant(`Qualifikationen ${tag()}`);
  const user = await member(t, Role.ROLE_SERVICE_TECHNIKER, [tenant.id]);
  const owner = await member(t, Role.STANDARD_ROLE, [tenant.id]);
  const book = await createBook(t, owner.token, tenant.id, {
    title: `Schiebetür ${tag()}`,
    bookType: await typeNeeding(kind),
    serviceinterval: 12,
  });
  const admin = await t.signedIn(Role.ADMIN_ROLE, { tenantIds: [tenant.id] });
  return { tenant, tenantId: tenant.id, user, owner, book, admin: { id: admin.user.id, token: admin.token } };
}
type World = Awaited<ReturnType<typeof world>>;

const grant = (w: World, userId: string, body: Record<string, unknown>) =>
  t.api({ method: 'POST', url: `/users/${userId}/qualifications`, token: w.admin.token, payload: body });

async function granted(w: World, userId: string, body: Record<string, unknown>) {
  const res = await grant(w, userId, body);
  if (res.statusCode !== 201) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; __v: number };
}

/** PUT the complete, signed draft; then finalize it. Returns both answers. */
async function signAndFinalize(w: World, when = isoDay(-1)) {
  const r = await draft(t, w as never, { when });
  const put = await call(t, w)('PUT', `/inspections/${r._id}`, complete(r));
  const fin = await call(t, w)('POST', `/inspections/${r._id}/finalize`, {
    __v: put.statusCode === 200 ? put.json().__v : r.__v,
  });
  return { record: r, put, fin };
}

describe('signing and finalizing need the qualification the book type names (decision 055)', () => {
  it('refuses a user without it: 403 on sign and on finalize, naming the qualification in German and English', async () => {
    const w = await world();
    const { record, put, fin } = await signAndFinalize(w);
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({
      code: 'QUALIFICATION_MISSING',
      details: [{ field: 'qualification', key: 'errors.QUALIFICATION_MISSING', params: { kind: 'automaticDoor' } }],
    });
    expect(put.json().message).toContain('Automatische Türen (DIN 18650 / ASR A1.7)');
    // The signature set by someone else (the draft's owner signs, then the technician finalizes).
    const signed = await call(t, w)('PUT', `/inspections/${record._id}`, complete(record), w.owner.token);
    expect(signed.statusCode).toBe(403);
    expect(fin.statusCode).toBe(403);
    const en = await t.api({
      method: 'POST',
      url: `/inspections/${record._id}/finalize`,
      token: w.user.token,
      tenant: w.tenantId,
      headers: { 'accept-language': 'en' },
      payload: { __v: record.__v },
    });
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toContain('Automatic doors (DIN 18650 / ASR A1.7)');
    // Nothing was written: the draft is unsigned and open.
    const read = (await call(t, w)('GET', `/inspections/${record._id}`)).json();
    expect(read).toMatchObject({ finalized: false, inspectorSignature: null, __v: record.__v });
  });

  it('refuses a user whose qualification expired before the record’s date, or is of another kind', async () => {
    const w = await world();
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-400), validUntil: isoDay(-10) });
    await granted(w, w.user.id, { kind: 'rwa', validFrom: isoDay(-400), validUntil: isoDay(400) });
    const { put, fin } = await signAndFinalize(w, isoDay(-1));
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('QUALIFICATION_MISSING');
    expect(fin.statusCode).toBe(403);
  });

  it('lets a user with a valid one sign and finalize; a record dated within the old one counts too', async () => {
    const w = await world();
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-400), validUntil: isoDay(30) });
    const { put, fin } = await signAndFinalize(w);
    expect(put.statusCode).toBe(200);
    expect(fin.statusCode).toBe(200);
    expect(fin.json()).toMatchObject({ finalized: true });
    const x = await world();
    await granted(x, x.user.id, { kind: 'automaticDoor', validFrom: isoDay(-400), validUntil: isoDay(-5) });
    // Recorded afterwards for the day of the inspection, when the qualification was valid.
    const late = await signAndFinalize(x, isoDay(-10));
    expect(late.put.statusCode).toBe(200);
    expect(late.fin.statusCode).toBe(200);
  });

  it('needs nothing where the type names nothing, and never for a self-inspection', async () => {
    const w = await world(null);
    const { put, fin } = await signAndFinalize(w);
    expect([put.statusCode, fin.statusCode]).toEqual([200, 200]);
    const x = await world();
    const self = await draft(t, x as never, { kind: 'self' });
    const s = await call(t, x)('PUT', `/selfinspections/${self._id}`, complete(self));
    expect(s.statusCode).toBe(200);
    const done = await call(t, x)('POST', `/selfinspections/${self._id}/finalize`, { __v: s.json().__v });
    expect(done.statusCode).toBe(200);
  });

  it('refuses a draft created already signed, and lets an edit send back the signature it has', async () => {
    const w = await world();
    const res = await call(t, w)('POST', '/inspections', {
      book: w.book._id,
      when: isoDay(-1),
      kind: 'wartung',
      inspectorSignature: signature(),
    });
    expect(res.statusCode).toBe(403);
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-30) });
    const r = await draft(t, w as never);
    const put = await call(t, w)('PUT', `/inspections/${r._id}`, complete(r));
    expect(put.statusCode).toBe(200);
    // The owner (no qualification) changes the text and sends the signature as read: not a new signature.
    const again = await call(t, w)(
      'PUT',
      `/inspections/${r._id}`,
      { text: 'Nachtrag', inspectorSignature: put.json().inspectorSignature, __v: put.json().__v },
      w.owner.token,
    );
    expect(again.statusCode).toBe(200);
  });

  it('tells the editor before signing what the record needs and whether the caller holds it', async () => {
    const w = await world();
    const r = await draft(t, w as never);
    const before = await call(t, w)('GET', `/inspections/${r._id}/qualification`);
    expect(before.json()).toEqual({ required: 'automaticDoor', date: r.when, held: false, validUntil: null });
    const until = isoDay(20);
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-30), validUntil: until });
    const after = await call(t, w)('GET', `/inspections/${r._id}/qualification`);
    expect(after.json()).toEqual({ required: 'automaticDoor', date: r.when, held: true, validUntil: until });
    const later = await call(t, w)('GET', `/inspections/${r._id}/qualification?when=${isoDay(-60)}`);
    expect(later.json()).toMatchObject({ held: false, date: isoDay(-60) });
    // Another tenant's record is unknown.
    const other = await world();
    const foreign = await call(t, other)('GET', `/inspections/${r._id}/qualification`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('keeping qualifications', () => {
  it('lets admins record, change and delete them; users read their own only', async () => {
    const w = await world();
    const q = await granted(w, w.user.id, {
      kind: 'automaticDoor',
      number: 'SK-18650-0042',
      issuer: 'TÜV Süd Akademie',
      validFrom: '2025-03-01',
      validUntil: '2028-02-29',
    });
    const own = await t.api({ method: 'GET', url: `/users/${w.user.id}/qualifications`, token: w.user.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().qualifications).toMatchObject([
      { _id: q._id, kind: 'automaticDoor', number: 'SK-18650-0042', certificate: null, state: 'valid' },
    ]);
    const foreign = await t.api({ method: 'GET', url: `/users/${w.user.id}/qualifications`, token: w.owner.token });
    expect(foreign.statusCode).toBe(404);
    const byTech = await t.api({
      method: 'POST',
      url: `/users/${w.user.id}/qualifications`,
      token: w.user.token,
      payload: { kind: 'rwa', validFrom: '2025-01-01' },
    });
    expect(byTech.statusCode).toBe(403);
    const url = `/users/${w.user.id}/qualifications/${q._id}`;
    const body = {
      kind: 'automaticDoor',
      number: 'SK-18650-0043',
      issuer: 'TÜV',
      validFrom: '2025-03-01',
      validUntil: null,
    };
    const changed = await t.api({ method: 'PUT', url, token: w.admin.token, payload: { ...body, __v: q.__v } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ number: 'SK-18650-0043', validUntil: null, __v: q.__v + 1 });
    const stale = await t.api({ method: 'PUT', url, token: w.admin.token, payload: { ...body, __v: q.__v } });
    expect(stale.statusCode).toBe(409);
    // Another user's qualification under this user's path is unknown.
    const wrongUser = await t.api({
      method: 'PUT',
      url: `/users/${w.owner.id}/qualifications/${q._id}`,
      token: w.admin.token,
      payload: { ...body, __v: q.__v + 1 },
    });
    expect(wrongUser.statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url, token: w.admin.token })).statusCode).toBe(204);
    expect((await t.api({ method: 'DELETE', url, token: w.admin.token })).statusCode).toBe(404);
  });

  it('refuses bad input with the field and a reason', async () => {
    const w = await world();
    const kind = await grant(w, w.user.id, { kind: 'elevator', validFrom: '2025-01-01' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().details).toContainEqual(expect.objectContaining({ field: 'kind', key: 'validation.invalid' }));
    const order = await grant(w, w.user.id, { kind: 'rwa', validFrom: '2025-01-01', validUntil: '2024-12-31' });
    expect(order.statusCode).toBe(400);
    expect(order.json().details).toContainEqual(
      expect.objectContaining({ field: 'validUntil', key: 'validation.dateOrder' }),
    );
    const date = await grant(w, w.user.id, { kind: 'rwa', validFrom: '01.01.2025' });
    expect(date.json().details).toContainEqual(expect.objectContaining({ field: 'validFrom', key: 'validation.date' }));
    const unknownUser = await grant(w, '11111111-1111-4111-8111-111111111111', {
      kind: 'rwa',
      validFrom: '2025-01-01',
    });
    expect(unknownUser.statusCode).toBe(404);
  });

  it('keeps the certificate: upload, download by the holder, its file marked for removal when replaced', async () => {
    const w = await world();
    const q = await granted(w, w.user.id, { kind: 'rwa', validFrom: '2025-01-01' });
    const url = `/users/${w.user.id}/qualifications/${q._id}/certificate`;
    const pdf = samples.pdf();
    const up = await t.api({
      method: 'POST',
      url,
      token: w.admin.token,
      ...multipart({}, { name: 'Zertifikat RWA.pdf', content: pdf, contentType: 'application/pdf' }),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().certificate).toMatchObject({ fileName: 'Zertifikat RWA.pdf', contentType: 'application/pdf' });
    const down = await t.api({ method: 'GET', url, token: w.user.token });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(pdf)).toBe(true);
    expect((await t.api({ method: 'GET', url, token: w.owner.token })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(userQualifications).where(eq(userQualifications.id, q._id));
    const text = await t.api({
      method: 'POST',
      url,
      token: w.admin.token,
      ...multipart({}, { name: 'x.txt', content: Buffer.from('kein Zertifikat'), contentType: 'text/plain' }),
    });
    expect(text.statusCode).toBe(400);
    const again = await t.api({
      method: 'POST',
      url,
      token: w.admin.token,
      ...multipart({}, { name: 'neu.png', content: samples.png(), contentType: 'image/png' }),
    });
    expect(again.statusCode).toBe(200);
    const marks = await t.database.db
      .select()
      .from(fileRemovals)
      .where(eq(fileRemovals.sha256, row?.certificateSha256 ?? ''));
    expect(marks).toHaveLength(1);
  });

  it('shows admins the matrix of people × kinds with each state', async () => {
    const w = await world();
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-300), validUntil: isoDay(20) });
    await granted(w, w.user.id, { kind: 'automaticDoor', validFrom: isoDay(-700), validUntil: isoDay(-300) });
    await granted(w, w.user.id, { kind: 'rwa', validFrom: isoDay(-700), validUntil: isoDay(-1) });
    const res = await t.api({ method: 'GET', url: '/qualifications/matrix', token: w.admin.token });
    expect(res.statusCode).toBe(200);
    const me = res.json().people.find((p: { _id: string }) => p._id === w.user.id);
    expect(me.cells).toEqual({
      automaticDoor: expect.objectContaining({ validUntil: isoDay(20), state: 'expiring' }),
      rwa: expect.objectContaining({ state: 'expired' }),
    });
    const owner = res.json().people.find((p: { _id: string }) => p._id === w.owner.id);
    expect(owner.cells).toEqual({});
    expect((await t.api({ method: 'GET', url: '/qualifications/matrix', token: w.user.token })).statusCode).toBe(403);
  });

  it('keeps the book type’s qualification when a change leaves it out', async () => {
    const w = await world(null);
    const id = (await call(t, w)('GET', `/books/${w.book._id}`)).json().bookType as string;
    const read = async () => (await t.api({ method: 'GET', url: `/booktype/${id}`, token: w.admin.token })).json();
    const before = await read();
    expect(before.qualification).toBeNull();
    const { _id, createdAt, updatedAt, ...body } = before;
    const set = await t.api({
      method: 'PUT',
      url: `/booktype/${id}`,
      token: w.admin.token,
      payload: { ...body, qualification: 'rwa' },
    });
    expect(set.statusCode).toBe(200);
    const { qualification: _q, ...without } = body;
    const kept = await t.api({
      method: 'PUT',
      url: `/booktype/${id}`,
      token: w.admin.token,
      payload: { ...without, __v: set.json().__v },
    });
    expect(kept.json().qualification).toBe('rwa');
  });
});

describe('reminder mails 60 and 14 days before a qualification expires', () => {
  const deps = (t: TestApp) => ({ mailer: t.app.deps.mailer, publicUrl: 'https://pruefbuch.example.org' });
  const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it('queues each reminder once, however often and in how many processes the job runs', async () => {
    const today = berlinToday();
    const holder = await t.createUser({ role: Role.ROLE_SERVICE_TECHNIKER, firstName: 'Rita', lastName: 'Rauch' });
    const [q] = await t.database.db
      .insert(userQualifications)
      .values({
        userId: holder.id,
        kind: 'rwa',
        number: 'RWA-7',
        issuer: 'VdS',
        validFrom: '2024-01-01',
        validUntil: addDays(today, 75),
      })
      .returning();
    if (!q) throw new Error('no qualification');
    const day = (offset: number) => addDays(today, offset);
    // 75 days before: nothing.
    await runQualificationReminders(t.database.db, deps(t), day(0));
    expect(await mailsTo(holder.email)).toHaveLength(0);
    // 60 days before, twice at once and once more: one mail.
    await Promise.all([
      runQualificationReminders(t.database.db, deps(t), day(15)),
      runQualificationReminders(t.database.db, deps(t), day(15)),
    ]);
    await runQualificationReminders(t.database.db, deps(t), day(16));
    const first = await mailsTo(holder.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toContain('Rauch- und Wärmeabzugsanlagen (DIN 18232-2)');
    // 14 days before: the second; after the end: none.
    await runQualificationReminders(t.database.db, deps(t), day(61));
    await runQualificationReminders(t.database.db, deps(t), day(70));
    await runQualificationReminders(t.database.db, deps(t), day(76));
    expect(await mailsTo(holder.email)).toHaveLength(2);
    // Renewed with a new end: reminded anew when that comes near.
    await t.database.db
      .update(userQualifications)
      .set({ validUntil: day(400) })
      .where(eq(userQualifications.id, q.id));
    await runQualificationReminders(t.database.db, deps(t), day(345));
    expect(await mailsTo(holder.email)).toHaveLength(3);
  });

  it('sends a qualification recorded 10 days before its end only the 14-day reminder, and none to a locked account', async () => {
    const today = berlinToday();
    const holder = await t.createUser({ role: Role.ROLE_SERVICE_TECHNIKER });
    const locked = await t.createUser({ role: Role.ROLE_SERVICE_TECHNIKER, isResigned: true });
    for (const u of [holder, locked]) {
      await t.database.db
        .insert(userQualifications)
        .values({ userId: u.id, kind: 'holdOpen', validFrom: '2024-01-01', validUntil: addDays(today, 10) });
    }
    await runQualificationReminders(t.database.db, deps(t), today);
    await runQualificationReminders(t.database.db, deps(t), addDays(today, 1));
    expect(await mailsTo(holder.email)).toHaveLength(1);
    expect(await mailsTo(locked.email)).toHaveLength(0);
  });
});
