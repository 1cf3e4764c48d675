/**
 * The versioned write (decision 018): lock the row by tenant and id (404 when absent), compare the
 * client's `__v` with the stored version (409 CONFLICT when stale), write the new values with the
 * version counted up and updatedAt, WHERE tenant and id, and record the protocol from before/after
 * views the caller supplies. All in the caller's transaction.
 */
import type { ProtocolAction, ProtocolEntity } from '@pruefbuch/domain/protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { recordChanges } from './audit';
import type { RequestContext } from './context';
import { conflict, notFound } from './errors';

/** A table written with a version: rows have id, version and updatedAt; a tenant table also tenantId. */
export type VersionedTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  tenantId?: PgColumn;
};

type View = Record<string, unknown>;

/**
 * One row by tenant and id. A table with a tenantId column needs the tenant; a shared table (book
 * types, components, tenants themselves) takes null. Getting this wrong is a programming error.
 */
export function rowWhere(table: VersionedTable, tenantId: string | null, id: string): SQL {
  if (table.tenantId) {
    if (tenantId === null) throw new Error('a write to a tenant table needs the tenant');
    return and(eq(table.tenantId, tenantId), eq(table.id, id)) as SQL;
  }
  if (tenantId !== null) throw new Error('a shared table has no tenant');
  return eq(table.id, id);
}

/** 409 CONFLICT when the version the client read is not the stored one. */
export function checkVersion(given: number | undefined, stored: number) {
  if (given !== stored) throw conflict();
}

/** Locks one row (all columns) of the table by tenant and id for the transaction; absent is a 404. */
export async function lockRow<T extends VersionedTable>(
  tx: Executor,
  table: T,
  tenantId: string | null,
  id: string,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(rowWhere(table, tenantId, id))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

export interface VersionAudit<Cur, Out> {
  ctx: { user: Pick<RequestContext['user'], 'id' | 'abbreviation'> };
  entity: ProtocolEntity;
  action?: ProtocolAction;
  /** The tenant the entry belongs to, when not the write's (a tenant's own row is filed under it). */
  tenantId?: string | null;
  before: (current: Cur) => View;
  after: (row: Out) => View;
}

/**
 * Writes `set` to a row already locked, with version + 1 and updatedAt, WHERE tenant and id (404 when
 * the row is gone), and records the protocol. For writes whose version check happened earlier (or a
 * step that shares the write with a versioned one); otherwise use versionedUpdate.
 */
export async function writeVersion<T extends VersionedTable, Cur extends { id: string; version: number }, Out>(
  tx: Executor,
  table: T,
  w: {
    tenantId: string | null;
    current: Cur;
    /** The new values; updatedAt is now unless `set` names it (to stamp other columns alike). */
    set: Partial<T['$inferInsert']>;
    /** The columns returned (default: all). */
    returning?: SelectedFields;
    audit?: VersionAudit<Cur, Out>;
  },
): Promise<Out> {
  const values = { updatedAt: new Date(), ...w.set, version: w.current.version + 1 } as PgUpdateSetSource<T>;
  const query = tx
    .update(table)
    .set(values)
    .where(rowWhere(table, w.tenantId, w.current.id));
  const [row] = (await (w.returning ? query.returning(w.returning) : query.returning())) as unknown as Out[];
  if (!row) throw notFound();
  if (w.audit) {
    const { ctx, entity, action = 'update', tenantId = w.tenantId, before, after } = w.audit;
    await recordChanges(tx, ctx, { entity, entityId: w.current.id, tenantId, action }, before(w.current), after(row));
  }
  return row;
}

/**
 * The whole versioned write: lock (default: all columns by tenant and id; `lock` for a custom read,
 * null is a 404), compare `__v` (409), compute the values from the locked row (`set` may throw its own
 * 400/403/409 after the version check), write them with the version counted up and record the protocol.
 * Returns the locked row and the written one.
 */
export async function versionedUpdate<
  T extends VersionedTable,
  Cur extends { id: string; version: number } = T['$inferSelect'] & { id: string; version: number },
  Out = T['$inferSelect'],
>(
  tx: Executor,
  table: T,
  w: {
    tenantId: string | null;
    id: string;
    __v: number | undefined;
    lock?: () => Promise<Cur | null>;
    set: (current: Cur) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>;
    returning?: SelectedFields;
    audit?: VersionAudit<Cur, Out>;
  },
): Promise<{ current: Cur; row: Out }> {
  const current = w.lock ? await w.lock() : ((await lockRow(tx, table, w.tenantId, w.id)) as Cur);
  if (!current) throw notFound();
  checkVersion(w.__v, current.version);
  const set = await w.set(current);
  const row = await writeVersion<T, Cur, Out>(tx, table, {
    tenantId: w.tenantId,
    current,
    set,
    returning: w.returning,
    audit: w.audit,
  });
  return { current, row };
}
