import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { auditLogs, books, folders } from '../../db/schema/index';

/** Small helpers of the tenant and folder API tests. */

export const tag = () => randomUUID().replace(/-/g, '').slice(0, 12);
export const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.field);
export const keysOf = (res: { json: () => { details?: { key: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.key);

/** An id nobody has. */
export const unknownId = () => randomUUID();

/** A complete body of POST tenants. */
export const tenantBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Mandant ${tag()}`,
  url: `m-${tag()}`,
  fusszeileText: 'Türservice GmbH · Musterstraße 1 · 60311 Frankfurt',
  addressName: 'Türservice GmbH',
  notificationEmail: 'info@tuerservice.example',
  hotHint: ['Schlüssel beim Pförtner'],
  techAcceptor: true,
  importDataClarificationSheet: false,
  address: {
    street: 'Hanauer Landstraße',
    housenumber: '126',
    zip: '60314',
    location: 'Frankfurt am Main',
    tel: '+49 69 1234 5600',
    email: 'info@tuerservice.example',
    homepage: 'https://tuerservice.example',
    country: 'DE',
  },
  ...overrides,
});

/** Test data written straight to the database. */
export function dbWrites(t: TestApp) {
  const db = t.database.db;
  return {
    async folder(tenantId: string, folderName = `Ordner ${tag()}`, parentId: string | null = null) {
      const [row] = await db.insert(folders).values({ tenantId, folderName, parentId }).returning();
      if (!row) throw new Error('no folder');
      return row;
    },
    async book(tenantId: string, folderId: string | null = null) {
      const [row] = await db
        .insert(books)
        .values({ tenantId, folderId, title: `Buch ${tag()}` })
        .returning();
      if (!row) throw new Error('no book');
      return row;
    },
    auditOf: (entity: 'tenant' | 'folder', entityId: string) =>
      db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, entityId)))
        .orderBy(asc(auditLogs.createdAt), asc(auditLogs.field)),
  };
}
