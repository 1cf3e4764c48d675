import type { FolderCreate, FolderNode, FolderTree, FolderUpdate } from '@pruefbuch/domain/schemas/folder';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { folders } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { badField, conflict, notFound } from '../../platform/errors';
import { assertTenantAccess } from '../../platform/tenancy';
import { checkVersion, writeVersion } from '../../platform/versioned-write';
import { findTenant } from '../tenants/tenants.repo';
import {
  allFoldersOf,
  bookCountsByFolder,
  byName,
  type FolderRow,
  findFolder,
  folderHasContent,
  foldersUnder,
  lockFolderStructure,
  toFolderDto,
  unsafeFindFolderById,
} from './folders.repo';

const audit = (row: FolderRow, action: 'create' | 'update' | 'delete') => ({
  entity: 'folder' as const,
  entityId: row.id,
  tenantId: row.tenantId,
  action,
});

/** A folder of a tenant the user may use; any other id is a 404. */
async function accessibleFolder(ctx: RequestContext, db: Executor, id: string, forUpdate = false) {
  const row = await unsafeFindFolderById(db, id, { forUpdate });
  if (!row) throw notFound();
  await assertTenantAccess(db, ctx.user, row.tenantId);
  return row;
}

export async function get(ctx: RequestContext, id: string) {
  return toFolderDto(await accessibleFolder(ctx, ctx.db, id));
}

/** The folders directly under the parent (top level without one); an unknown parent is a 404. */
export async function list(ctx: RequestContext, tenantId: string, parentId: string | null) {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  if (parentId && !(await findFolder(ctx.db, tenantId, parentId))) throw notFound();
  return (await foldersUnder(ctx.db, tenantId, parentId)).map(toFolderDto);
}

/** The tenant's whole folder tree with the book count of every folder and of its subtree. */
export async function tree(ctx: RequestContext, tenantId: string): Promise<FolderTree> {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  const [tenant, rows, counts] = await Promise.all([
    findTenant(ctx.db, tenantId),
    allFoldersOf(ctx.db, tenantId),
    bookCountsByFolder(ctx.db, tenantId),
  ]);
  if (!tenant) throw notFound();
  const nodes = new Map<string, FolderNode>(
    rows.map((r) => [
      r.id,
      {
        _id: r.id,
        folderName: r.folderName,
        parentFolderId: r.parentId,
        books: counts.get(r.id) ?? 0,
        totalBooks: 0,
        children: [],
      },
    ]),
  );
  const top: FolderNode[] = [];
  for (const node of nodes.values()) {
    // A folder whose parent is missing is shown at the top level rather than lost.
    const parent = node.parentFolderId ? nodes.get(node.parentFolderId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  const finish = (list: FolderNode[]): number => {
    list.sort(byName);
    let sum = 0;
    for (const n of list) {
      n.totalBooks = n.books + finish(n.children);
      sum += n.totalBooks;
    }
    return sum;
  };
  finish(top);
  let totalBooks = 0;
  for (const n of counts.values()) totalBooks += n;
  return {
    tenant: { _id: tenant.id, name: tenant.name, url: tenant.url },
    rootBooks: counts.get(null) ?? 0,
    totalBooks,
    folders: top,
  };
}

/**
 * POST folder/tenant/{tenantId}[/{parentId}]. The tenant comes from the path, never from the
 * body; the parent from the path, else from the body's parentFolderId.
 */
export async function create(ctx: RequestContext, tenantId: string, pathParentId: string | null, input: FolderCreate) {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  return ctx.db.transaction(async (tx) => {
    // The tenant may have been deleted since the access check.
    if (!(await lockFolderStructure(tx, tenantId))) throw notFound();
    const parentId = pathParentId ?? input.parentFolderId ?? null;
    if (parentId && !(await findFolder(tx, tenantId, parentId))) {
      if (pathParentId) throw notFound();
      throw badField('parentFolderId', 'validation.folderParent');
    }
    const [row] = await tx.insert(folders).values({ tenantId, parentId, folderName: input.folderName }).returning();
    if (!row) throw new Error('folder insert returned nothing');
    await recordChanges(tx, ctx, audit(row, 'create'), null, row);
    return toFolderDto(row);
  });
}

/** Whether `candidate` is the folder itself or lies below it. */
function isInSubtree(all: { id: string; parentId: string | null }[], folderId: string, candidate: string) {
  const parentOf = new Map(all.map((f) => [f.id, f.parentId]));
  const seen = new Set<string>();
  for (let at: string | null | undefined = candidate; at && !seen.has(at); at = parentOf.get(at)) {
    if (at === folderId) return true;
    seen.add(at);
  }
  return false;
}

/** PUT folder/{id}: rename and/or move within the tenant; a stale __v gets 409. */
export async function update(ctx: RequestContext, id: string, input: FolderUpdate) {
  return ctx.db.transaction(async (tx) => {
    const found = await accessibleFolder(ctx, tx, id);
    await lockFolderStructure(tx, found.tenantId);
    const current = await unsafeFindFolderById(tx, id, { forUpdate: true });
    if (!current) throw notFound();
    if (input.__v !== undefined) checkVersion(input.__v, current.version);
    const parentId = input.parentFolderId === undefined ? current.parentId : input.parentFolderId;
    if (parentId && parentId !== current.parentId) {
      if (!(await findFolder(tx, current.tenantId, parentId)))
        throw badField('parentFolderId', 'validation.folderParent');
      if (isInSubtree(await allFoldersOf(tx, current.tenantId), id, parentId)) {
        throw badField('parentFolderId', 'validation.folderCycle');
      }
    }
    const folderName = input.folderName ?? current.folderName;
    if (folderName === current.folderName && parentId === current.parentId) return toFolderDto(current);
    const row = await writeVersion(tx, folders, {
      tenantId: current.tenantId,
      current,
      set: { folderName, parentId },
      audit: { ctx, entity: 'folder', before: (c) => c, after: (r: FolderRow) => r },
    });
    return toFolderDto(row);
  });
}

/** DELETE folder/{id}: only an empty folder (no subfolder, no book), else 409 FOLDER_NOT_EMPTY. */
export async function remove(ctx: RequestContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const found = await accessibleFolder(ctx, tx, id);
    await lockFolderStructure(tx, found.tenantId);
    const current = await unsafeFindFolderById(tx, id, { forUpdate: true });
    if (!current) throw notFound();
    if (await folderHasContent(tx, current.tenantId, id)) throw conflict('FOLDER_NOT_EMPTY');
    await tx.delete(folders).where(and(eq(folders.id, id), eq(folders.tenantId, current.tenantId)));
    await recordChanges(tx, ctx, audit(current, 'delete'), current, null);
  });
}
