import { Role } from '@pruefbuch/domain/roles';
import type { Tenant } from '@pruefbuch/domain/schemas/tenant';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, tenants, users, userTenants } from '../../db/schema/index';
import { toAddressDto } from '../../platform/addresses';
import { offsetOf, orderBy, type SortField, searchAny } from '../../platform/paging';

export type TenantRow = typeof tenants.$inferSelect;

/** Whose tenants a query sees: every tenant, or those the user belongs to. */
export type TenantScope = { all: true } | { all: false; userId: string };

export function toTenantDto(row: TenantRow): Tenant {
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    fusszeileText: row.fusszeileText,
    addressName: row.addressName,
    notificationEmail: row.notificationEmail,
    hotHint: row.hotHint,
    defaultTechAcceptor: row.defaultTechAcceptor,
    techAcceptor: row.techAcceptor,
    importDataClarificationSheet: row.importDataClarificationSheet,
    address: toAddressDto(row.address),
    ampelOrangeDays: row.ampelOrangeDays,
    ampelBlackDays: row.ampelBlackDays,
    retentionYears: row.retentionYears,
    __v: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Restricts a tenant query to the scope's tenants. */
const inScope = (scope: TenantScope): SQL | undefined =>
  scope.all
    ? undefined
    : inArray(
        tenants.id,
        sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${scope.userId})`,
      );

export async function findTenant(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findTenantByUrl(db: Executor, url: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.url, url)).limit(1);
  return row ?? null;
}

/** Whether another tenant than `exceptId` already has the url. */
export async function urlTaken(db: Executor, url: string, exceptId?: string) {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(exceptId ? and(eq(tenants.url, url), ne(tenants.id, exceptId)) : eq(tenants.url, url))
    .limit(1);
  return rows.length > 0;
}

const SORTS: Record<string, SortField> = {
  name: { keys: [tenants.name] },
  url: { keys: [tenants.url] },
  created: { keys: [tenants.createdAt] },
};

/** A page of tenants matching a search over name, url, address name, ZIP and city. */
export async function listTenants(
  db: Executor,
  scope: TenantScope,
  q: { page: number; size: number; search?: string; sort?: string },
) {
  const conds: (SQL | undefined)[] = [inScope(scope)];
  conds.push(
    searchAny(q.search, [
      tenants.name,
      tenants.url,
      tenants.addressName,
      sql`coalesce(${tenants.address}->>'zip', '')`,
      sql`coalesce(${tenants.address}->>'location', '')`,
    ]),
  );
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'name', [tenants.id]))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** _id and name of the user's tenants (every tenant with `all`), by name. Also part of the login reply. */
/**
 * The tenants a user may work in, by name; for admins every tenant, their own first, so the
 * first one (the default after sign-in) is where they actually work.
 */
export async function tenantsOfUser(db: Executor, userId: string, all: boolean) {
  const own = sql`exists (select 1 from ${userTenants} where ${userTenants.tenantId} = ${tenants.id} and ${userTenants.userId} = ${userId})`;
  return db
    .select({ _id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inScope(all ? { all } : { all, userId }))
    .orderBy(...(all ? [desc(own)] : []), asc(tenants.name), asc(tenants.id));
}

/** The tenants of the scope with the number of their books in service (retired ones left out), by name. */
export async function tenantBookCounts(db: Executor, scope: TenantScope) {
  return db
    .select({ _id: tenants.id, name: tenants.name, books: sql<number>`count(${books.id})::int` })
    .from(tenants)
    .leftJoin(books, and(eq(books.tenantId, tenants.id), isNull(books.retiredAt)))
    .where(inScope(scope))
    .groupBy(tenants.id, tenants.name)
    .orderBy(asc(tenants.name), asc(tenants.id));
}

/** Every book of the tenant, retired ones too (a tenant with books is not deleted). */
export async function countBooksOfTenant(db: Executor, tenantId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(books).where(eq(books.tenantId, tenantId));
  return row?.n ?? 0;
}

export const ACCEPTOR_ROLES = [Role.ACCEPTOR_ROLE, Role.ACCEPTOR_LITE_ROLE];

/** Active users of the tenant with role acceptor or acceptor lite, by name. */
export async function techAcceptorsOf(db: Executor, tenantId: string) {
  return db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation })
    .from(users)
    .innerJoin(userTenants, eq(userTenants.userId, users.id))
    .where(and(eq(userTenants.tenantId, tenantId), inArray(users.role, ACCEPTOR_ROLES), eq(users.isResigned, false)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Whether the user is an active acceptor (of the tenant, when one is given). */
export async function isTechAcceptor(db: Executor, userId: string, tenantId: string | null) {
  const conds = [eq(users.id, userId), inArray(users.role, ACCEPTOR_ROLES), eq(users.isResigned, false)];
  const rows = tenantId
    ? await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, tenantId)))
        .where(and(...conds))
        .limit(1)
    : await db
        .select({ id: users.id })
        .from(users)
        .where(and(...conds))
        .limit(1);
  return rows.length > 0;
}
