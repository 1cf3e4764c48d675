import { Role } from '@pruefbuch/domain/roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf, createBook, fieldsOf, member, tag, tenantWorld } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { auditLogs } from '../../db/schema/index';

const t = await createTestApp();
const admin = await member(t, Role.ADMIN_ROLE, []);
const FOREIGN = '11111111-1111-4111-8111-111111111111';

const bookType = (overrides: Record<string, unknown> = {}) => ({
  type: `Testtür ${tag()}`,
  component: 'DIN 18650',
  icon: 'door',
  color: '#228be6',
  serviceinterval: 12,
  selfserviceinterval: 1,
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}) {
  const res = await t.api({ method: 'POST', url: '/booktype', token: admin.token, payload: bookType(overrides) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

describe('seeded book types', () => {
  it('come with German names, norms, icons, colours and the legal intervals', async () => {
    const res = await t.api({ method: 'GET', url: '/booktype/active', token: admin.token });
    expect(res.statusCode).toBe(200);
    const byType = Object.fromEntries(res.json().map((b: { type: string }) => [b.type, b]));
    expect(byType['Automatische Schiebetür']).toMatchObject({
      component: 'DIN 18650 / EN 16005',
      serviceinterval: 12,
      selfserviceinterval: 1,
    });
    expect(byType['Automatische Drehflügeltür']).toMatchObject({ serviceinterval: 12, selfserviceinterval: 1 });
    expect(byType['Automatische Karusselltür']).toMatchObject({ serviceinterval: 12 });
    expect(byType['Rauch- und Wärmeabzugsanlage (RWA)']).toMatchObject({
      component: 'DIN 18232-2',
      serviceinterval: 12,
      selfserviceinterval: 3,
    });
    expect(byType['Feststellanlage an Brandschutztür']).toMatchObject({
      component: 'DIN 14677',
      selfserviceinterval: 1,
    });
    expect(byType['Kraftbetätigtes Tor']).toMatchObject({ component: 'ASR A1.7', serviceinterval: 12 });
    for (const b of Object.values(byType) as { icon: string; color: string }[]) {
      expect(b.icon).toMatch(/^[a-z0-9-]+$/);
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('GET booktype/serviceinterval/all', () => {
  it('lists the intervals from daily to no inspection with labels per language', async () => {
    const de = await t.api({ method: 'GET', url: '/booktype/serviceinterval/all', token: admin.token });
    expect(de.json().map((i: { value: number; label: string }) => [i.value, i.label])).toEqual([
      [-1, 'Täglich'],
      [-7, 'Wöchentlich'],
      [1, 'Monatlich'],
      [3, 'Vierteljährlich'],
      [6, 'Halbjährlich'],
      [12, 'Jährlich'],
      [0, 'Keine Prüfung'],
    ]);
    expect(de.json()[1]).toEqual({ value: -7, name: 'WEEKLY', label: 'Wöchentlich', days: 7, months: 0 });
    const en = await t.api({
      method: 'GET',
      url: '/booktype/serviceinterval/all',
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().map((i: { label: string }) => i.label)).toContain('Half yearly');
  });
});

describe('GET booktype', () => {
  it('pages, searches and sorts; every signed-in role may read', async () => {
    const m = tag();
    for (const [type, component] of [
      [`B-${m}`, 'EN 16005'],
      [`A-${m}`, 'DIN 18650'],
      [`C-${m}`, 'ASR'],
    ]) {
      await created({ type, component, active: type !== `C-${m}` });
    }
    const branch = await member(t, Role.ROLE_FILIALE, []);
    const get = (q: string) => t.api({ method: 'GET', url: `/booktype?${q}`, token: branch.token });
    const page = await get(`search=${m}&size=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(page.json().docs.map((d: { type: string }) => d.type)).toEqual([`A-${m}`, `B-${m}`]);
    const desc = await get(`search=${m}&sort=-type`);
    expect(desc.json().docs.map((d: { type: string }) => d.type)).toEqual([`C-${m}`, `B-${m}`, `A-${m}`]);
    const byComponent = await get(`search=${m}&sort=component`);
    expect(byComponent.json().docs.map((d: { component: string }) => d.component)).toEqual([
      'ASR',
      'DIN 18650',
      'EN 16005',
    ]);
    expect((await get(`search=${m}&active=false`)).json().total).toBe(1);
    expect((await get('search=Schiebetür')).json().docs[0].type).toBe('Automatische Schiebetür');
    const active = await t.api({ method: 'GET', url: '/booktype/active', token: branch.token });
    expect(active.json().map((d: { type: string }) => d.type)).not.toContain(`C-${m}`);
    expect((await get('sort=farbe')).statusCode).toBe(400);
    expect((await get('size=1000')).statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/booktype' })).statusCode).toBe(401);
  });
});

describe('GET booktype/{id}', () => {
  it('reads one type; unknown is 404, malformed 400', async () => {
    const bt = await created();
    const standard = await member(t, Role.STANDARD_ROLE, []);
    const get = (id: string) => t.api({ method: 'GET', url: `/booktype/${id}`, token: standard.token });
    expect((await get(bt._id)).json()).toEqual(bt);
    expect((await get(FOREIGN)).statusCode).toBe(404);
    expect((await get('schiebetuer')).statusCode).toBe(400);
  });
});

describe('POST booktype', () => {
  it('creates a type with defaults and ignores server-managed fields', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/booktype',
      token: admin.token,
      payload: { type: '  Drehtürantrieb  ', _id: FOREIGN, __v: 9, createdAt: '2000-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'Drehtürantrieb',
      component: '',
      icon: '',
      color: '',
      serviceinterval: 0,
      selfserviceinterval: 0,
      active: true,
      __v: 0,
    });
    expect(res.json()._id).not.toBe(FOREIGN);
    const rows = await auditRowsOf(t, res.json()._id);
    expect(rows.map((r) => [r.entity, r.action, r.field, r.newValue, r.editorAbbreviation])).toEqual(
      expect.arrayContaining([
        ['booktype', 'create', 'type', 'Drehtürantrieb', admin.abbreviation],
        ['booktype', 'create', 'active', 'true', admin.abbreviation],
      ]),
    );
  });

  it.each([
    ['type', {}],
    ['type', { type: ' ' }],
    ['type', { type: 'x'.repeat(101) }],
    ['icon', { type: 'a', icon: 'Door Icon' }],
    ['color', { type: 'a', color: 'rgb(1,2,3)' }],
    ['serviceinterval', { type: 'a', serviceinterval: 2 }],
    ['selfserviceinterval', { type: 'a', selfserviceinterval: 'monatlich' }],
    ['active', { type: 'a', active: 1 }],
  ])('refuses a bad %s', async (field, payload) => {
    const res = await t.api({ method: 'POST', url: '/booktype', token: admin.token, payload });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('is for admins only', async () => {
    for (const role of [Role.LIST_ADMIN_ROLE, Role.STANDARD_ROLE, Role.ROLE_FILIALE]) {
      const m = await member(t, role, []);
      const res = await t.api({ method: 'POST', url: '/booktype', token: m.token, payload: bookType() });
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
  });
});

describe('PUT booktype/{id}', () => {
  it('updates with the current __v, answers a stale one with 409 and records each changed field', async () => {
    const bt = await created({ serviceinterval: 12 });
    const put = (payload: Record<string, unknown>) =>
      t.api({ method: 'PUT', url: `/booktype/${bt._id}`, token: admin.token, payload });
    const ok = await put({ ...bookType({ type: bt.type, serviceinterval: 6, color: 'red.7' }), __v: 0 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ serviceinterval: 6, color: 'red.7', __v: 1 });
    const stale = await put({ ...bookType({ type: 'Veraltet' }), __v: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect(fieldsOf(await put({ type: 'ohne Version' }))).toEqual(['__v']);
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, bt._id), eq(auditLogs.action, 'update')));
    expect(rows.map((r) => [r.field, r.oldValue, r.newValue]).sort()).toEqual([
      ['color', '#228be6', 'red.7'],
      ['serviceinterval', '12', '6'],
    ]);
  });

  it('answers unknown ids with 404, malformed with 400 and other roles with 403', async () => {
    const payload = { ...bookType(), __v: 0 };
    expect((await t.api({ method: 'PUT', url: `/booktype/${FOREIGN}`, token: admin.token, payload })).statusCode).toBe(
      404,
    );
    expect((await t.api({ method: 'PUT', url: '/booktype/1', token: admin.token, payload })).statusCode).toBe(400);
    const bt = await created();
    const standard = await member(t, Role.STANDARD_ROLE, []);
    const res = await t.api({ method: 'PUT', url: `/booktype/${bt._id}`, token: standard.token, payload });
    expect(res.statusCode).toBe(403);
  });
});

describe('interval change of a type', () => {
  it('moves the next dates of its books without own intervals, and only theirs', async () => {
    const bt = await created({ serviceinterval: 12, selfserviceinterval: 1 });
    const w = await tenantWorld(t);
    const own = { title: 'Eigenes Intervall', bookType: bt._id, completedOn: '2026-01-15', serviceinterval: 3 };
    const byType = { title: 'Intervall vom Typ', bookType: bt._id, completedOn: '2026-01-15' };
    const a = await createBook(t, w.user.token, w.tenantId, byType);
    const b = await createBook(t, w.user.token, w.tenantId, own);
    expect(a.nextInspectionDate).toBe('2027-01-15');
    expect(b.nextInspectionDate).toBe('2026-04-15');
    const put = await t.api({
      method: 'PUT',
      url: `/booktype/${bt._id}`,
      token: admin.token,
      payload: { ...bookType({ type: bt.type, serviceinterval: 6, selfserviceinterval: 3 }), __v: 0 },
    });
    expect(put.statusCode).toBe(200);
    const read = async (id: string) =>
      (await t.api({ method: 'GET', url: `/books/${id}`, token: w.user.token, tenant: w.tenantId })).json();
    expect(await read(a._id)).toMatchObject({ nextInspectionDate: '2026-07-15', nextInspectionDateSelf: '2026-04-15' });
    expect(await read(b._id)).toMatchObject({ nextInspectionDate: '2026-04-15', nextInspectionDateSelf: '2026-04-15' });
  });
});

describe('DELETE booktype/{id}', () => {
  it('deletes a type; its books keep their data without a type; the audit trail stays', async () => {
    const bt = await created();
    const w = await tenantWorld(t);
    const book = await createBook(t, w.user.token, w.tenantId, { title: 'Mit Typ', bookType: bt._id });
    const standard = await member(t, Role.STANDARD_ROLE, []);
    expect((await t.api({ method: 'DELETE', url: `/booktype/${bt._id}`, token: standard.token })).statusCode).toBe(403);
    const del = await t.api({ method: 'DELETE', url: `/booktype/${bt._id}`, token: admin.token });
    expect(del.statusCode).toBe(204);
    expect((await t.api({ method: 'GET', url: `/booktype/${bt._id}`, token: admin.token })).statusCode).toBe(404);
    const read = await t.api({ method: 'GET', url: `/books/${book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(read.json()).toMatchObject({ title: 'Mit Typ', bookType: null });
    const rows = await auditRowsOf(t, bt._id);
    expect(rows.filter((r) => r.action === 'delete').map((r) => r.field)).toContain('type');
    expect((await t.api({ method: 'DELETE', url: `/booktype/${bt._id}`, token: admin.token })).statusCode).toBe(404);
    expect((await t.api({ method: 'DELETE', url: '/booktype/x', token: admin.token })).statusCode).toBe(400);
  });
});
