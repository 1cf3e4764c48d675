/**
 * Queries of the cost list (one per tenant) and the mapping between its row and the API's cost list.
 * Every query takes the tenant id of the verified request.
 */
import { COST_LIST_DEFAULTS, type CostList, type CostListFields } from '@pruefbuch/domain/schemas/capacity';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { costLists } from '../../db/schema/index';

export type CostListRow = typeof costLists.$inferSelect;

export function toCostListDto(r: CostListRow): CostList {
  return {
    _id: r.id,
    maw: r.maw,
    capacities: r.capacities,
    vorlagen: r.vorlagen,
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The fields of a stored list (what the required time is computed from). */
export const costListFieldsOf = (r: CostListRow): CostListFields => ({
  maw: r.maw,
  capacities: r.capacities,
  vorlagen: r.vorlagen,
});

export async function findCostList(db: Executor, tenantId: string): Promise<CostListRow | null> {
  const [row] = await db.select().from(costLists).where(eq(costLists.tenantId, tenantId)).limit(1);
  return row ?? null;
}

export async function findCostListById(db: Executor, tenantId: string, id: string): Promise<CostListRow | null> {
  const [row] = await db
    .select()
    .from(costLists)
    .where(and(eq(costLists.tenantId, tenantId), eq(costLists.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The tenant's cost list, created with the defaults when there is none. INSERT … ON CONFLICT DO
 * NOTHING on the tenant's unique index: two first reads at once give one list.
 */
export async function ensureCostList(db: Executor, tenantId: string): Promise<CostListRow> {
  const found = await findCostList(db, tenantId);
  if (found) return found;
  await db
    .insert(costLists)
    .values({ tenantId, maw: COST_LIST_DEFAULTS.maw, capacities: COST_LIST_DEFAULTS.capacities, vorlagen: [] })
    .onConflictDoNothing({ target: costLists.tenantId });
  const row = await findCostList(db, tenantId);
  if (!row) throw new Error('cost list insert left no row');
  return row;
}

/**
 * What the protocol records (domain protocol.ts COSTLIST): the rates and time values field by field, and each
 * time-effort template on its own under 'vorlagen.<id>', so that a change names the template it concerns
 * instead of repeating every template.
 */
export function costListAuditView(f: CostListFields): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f.maw)) view[`maw.${k}`] = v;
  for (const [k, v] of Object.entries(f.capacities)) {
    if (typeof v === 'object') for (const [kk, vv] of Object.entries(v)) view[`capacities.${k}.${kk}`] = vv;
    else view[`capacities.${k}`] = v;
  }
  for (const { _id, ...template } of f.vorlagen) view[`vorlagen.${_id ?? template.name}`] = template;
  return view;
}
