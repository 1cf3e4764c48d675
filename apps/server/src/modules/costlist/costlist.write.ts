/**
 * Changing the cost list: create (once per tenant, else 409 COSTLIST_EXISTS) and update (409 on a
 * stale __v). Templates without an _id get one. Each write records the protocol (entity 'costlist')
 * field by field in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { CostListFields, CostListUpdate } from '@pruefbuch/domain/schemas/capacity';
import { costLists } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { versionedUpdate } from '../../platform/versioned-write';
import { costListAuditView, costListFieldsOf, toCostListDto } from './costlist.repo';

const auditOf = (ctx: TenantContext, id: string, action: 'create' | 'update') => ({
  entity: 'costlist' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

/** The fields as stored: every template with an _id (a new one gets one). */
const withIds = (f: CostListFields) => ({
  maw: f.maw,
  capacities: f.capacities,
  vorlagen: f.vorlagen.map((t) => ({ ...t, _id: t._id || randomUUID() })),
});

/** POST costlist: the tenant's cost list; a second one is a 409 COSTLIST_EXISTS. */
export async function create(ctx: TenantContext, input: CostListFields) {
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(costLists)
      .values({ tenantId: ctx.tenantId, ...withIds(input) })
      .onConflictDoNothing({ target: costLists.tenantId })
      .returning();
    if (!inserted) throw conflict('COSTLIST_EXISTS');
    await recordChanges(
      tx,
      ctx,
      auditOf(ctx, inserted.id, 'create'),
      null,
      costListAuditView(costListFieldsOf(inserted)),
    );
    return inserted;
  });
  return toCostListDto(row);
}

/** PUT costlist/{id}: the whole list replaces the stored one; a stale __v is a 409, another tenant's list a 404. */
export async function update(ctx: TenantContext, id: string, input: CostListUpdate) {
  const row = await ctx.db.transaction(async (tx) => {
    const { row: updated } = await versionedUpdate(tx, costLists, {
      tenantId: ctx.tenantId,
      id,
      __v: input.__v,
      set: () => withIds(input),
      audit: {
        ctx,
        entity: 'costlist',
        before: (current) => costListAuditView(costListFieldsOf(current)),
        after: (row) => costListAuditView(costListFieldsOf(row)),
      },
    });
    return updated;
  });
  return toCostListDto(row);
}
