import { Role } from '@pruefbuch/domain/roles';
import { BOOK_DEFAULTS } from '@pruefbuch/domain/schemas/book';
import { describe, expect, it } from 'vitest';
import {
  address,
  auditRowsOf,
  branchMember,
  createBook,
  fieldsOf,
  member,
  SLIDING_DOOR_TYPE,
  tag,
  tenantWorld,
} from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

const t = await createTestApp();

describe('POST books', () => {
  it('creates a book in a folder of the tenant with the SPEC §3 defaults', async () => {
    const w = await tenantWorld(t);
    const res = await t.api({
      method: 'POST',
      url: '/books',
      token: w.user.token,
      tenant: w.tenantId,
      payload: { title: '  Haupteingang  ', folder: w.folder, objectaddress: address(), bookType: SLIDING_DOOR_TYPE },
    });
    expect(res.statusCode).toBe(201);
    const book = res.json();
    expect(book).toMatchObject({
      ...BOOK_DEFAULTS,
      title: 'Haupteingang',
      bookType: SLIDING_DOOR_TYPE,
      lagerort: 'inFertigungsprozess',
      status: 1,
      active: true,
      serviceinterval: 0,
      selfserviceinterval: 0,
      tenant: w.tenantId,
      folder: w.folder,
      documents: [],
      qrCodes: [],
      __v: 0,
      objectaddress: { ...address(), _id: expect.any(String) },
    });
    const read = await t.api({ method: 'GET', url: `/books/${book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(read.json()).toEqual(book);
  });

  it('never takes server-managed fields from the client', async () => {
    const w = await tenantWorld(t);
    const other = await t.createTenant();
    const res = await t.api({
      method: 'POST',
      url: '/books',
      token: w.user.token,
      tenant: w.tenantId,
      payload: {
        title: 'Manipuliert',
        _id: '11111111-1111-4111-8111-111111111111',
        tenant: other.id,
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
        __v: 42,
        qrCodes: [{ code: 'x' }],
        documents: ['11111111-1111-4111-8111-111111111111'],
        inspection: [{ when: '2020-01-01' }],
        // The schedule is the server's (books.schedule.ts): without records or dates there is none.
        nextInspectionDate: '2020-01-01',
        inspectionAmpel: 'green',
        nextInspectionDateSelf: '2020-01-01',
        inspectionSelfAmpel: 'green',
        shutDown: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const book = res.json();
    expect(book._id).not.toBe('11111111-1111-4111-8111-111111111111');
    expect(book).toMatchObject({
      tenant: w.tenantId,
      __v: 0,
      qrCodes: [],
      documents: [],
      inspection: [],
      selfInspection: [],
      nextInspectionDate: null,
      inspectionAmpel: null,
      nextInspectionDateSelf: null,
      inspectionSelfAmpel: null,
      shutDown: false,
      slots: 1,
    });
    expect(Date.parse(book.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it.each([
    ['title', {}, 'validation.required'],
    ['title', { title: '   ' }, 'validation.required'],
    ['title', { title: 'x'.repeat(201) }, 'validation.max'],
    ['status', { title: 'a', status: 8 }, 'validation.invalid'],
    ['status', { title: 'a', status: '1' }, 'validation.invalid'],
    ['serviceinterval', { title: 'a', serviceinterval: 5 }, 'validation.invalid'],
    ['selfserviceinterval', { title: 'a', selfserviceinterval: 1.5 }, 'validation.invalid'],
    ['completedOn', { title: 'a', completedOn: '2024-13-01' }, 'validation.date'],
    ['slots', { title: 'a', slots: 0 }, 'validation.min'],
    ['slots', { title: 'a', slots: 1001 }, 'validation.max'],
    ['slots', { title: 'a', slots: 2.5 }, 'validation.invalid'],
    ['contactMail', { title: 'a', contactMail: 'kein-at' }, 'validation.email.invalid'],
    ['bookType', { title: 'a', bookType: 'abc' }, 'validation.id'],
    ['folder', { title: 'a', folder: 12 }, 'validation.id'],
    ['active', { title: 'a', active: 'ja' }, 'validation.invalid'],
    ['misc', { title: 'a', misc: 'frei' }, 'validation.invalid'],
    ['objectaddress.country', { title: 'a', objectaddress: address({ country: 'Deutschland' }) }, 'validation.country'],
    ['lagerort', { title: 'a', lagerort: '' }, 'validation.required'],
  ])('refuses a bad %s with 400 and the reason', async (field, payload, key) => {
    const w = await tenantWorld(t);
    const res = await t.api({ method: 'POST', url: '/books', token: w.user.token, tenant: w.tenantId, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field, key })]));
  });

  it('refuses an unknown book type, an unknown country and a window that ends before it starts', async () => {
    const w = await tenantWorld(t);
    const post = (payload: Record<string, unknown>) =>
      t.api({ method: 'POST', url: '/books', token: w.user.token, tenant: w.tenantId, payload });
    const type = await post({ title: 'a', bookType: '11111111-1111-4111-8111-111111111111' });
    expect(type.statusCode).toBe(400);
    expect(fieldsOf(type)).toEqual(['bookType']);
    const country = await post({ title: 'a', raiseraddress: address({ country: 'XQ' }) });
    expect(country.statusCode).toBe(400);
    expect(fieldsOf(country)).toEqual(['raiseraddress.country']);
    const window = await post({ title: 'a', enableFrom: '2025-05-01', enableTo: '2025-04-30' });
    expect(window.statusCode).toBe(400);
    expect(window.json().details[0]).toMatchObject({ field: 'enableTo', key: 'books.errors.dateOrder' });
    expect(window.json().details[0].message).toBe('Das Ende liegt vor dem Beginn.');
  });

  it('answers a folder of another tenant or an unknown folder with 404 and creates nothing', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    for (const folder of [b.folder, '11111111-1111-4111-8111-111111111111']) {
      const res = await t.api({
        method: 'POST',
        url: '/books',
        token: a.user.token,
        tenant: a.tenantId,
        payload: { title: 'Fremd', folder },
      });
      expect(res.statusCode).toBe(404);
    }
    const list = await t.api({ method: 'GET', url: '/books?search=Fremd', token: a.user.token, tenant: a.tenantId });
    expect(list.json().total).toBe(0);
  });

  it('needs the tenant header, a tenant of the user and a writing role', async () => {
    const w = await tenantWorld(t);
    const payload = { title: 'Rollen' };
    const noTenant = await t.api({ method: 'POST', url: '/books', token: w.user.token, payload });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().code).toBe('TENANT_REQUIRED');
    const foreign = await t.createTenant();
    const wrong = await t.api({ method: 'POST', url: '/books', token: w.user.token, tenant: foreign.id, payload });
    expect(wrong.statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: '/books', tenant: w.tenantId, payload })).statusCode).toBe(401);
    for (const role of [Role.ROLE_FILIALE, Role.ROLE_LAGER, Role.ROLE_FERTIGUNG]) {
      const m = await member(t, role, [w.tenantId]);
      const res = await t.api({ method: 'POST', url: '/books', token: m.token, tenant: w.tenantId, payload });
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
    for (const role of [
      Role.LIST_ADMIN_ROLE,
      Role.ACCEPTOR_ROLE,
      Role.PROJECT_ONLY_ROLE,
      Role.ROLE_SERVICE_TECHNIKER,
    ]) {
      const m = await member(t, role, [w.tenantId]);
      const res = await t.api({ method: 'POST', url: '/books', token: m.token, tenant: w.tenantId, payload });
      expect(res.statusCode, `role ${role}`).toBe(201);
    }
    // Admins work in every tenant without being a member.
    const admin = await member(t, Role.ADMIN_ROLE, []);
    const res = await t.api({ method: 'POST', url: '/books', token: admin.token, tenant: w.tenantId, payload });
    expect(res.statusCode).toBe(201);
  });

  it('records one create row per filled field with the editor abbreviation', async () => {
    const w = await tenantWorld(t);
    const book = await createBook(t, w.user.token, w.tenantId, { title: 'Protokoll', customer: 'Kaufhof Zeil' });
    const rows = await auditRowsOf(t, book._id);
    expect(rows.every((r) => r.action === 'create' && r.entity === 'book' && r.tenantId === w.tenantId)).toBe(true);
    expect(rows.every((r) => r.editorAbbreviation === w.user.abbreviation && r.editorId === w.user.id)).toBe(true);
    const byField = Object.fromEntries(rows.map((r) => [r.field, [r.oldValue, r.newValue]]));
    expect(byField).toMatchObject({
      title: [null, 'Protokoll'],
      customer: [null, 'Kaufhof Zeil'],
      lagerort: [null, 'inFertigungsprozess'],
      status: [null, '1'],
    });
    expect(byField.typ).toBeUndefined();
  });
});

describe('GET books/{id}', () => {
  it('reads a book of the tenant; unknown is 404, malformed 400', async () => {
    const w = await tenantWorld(t);
    const get = (id: string) => t.api({ method: 'GET', url: `/books/${id}`, token: w.user.token, tenant: w.tenantId });
    expect((await get(w.book._id)).json()).toMatchObject({ _id: w.book._id, title: w.book.title });
    expect((await get('11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
    const bad = await get('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'params.id', key: 'validation.id' });
  });

  it('lets members of the tenant read (warehouse too, decision 017), and nobody else', async () => {
    const w = await tenantWorld(t);
    const branch = await branchMember(t, w.tenantId, [w.book._id]);
    const ok = await t.api({ method: 'GET', url: `/books/${w.book._id}`, token: branch.token, tenant: w.tenantId });
    expect(ok.statusCode).toBe(200);
    const outsider = await member(t, Role.ROLE_FILIALE, []);
    const no = await t.api({ method: 'GET', url: `/books/${w.book._id}`, token: outsider.token, tenant: w.tenantId });
    expect(no.statusCode).toBe(403);
    const lager = await member(t, Role.ROLE_LAGER, [w.tenantId]);
    const role = await t.api({ method: 'GET', url: `/books/${w.book._id}`, token: lager.token, tenant: w.tenantId });
    expect(role.statusCode).toBe(200);
  });
});

describe('PUT books/{id}', () => {
  it('changes the fields sent, keeps the others and address ids, and bumps __v', async () => {
    const w = await tenantWorld(t);
    const firstservice = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const created = await createBook(t, w.user.token, w.tenantId, {
      title: 'Alt',
      customer: 'Sparkasse Wiesbaden',
      objectaddress: address(),
      misc: { baujahr: '05/2024' },
    });
    const res = await t.api({
      method: 'PUT',
      url: `/books/${created._id}`,
      token: w.user.token,
      tenant: w.tenantId,
      payload: {
        __v: 0,
        title: 'Neu',
        objectaddress: address({ zip: '65183', location: 'Wiesbaden' }),
        serviceinterval: 12,
        selfserviceinterval: -7,
        firstservice,
        slots: 5,
        // Server-managed: the schedule follows the intervals and dates, not these.
        nextInspectionDate: '2020-03-01',
        inspectionAmpel: 'black',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Neu',
      customer: 'Sparkasse Wiesbaden',
      misc: { baujahr: '05/2024' },
      serviceinterval: 12,
      selfserviceinterval: -7,
      slots: 5,
      firstservice,
      nextInspectionDate: firstservice,
      inspectionAmpel: 'green',
      nextInspectionDateSelf: firstservice,
      inspectionSelfAmpel: 'green',
      __v: 1,
      objectaddress: { _id: created.objectaddress?._id, zip: '65183', location: 'Wiesbaden' },
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  it('answers a stale __v with 409 and changes nothing', async () => {
    const w = await tenantWorld(t);
    const put = (payload: Record<string, unknown>) =>
      t.api({ method: 'PUT', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId, payload });
    expect((await put({ __v: 0, title: 'Erster' })).statusCode).toBe(200);
    const stale = await put({ __v: 0, title: 'Zweiter' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const future = await put({ __v: 7, title: 'Dritter' });
    expect(future.statusCode).toBe(409);
    const read = await t.api({ method: 'GET', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(read.json()).toMatchObject({ title: 'Erster', __v: 1 });
  });

  it('lets only one of two concurrent saves of the same version win', async () => {
    const w = await tenantWorld(t);
    const replies = await Promise.all(
      ['Eins', 'Zwei', 'Drei'].map((title) =>
        t.api({
          method: 'PUT',
          url: `/books/${w.book._id}`,
          token: w.user.token,
          tenant: w.tenantId,
          payload: { __v: 0, title },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('needs __v, ignores server-managed fields and refuses bad values', async () => {
    const w = await tenantWorld(t);
    const put = (payload: Record<string, unknown>) =>
      t.api({ method: 'PUT', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId, payload });
    const noVersion = await put({ title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(fieldsOf(noVersion)).toEqual(['__v']);
    expect((await put({ __v: 'eins', title: 'x' })).statusCode).toBe(400);
    const other = await t.createTenant();
    const sneaky = await put({
      __v: 0,
      createdAt: '2000-01-01T00:00:00.000Z',
      tenant: other.id,
      folder: w.other,
      qrCodes: ['x'],
      documents: ['11111111-1111-4111-8111-111111111111'],
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({
      createdAt: w.book.createdAt,
      tenant: w.tenantId,
      folder: w.folder,
      qrCodes: [],
      documents: [],
    });
    const bad = await put({ __v: 1, status: 0, visibleFrom: '2025-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['status', 'visibleFrom']);
    const window = await put({ __v: 1, visibleFrom: '2025-06-01' });
    expect(window.statusCode).toBe(200);
    const before = await put({ __v: 2, visibleTo: '2025-05-31' });
    expect(before.statusCode).toBe(400);
    expect(before.json().details[0]).toMatchObject({ field: 'visibleTo', key: 'books.errors.dateOrder' });
  });

  it('records one update row per changed field with old value, new value and editor', async () => {
    const w = await tenantWorld(t);
    const editor = await member(t, Role.PROJECT_ROLE, [w.tenantId], { abbreviation: `P${tag().slice(0, 4)}` });
    const res = await t.api({
      method: 'PUT',
      url: `/books/${w.book._id}`,
      token: editor.token,
      tenant: w.tenantId,
      payload: { __v: 0, title: w.book.title, customer: 'Klinikum Darmstadt', status: 4, active: false },
    });
    expect(res.statusCode).toBe(200);
    const rows = (await auditRowsOf(t, w.book._id)).filter((r) => r.action === 'update');
    expect(rows.map((r) => [r.field, r.oldValue, r.newValue, r.editorAbbreviation])).toEqual([
      ['active', 'true', 'false', editor.abbreviation],
      ['customer', null, 'Klinikum Darmstadt', editor.abbreviation],
      ['status', '1', '4', editor.abbreviation],
    ]);
  });

  it('answers unknown, malformed and foreign ids with 404/400', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const put = (id: string) =>
      t.api({
        method: 'PUT',
        url: `/books/${id}`,
        token: a.user.token,
        tenant: a.tenantId,
        payload: { __v: 0, title: 'x' },
      });
    expect((await put(b.book._id)).statusCode).toBe(404);
    expect((await put('11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await put('123')).statusCode).toBe(400);
    const untouched = await t.api({
      method: 'GET',
      url: `/books/${b.book._id}`,
      token: b.user.token,
      tenant: b.tenantId,
    });
    expect(untouched.json()).toMatchObject({ title: b.book.title, __v: 0 });
  });
});
