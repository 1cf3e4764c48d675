import { Role } from '@pruefbuch/domain/roles';
import { describe, expect, it } from 'vitest';
import { createBook, member, tenantWorld } from '../../../test/fixtures/books';
import { createTestApp } from '../../../test/helper';

/**
 * Tenant isolation (issue 3, must deliver 8): a user of tenant A, working in A, gets 404 for
 * every book and audit call that names tenant B's book, folder or url, B's data stays as it
 * was, and B's books never show in A's lists or searches.
 */
const t = await createTestApp();
const a = await tenantWorld(t, 'A');
const b = await tenantWorld(t, 'B');
const bTemplate = await createBook(t, b.user.token, b.tenantId, { title: `B-Vorlage ${b.book.title}`, status: 7 });
const aAdmin = await member(t, Role.ADMIN_ROLE, []);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
const CALLS: [string, Call][] = [
  ['GET books/{id}', { method: 'GET', url: `/books/${b.book._id}` }],
  ['GET books/dto/{id}', { method: 'GET', url: `/books/dto/${b.book._id}` }],
  ['GET books/get/typenschilddata', { method: 'GET', url: `/books/get/typenschilddata?bookId=${b.book._id}` }],
  ['PUT books/{id}', { method: 'PUT', url: `/books/${b.book._id}`, payload: { __v: 0, title: 'gekapert' } }],
  [
    'PUT books/updateSpezial/{id}',
    { method: 'PUT', url: `/books/updateSpezial/${b.book._id}`, payload: { active: false } },
  ],
  ['PUT move2folder (B book, A folder)', { method: 'PUT', url: `/books/${b.book._id}/move2folder/${a.folder}` }],
  ['PUT move2folder (A book, B folder)', { method: 'PUT', url: `/books/${a.book._id}/move2folder/${b.folder}` }],
  ['PUT move2folder (B book, root)', { method: 'PUT', url: `/books/${b.book._id}/move2folder/root` }],
  [
    'POST books/fromTemplate/{B template}',
    { method: 'POST', url: `/books/fromTemplate/${bTemplate._id}`, payload: { title: 'x' } },
  ],
  [
    'POST books/asTemplate/{B book}',
    { method: 'POST', url: `/books/asTemplate/${b.book._id}`, payload: { title: 'x' } },
  ],
  ['POST books in a B folder', { method: 'POST', url: '/books', payload: { title: 'x', folder: b.folder } }],
  ['DELETE books/{id}', { method: 'DELETE', url: `/books/${b.book._id}` }],
  ['GET auditlogs/book', { method: 'GET', url: `/auditlogs/book?bookId=${b.book._id}` }],
  ['GET tenants/url (B url)', { method: 'GET', url: `/tenants/url/${b.url}/all/1/title/20` }],
  ['GET tenants/url (A url, B folder)', { method: 'GET', url: `/tenants/url/${a.url}/${b.folder}/1/title/20` }],
];

describe('tenant isolation of books', () => {
  it.each(CALLS)("%s with tenant B's ids is a 404 for a user of tenant A", async (_name, call) => {
    const res = await t.api({ ...call, token: a.user.token, tenant: a.tenantId });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.body).not.toContain(b.book.title);
  });

  it.each(CALLS)('%s is a 404 for an admin working in tenant A too', async (_name, call) => {
    const res = await t.api({ ...call, token: aAdmin.token, tenant: a.tenantId });
    expect(res.statusCode).toBe(404);
  });

  it("leaves B's book as it was", async () => {
    const res = await t.api({ method: 'GET', url: `/books/${b.book._id}`, token: b.user.token, tenant: b.tenantId });
    expect(res.json()).toMatchObject({ title: b.book.title, folder: b.folder, active: true, __v: 0 });
    const log = await t.api({
      method: 'GET',
      url: `/auditlogs/book?bookId=${b.book._id}`,
      token: b.user.token,
      tenant: b.tenantId,
    });
    expect(log.json().every((e: { action: string }) => e.action === 'create')).toBe(true);
  });

  it("never shows B's books in A's lists, searches and statistics", async () => {
    const term = encodeURIComponent(b.book.title);
    for (const url of [
      `/books?search=${term}`,
      `/books?search=${encodeURIComponent('Schiebetür')}&size=100`,
      `/tenants/url/${a.url}/all/1/title/100?search=${term}`,
      `/tenants/url/${a.url}/root/1/title/100`,
    ]) {
      const res = await t.api({ method: 'GET', url, token: a.user.token, tenant: a.tenantId });
      expect(res.statusCode, url).toBe(200);
      expect(
        res.json().docs.map((d: { _id: string }) => d._id),
        url,
      ).not.toContain(b.book._id);
    }
    const all = await t.api({ method: 'GET', url: '/books?size=100', token: a.user.token, tenant: a.tenantId });
    expect(all.json().docs.map((d: { _id: string }) => d._id)).toEqual([a.book._id]);
    const stats = await t.api({ method: 'GET', url: '/books/statistics', token: a.user.token, tenant: a.tenantId });
    expect(stats.json().total).toBe(1);
  });

  it("refuses B's tenant header to a user of A on every call", async () => {
    for (const [name, call] of CALLS) {
      const res = await t.api({ ...call, token: a.user.token, tenant: b.tenantId });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code, name).toBe('TENANT_FORBIDDEN');
    }
  });
});
