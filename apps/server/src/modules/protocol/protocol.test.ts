import { protocolField } from '@pruefbuch/domain/protocol';
import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { member, tenantWorld } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';
import { auditLogs } from '../../db/schema/index';
import { protocolDate } from './protocol.service';

const t = await createTestApp();

/** GET auditlogs/book for the world's book, as its own user. */
const bookProtocol = (w: Awaited<ReturnType<typeof tenantWorld>>) =>
  t.api({ method: 'GET', url: `/auditlogs/book?bookId=${w.book._id}`, token: w.user.token, tenant: w.tenantId });
const FOREIGN = '11111111-1111-4111-8111-111111111111';

type Entry = { field: string; oldValue: string | null; newValue: string | null; action: string; userKuerzel: string };

describe('GET auditlogs/book', () => {
  it('returns the protocol of a book newest first, with DD-MM-YYYY dates and the editor abbreviation', async () => {
    const w = await tenantWorld(t);
    const editor = await member(t, Role.ACCEPTOR_ROLE, [w.tenantId], { abbreviation: 'KM' });
    const put = await t.api({
      method: 'PUT',
      url: `/books/${w.book._id}`,
      token: editor.token,
      tenant: w.tenantId,
      payload: { __v: 0, customer: 'Klinikum Darmstadt', objectnutzung: 'Krankenhaus' },
    });
    expect(put.statusCode).toBe(200);
    const res = await bookProtocol(w);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    const [first, second] = entries;
    expect([first.field, second.field].sort()).toEqual(['customer', 'objectnutzung']);
    expect(entries.find((e: Entry) => e.field === 'customer')).toMatchObject({
      oldValue: null,
      newValue: 'Klinikum Darmstadt',
      action: 'update',
      userKuerzel: 'KM',
    });
    const created = entries.filter((e: Entry) => e.action === 'create');
    expect(created.find((e: Entry) => e.field === 'title')).toMatchObject({
      newValue: w.book.title,
      userKuerzel: w.user.abbreviation,
    });
    expect(entries.indexOf(created[0])).toBeGreaterThan(1);
    for (const e of entries) {
      expect(e.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(e.date).toBe(protocolDate(new Date(e.createdAt)));
      expect(e._id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps a deleted book's protocol readable", async () => {
    const w = await tenantWorld(t);
    const del = await t.api({ method: 'DELETE', url: `/books/${w.book._id}`, token: w.user.token, tenant: w.tenantId });
    expect(del.statusCode).toBe(204);
    const res = await bookProtocol(w);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ action: 'delete', newValue: null });
    expect(res.json().some((e: Entry) => e.action === 'create')).toBe(true);
  });

  it('answers unknown and foreign ids with 404, malformed or missing ones with 400', async () => {
    const a = await tenantWorld(t, 'A');
    const b = await tenantWorld(t, 'B');
    const get = (q: string) =>
      t.api({ method: 'GET', url: `/auditlogs/book${q}`, token: a.user.token, tenant: a.tenantId });
    expect((await get(`?bookId=${b.book._id}`)).statusCode).toBe(404);
    expect((await get(`?bookId=${FOREIGN}`)).statusCode).toBe(404);
    expect((await get('?bookId=123')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
    const noTenant = await t.api({ method: 'GET', url: `/auditlogs/book?bookId=${a.book._id}`, token: a.user.token });
    expect(noTenant.statusCode).toBe(400);
  });

  it('pages with page and size (on both paths) and stays the whole list without them', async () => {
    const w = await tenantWorld(t);
    await t.database.db.insert(auditLogs).values(
      Array.from({ length: 7 }, (_, i) => ({
        tenantId: w.tenantId,
        entity: 'book' as const,
        entityId: w.book._id,
        action: 'update' as const,
        field: 'customer',
        newValue: `Kunde ${i}`,
        editorId: w.user.id,
        editorAbbreviation: 'TN',
        createdAt: new Date(Date.now() + (i + 1) * 1000),
      })),
    );
    const get = (q: string, path = `/auditlogs/book?bookId=${w.book._id}&`) =>
      t.api({ method: 'GET', url: `${path}${q}`, token: w.user.token, tenant: w.tenantId });
    const all = (await get('')).json() as Entry[];
    expect(Array.isArray(all)).toBe(true);
    expect(all[0]).toMatchObject({ newValue: 'Kunde 6' });
    const total = all.length;
    expect(total).toBeGreaterThan(7);

    const first = (await get('page=1&size=3')).json();
    expect(first).toMatchObject({ total, page: 1, size: 3, pages: Math.ceil(total / 3) });
    expect(first.docs.map((e: Entry) => e.newValue)).toEqual(['Kunde 6', 'Kunde 5', 'Kunde 4']);
    const second = (await get('page=2&size=3', `/protocol/getProtocolByBook/${w.book._id}?`)).json();
    expect(second).toMatchObject({ total, page: 2, size: 3 });
    expect(second.docs).toEqual(all.slice(3, 6));
    const last = (await get(`page=${first.pages}&size=3`)).json();
    expect(last.docs).toEqual(all.slice((first.pages - 1) * 3));
    // A size alone is the first page; a page past the end is empty, not a 404.
    expect((await get('size=2')).json()).toMatchObject({ page: 1, size: 2, total, docs: all.slice(0, 2) });
    expect((await get('page=99&size=50')).json()).toMatchObject({ docs: [], total, page: 99 });
    for (const q of ['page=0', 'size=0', 'size=201', 'page=x']) expect((await get(q)).statusCode, q).toBe(400);
    const foreign = await get('page=1&size=3', `/auditlogs/book?bookId=${FOREIGN}&`);
    expect(foreign.statusCode).toBe(404);
  });

  it('is for office roles and service technicians, not branch users or the warehouse', async () => {
    const w = await tenantWorld(t);
    const url = `/auditlogs/book?bookId=${w.book._id}`;
    for (const role of [Role.ROLE_FILIALE, Role.ROLE_LAGER, Role.ROLE_FERTIGUNG]) {
      const m = await member(t, role, [w.tenantId]);
      expect((await t.api({ method: 'GET', url, token: m.token, tenant: w.tenantId })).statusCode, `role ${role}`).toBe(
        403,
      );
    }
    const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [w.tenantId]);
    expect((await t.api({ method: 'GET', url, token: tech.token, tenant: w.tenantId })).statusCode).toBe(200);
  });
});

describe('the editor and unknown fields', () => {
  it("names the editor as 'Vorname Nachname' next to the abbreviation, also on protocol/getProtocolByBook", async () => {
    const w = await tenantWorld(t);
    const editor = await member(t, Role.ACCEPTOR_ROLE, [w.tenantId], {
      firstName: 'Karla',
      lastName: 'Meier',
      abbreviation: 'KME',
    });
    const put = await t.api({
      method: 'PUT',
      url: `/books/${w.book._id}`,
      token: editor.token,
      tenant: w.tenantId,
      payload: { __v: 0, customer: 'Klinikum Darmstadt' },
    });
    expect(put.statusCode).toBe(200);
    for (const url of [`/auditlogs/book?bookId=${w.book._id}`, `/protocol/getProtocolByBook/${w.book._id}`]) {
      const res = await t.api({ method: 'GET', url, token: w.user.token, tenant: w.tenantId });
      expect(res.statusCode, url).toBe(200);
      const [latest, ...older] = res.json();
      expect(latest).toMatchObject({ field: 'customer', userKuerzel: 'KME', editorName: 'Karla Meier' });
      expect(latest.createdAt).toBe(new Date(latest.createdAt).toISOString());
      expect(older.find((e: Entry) => e.field === 'title')).toMatchObject({ editorName: 'Test Nutzer' });
    }
  });

  it('returns rows of unknown fields and gone editors as stored; their label is humanised, never the raw key', async () => {
    const w = await tenantWorld(t);
    await t.database.db.insert(auditLogs).values({
      tenantId: w.tenantId,
      entity: 'book',
      entityId: w.book._id,
      action: 'update',
      field: 'legacy.someOldField',
      newValue: 'x',
      editorId: FOREIGN,
      editorAbbreviation: 'OLD',
    });
    const res = await t.api({
      method: 'GET',
      url: `/protocol/getProtocolByBook/${w.book._id}`,
      token: w.user.token,
      tenant: w.tenantId,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().find((e: Entry) => e.field === 'legacy.someOldField');
    expect(row).toMatchObject({ newValue: 'x', userKuerzel: 'OLD', editorName: '' });
    expect(protocolField('book', row.field).label).toEqual([{ text: 'Legacy · Some old field' }]);
    const other = await tenantWorld(t, 'B');
    const foreign = await t.api({
      method: 'GET',
      url: `/protocol/getProtocolByBook/${w.book._id}`,
      token: other.user.token,
      tenant: other.tenantId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('protocolDate', () => {
  it.each([
    ['2025-03-09T10:00:00Z', '09-03-2025'],
    ['2025-12-31T23:30:00Z', '01-01-2026'],
    ['2025-06-30T21:59:00Z', '30-06-2025'],
    ['2025-06-30T22:00:00Z', '01-07-2025'],
  ])('%s is %s in Berlin', (iso, expected) => {
    expect(protocolDate(new Date(iso))).toBe(expected);
  });
});
