import { randomUUID } from 'node:crypto';
import { CustomerRole, Role, type RoleNumber } from '@pruefbuch/domain/roles';
import type { Book } from '@pruefbuch/domain/schemas/book';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { assignLocations, insertLocation, linkBooks } from '../../../test/factories';
import type { TestApp } from '../../../test/helper';
import { auditLogs, blobs, books, customerLocationBooks, folders } from '../../db/schema/index';

/** Small helpers of the book, book type and audit log API tests. */

export const tag = () => randomUUID().replace(/-/g, '').slice(0, 10);
export const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.field).sort();

/** A seeded book type (0003_booktypes migration). */
export const SLIDING_DOOR_TYPE = '0b7c1a10-0001-4000-8000-000000000001';

export const address = (overrides: Record<string, string> = {}) => ({
  street: 'Zeil',
  housenumber: '106',
  zip: '60313',
  location: 'Frankfurt am Main',
  tel: '069 123456',
  email: 'haustechnik@kaufhof.example',
  homepage: '',
  country: 'DE',
  ...overrides,
});

export type Member = { id: string; abbreviation: string; token: string };

/** A user of one role in these tenants, signed in. */
export async function member(
  t: TestApp,
  role: RoleNumber,
  tenantIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<Member> {
  const user = await t.createUser({
    role,
    tenantIds,
    ...(role === Role.ROLE_FILIALE ? { customerRole: CustomerRole.ROLE_DEFAULT, customer: 1 } : {}),
    ...overrides,
  });
  const session = await t.login(user.email);
  return { id: user.id, abbreviation: user.abbreviation, token: session.token };
}

export async function folderIn(t: TestApp, tenantId: string, name = 'Ordner', parentId: string | null = null) {
  const [row] = await t.database.db
    .insert(folders)
    .values({ tenantId, folderName: name, parentId })
    .returning({ id: folders.id });
  if (!row) throw new Error('no folder');
  return row.id;
}

/** A tenant with two folders, a standard user and a book in the first folder, made through the API. */
export async function tenantWorld(t: TestApp, name = 'Mandant') {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const folder = await folderIn(t, tenant.id, 'Frankfurt');
  const other = await folderIn(t, tenant.id, 'Wiesbaden');
  const user = await member(t, Role.STANDARD_ROLE, [tenant.id]);
  const book = await createBook(t, user.token, tenant.id, { title: `Schiebetür ${tag()}`, folder });
  return { tenant, tenantId: tenant.id, url: tenant.url, folder, other, user, book };
}

/** POST books; fails the test on anything but 201. */
export async function createBook(t: TestApp, token: string, tenant: string, payload: Record<string, unknown>) {
  const res = await t.api({ method: 'POST', url: '/books', token, tenant, payload });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Book;
}

/** Books straight into the database, for lists. */
export async function insertBooks(t: TestApp, tenantId: string, rows: Partial<typeof books.$inferInsert>[]) {
  return t.database.db
    .insert(books)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .returning();
}

/** A document row of a book (the bytes are not needed by the book calls). */
export async function insertBlob(t: TestApp, tenantId: string, bookId: string, sha256 = 'a'.repeat(64)) {
  const [row] = await t.database.db
    .insert(blobs)
    .values({ tenantId, bookId, sha256, size: 3, contentType: 'application/pdf', fileName: 'a.pdf' })
    .returning();
  if (!row) throw new Error('no blob');
  return row;
}

export const auditRowsOf = (t: TestApp, entityId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, entityId)))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.field));

/**
 * A branch user (role 8, customer role default unless overridden) who sees these books: they are
 * linked to a new location of the tenant that the user is assigned (decision 019).
 */
export async function branchMember(
  t: TestApp,
  tenantId: string,
  bookIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<Member> {
  const db = t.database.db;
  // Books already linked keep their location (a book belongs to one), the others join a new one.
  const linked = bookIds.length
    ? await db.select().from(customerLocationBooks).where(inArray(customerLocationBooks.bookId, bookIds))
    : [];
  const locationIds = new Set(linked.map((l) => l.locationId));
  const loose = bookIds.filter((id) => !linked.some((l) => l.bookId === id));
  if (loose.length || locationIds.size === 0) {
    const location = await insertLocation(db, tenantId, { customer: 1 });
    await linkBooks(db, location.id, loose);
    locationIds.add(location.id);
  }
  const m = await member(t, Role.ROLE_FILIALE, [tenantId], overrides);
  await assignLocations(db, m.id, [...locationIds]);
  return m;
}
