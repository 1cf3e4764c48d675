/**
 * Import runs of branch lists (decision 041): the admins' list, newest first, and undoing one run as
 * one transaction. Undo deletes the branches the run created and sets the ones it updated back to
 * what they were; it refuses (409, naming the branch) when a branch changed since (its version is no
 * longer the one the run left) or, for a created one, when books were linked to it since.
 */
import type { ImportRun, importRunListQuery } from '@pruefbuch/domain/schemas/customerlocation';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  customerLocationBooks,
  customerLocations,
  importRunItems,
  importRuns,
  userCustomerLocations,
  users,
} from '../../db/schema/index';
import type { AddressValue } from '../../db/schema/tenants';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { offsetOf, pageReply } from '../../platform/paging';
import { findKeyHolder, keyTaken, violatedKey } from './customerlocations.keys';
import { locationAuditView, locationName } from './customerlocations.repo';

type RunRow = typeof importRuns.$inferSelect;

const toRunDto = (r: RunRow): ImportRun => ({
  _id: r.id,
  fileName: r.fileName,
  customer: r.customer,
  userName: r.userName,
  createdAt: r.createdAt.toISOString(),
  counts: r.counts,
  undoneAt: r.undoneAt ? r.undoneAt.toISOString() : null,
  undoneByName: r.undoneByName,
});

/** GET customerlocation/import/runs: the tenant's runs, newest first. */
export async function listRuns(ctx: TenantContext, q: z.infer<typeof importRunListQuery>) {
  const where = eq(importRuns.tenantId, ctx.tenantId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(importRuns)
      .where(where)
      .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
      .limit(q.size)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(importRuns).where(where),
  ]);
  return pageReply(rows.map(toRunDto), total?.n ?? 0, q);
}

type Fields = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const keysOf = (f: Fields) => ({ znl: text(f.znl), nr: text(f.nr), sapNr: text(f.sapNr) });
const nameOf = (f: Fields) => locationName(keysOf(f));

const refuse = (
  code: 'IMPORT_UNDO_CHANGED' | 'IMPORT_UNDO_HAS_BOOKS' | 'IMPORT_UNDO_HAS_USERS',
  id: string,
  fields: Fields,
) =>
  new AppError(code, 409, [
    { field: 'id', key: `errors.${code}`, message: code, params: { id, ...keysOf(fields), location: nameOf(fields) } },
  ]);

/** POST customerlocation/import/runs/{id}/undo: all of the run or nothing; a second undo is a 409. */
export async function undoRun(ctx: TenantContext, id: string) {
  let restoring: { id: string; customer: number; znl: string; nr: string; sapNr: string } | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [run] = await tx
        .select()
        .from(importRuns)
        .where(and(eq(importRuns.tenantId, ctx.tenantId), eq(importRuns.id, id)))
        .for('update');
      if (!run) throw notFound();
      if (run.undoneAt) throw new AppError('IMPORT_RUN_UNDONE', 409);
      const items = await tx.select().from(importRunItems).where(eq(importRunItems.runId, run.id));
      for (const item of items) {
        const [row] = await tx
          .select()
          .from(customerLocations)
          .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, item.locationId)))
          .for('update');
        if (!row || row.version !== item.afterVersion) throw refuse('IMPORT_UNDO_CHANGED', item.locationId, item.after);
        const audit = { entity: 'customerlocation' as const, entityId: row.id, tenantId: ctx.tenantId };
        if (item.action === 'create') {
          const [links] = await tx
            .select({ n: count() })
            .from(customerLocationBooks)
            .where(eq(customerLocationBooks.locationId, row.id));
          if ((links?.n ?? 0) > 0) throw refuse('IMPORT_UNDO_HAS_BOOKS', row.id, item.after);
          // A branch user assigned since would lose the branch silently: that is for staff to decide.
          const [assigned] = await tx
            .select({ n: count() })
            .from(userCustomerLocations)
            .where(eq(userCustomerLocations.locationId, row.id));
          if ((assigned?.n ?? 0) > 0) throw refuse('IMPORT_UNDO_HAS_USERS', row.id, item.after);
          await tx
            .delete(customerLocations)
            .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, row.id)));
          await recordChanges(tx, ctx, { ...audit, action: 'delete' }, locationAuditView(row), null);
        } else {
          const before = item.before ?? {};
          const address = (before.address ?? {}) as Partial<AddressValue>;
          const back = {
            znl: text(before.znl),
            nr: text(before.nr),
            sapNr: text(before.sapNr),
            bemerkungen: text(before.bemerkungen),
            ruhend: before.ruhend === true,
            active: before.active !== false,
            address: { ...row.address, ...address, _id: row.address._id },
          };
          restoring = { id: row.id, customer: row.customer, znl: back.znl, nr: back.nr, sapNr: back.sapNr };
          const [restored] = await tx
            .update(customerLocations)
            .set({ ...back, version: row.version + 1, updatedAt: new Date() })
            .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, row.id)))
            .returning();
          if (restored)
            await recordChanges(
              tx,
              ctx,
              { ...audit, action: 'update' },
              locationAuditView(row),
              locationAuditView(restored),
            );
        }
      }
      restoring = null;
      const [me] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, ctx.user.id))
        .limit(1);
      const [done] = await tx
        .update(importRuns)
        .set({
          undoneAt: new Date(),
          undoneBy: ctx.user.id,
          undoneByName: me ? `${me.firstName} ${me.lastName}`.trim() || me.email : ctx.user.email,
        })
        .where(and(eq(importRuns.tenantId, ctx.tenantId), eq(importRuns.id, run.id)))
        .returning();
      if (!done) throw notFound();
      return toRunDto(done);
    });
  } catch (err) {
    // Setting a branch back to keys another branch of the customer has taken since.
    const field = violatedKey(err);
    const keys = restoring as { id: string; customer: number; znl: string; nr: string; sapNr: string } | null;
    if (!field || !keys) throw err;
    const holder = await findKeyHolder(ctx.db, ctx.tenantId, keys, keys.id);
    throw holder ? keyTaken({ ...holder, field }) : err;
  }
}
