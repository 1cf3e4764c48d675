import type { Folder } from '@pruefbuch/domain/schemas/folder';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, folders, tenants } from '../../db/schema/index';
import { inService } from '../../platform/legal-holds';

export type FolderRow = typeof folders.$inferSelect;

export const toFolderDto = (row: FolderRow): Folder => ({
  _id: row.id,
  folderName: row.folderName,
  tenant: row.tenantId,
  parentFolderId: row.parentId,
  __v: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });
/** Folder names in German alphabetical order (digits by value), whatever the database's collation. */
export const byName = <T extends { folderName: string }>(a: T, b: T) => collator.compare(a.folderName, b.folderName);

/** A folder by id in any tenant: the caller must check that the user may use the folder's tenant. */
export async function unsafeFindFolderById(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(folders).where(eq(folders.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findFolder(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The folders of a tenant directly under the parent (the top level for null), by name. */
export async function foldersUnder(db: Executor, tenantId: string, parentId: string | null) {
  const rows = await db
    .select()
    .from(folders)
    .where(and(eq(folders.tenantId, tenantId), parentId ? eq(folders.parentId, parentId) : isNull(folders.parentId)));
  return rows.sort(byName);
}

export const allFoldersOf = (db: Executor, tenantId: string) =>
  db
    .select({ id: folders.id, parentId: folders.parentId, folderName: folders.folderName })
    .from(folders)
    .where(eq(folders.tenantId, tenantId));

/** Book counts per folder of a tenant, retired books left out; the key null counts the books in no folder. */
export async function bookCountsByFolder(db: Executor, tenantId: string) {
  const rows = await db
    .select({ folderId: books.folderId, n: sql<number>`count(*)::int` })
    .from(books)
    .where(and(eq(books.tenantId, tenantId), inService))
    .groupBy(books.folderId);
  return new Map(rows.map((r) => [r.folderId, r.n]));
}

/** Whether a folder still holds a subfolder or a book. */
export async function folderHasContent(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({
      folders: sql<boolean>`exists (select 1 from ${folders} where ${folders.tenantId} = ${tenantId} and ${folders.parentId} = ${id})`,
      // A retired book does not keep its folder (it comes back at the root when restored).
      books: sql<boolean>`exists (select 1 from ${books} where ${books.tenantId} = ${tenantId} and ${books.folderId} = ${id} and ${books.retiredAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  return !!(row?.folders || row?.books);
}

/**
 * Serialises changes to the folder structure of one tenant (create, move, delete), so two
 * concurrent moves cannot build a cycle and no folder is created under one being deleted. The
 * lock does not block book writes, whose foreign-key checks take a weaker lock on the row.
 */
export async function lockFolderStructure(db: Executor, tenantId: string) {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  return rows.length > 0;
}
