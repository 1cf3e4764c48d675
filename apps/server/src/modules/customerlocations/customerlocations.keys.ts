/**
 * A branch's keys (decision 039): SAP-Nr, and ZNL with Nr, are unique per tenant and customer without case.
 * Finding the branch that holds a key, the 409 naming it, and a race into the unique indexes answered the same.
 */
import { locationName } from '@pruefbuch/domain/schemas/customerlocation';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerLocations } from '../../db/schema/index';
import { AppError, conflict } from '../../platform/errors';

/** The unique indexes of a branch's keys per tenant and customer (migration 0025, decision 039). */
const KEY_INDEXES: Record<string, 'sapNr' | 'nr'> = {
  customer_locations_sap_nr_key: 'sapNr',
  customer_locations_znl_nr_key: 'nr',
};

/** What makes a branch unique in its tenant: the customer and its keys, SAP-Nr and ZNL with Nr. */
export interface LocationKeys {
  customer: number;
  znl: string;
  nr: string;
  sapNr: string;
}

/**
 * The branch of the tenant and customer that already holds one of the keys, and which: a SAP-Nr, or ZNL
 * with Nr, compared without case, as the unique indexes compare them (an empty SAP-Nr, or empty ZNL and Nr,
 * is no key). `exceptId` leaves out the branch being changed.
 */
export async function findKeyHolder(db: Executor, tenantId: string, keys: LocationKeys, exceptId?: string) {
  const sapClash = keys.sapNr
    ? sql`(${customerLocations.sapNr} <> '' and lower(${customerLocations.sapNr}) = lower(${keys.sapNr}))`
    : undefined;
  const nrClash =
    keys.znl || keys.nr
      ? sql`((${customerLocations.znl} <> '' or ${customerLocations.nr} <> '') and lower(${customerLocations.znl}) = lower(${keys.znl}) and lower(${customerLocations.nr}) = lower(${keys.nr}))`
      : undefined;
  if (!sapClash && !nrClash) return null;
  const [row] = await db
    .select({
      id: customerLocations.id,
      znl: customerLocations.znl,
      nr: customerLocations.nr,
      sapNr: customerLocations.sapNr,
      field: sql<'sapNr' | 'nr'>`(case when ${sapClash ?? sql`false`} then 'sapNr' else 'nr' end)`,
    })
    .from(customerLocations)
    .where(
      and(
        eq(customerLocations.tenantId, tenantId),
        eq(customerLocations.customer, keys.customer),
        exceptId ? sql`${customerLocations.id} <> ${exceptId}` : undefined,
        or(sapClash, nrClash),
      ),
    )
    .orderBy(asc(customerLocations.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * 409 LOCATION_KEY_TAKEN naming the branch that holds the key (its id, ZNL, Nr and SAP-Nr, and its name for
 * the text), under the field that clashes: sapNr, or nr for ZNL with Nr.
 */
export function keyTaken(holder: { id: string; znl: string; nr: string; sapNr: string; field: 'sapNr' | 'nr' }) {
  const name = locationName(holder);
  const location = holder.sapNr && (holder.znl || holder.nr) ? `${name} (SAP ${holder.sapNr})` : name;
  return new AppError('LOCATION_KEY_TAKEN', 409, [
    {
      field: holder.field,
      key: 'errors.LOCATION_KEY_TAKEN',
      message: 'LOCATION_KEY_TAKEN',
      params: { id: holder.id, znl: holder.znl, nr: holder.nr, sapNr: holder.sapNr, location },
    },
  ]);
}

/** The branch-key index a database error violates (23505 on one of the two), or null for any other error. */
export function violatedKey(err: unknown): 'sapNr' | 'nr' | null {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const c = e as { code?: unknown; constraint?: unknown };
    if (c.code === '23505' && typeof c.constraint === 'string') return KEY_INDEXES[c.constraint] ?? null;
  }
  return null;
}

/**
 * Runs a write of branch keys and answers a race the check before lost with the same 409: two writes of one
 * key at once both find it free, the unique index refuses the second, and the branch that won is named.
 */
export async function withUniqueKeys<T>(
  db: Executor,
  tenantId: string,
  keys: () => LocationKeys | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const field = violatedKey(err);
    const wanted = field ? keys() : null;
    if (!field || !wanted) throw err;
    const holder = await findKeyHolder(db, tenantId, wanted);
    // The winner has committed (else the index would have let this write through); gone again only if deleted since.
    throw holder ? keyTaken({ ...holder, field }) : conflict();
  }
}
