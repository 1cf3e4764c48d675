import type { User } from '@pruefbuch/domain/schemas/user';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { tenants, users, userTenants } from '../../db/schema/index';
import { offsetOf, orderBy, type SortField, searchAny } from '../../platform/paging';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns the API shape of an account is made of: the reads that answer it select these alone, so
 * hashes, secrets and tokens never leave the database for them (and a cheap read parses 17 columns,
 * not 28).
 */
const dtoColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  tel: users.tel,
  role: users.role,
  customerRole: users.customerRole,
  department: users.department,
  customer: users.customer,
  abbreviation: users.abbreviation,
  is2FaUsed: users.is2FaUsed,
  auswertung: users.auswertung,
  forecast: users.forecast,
  isVerified: users.isVerified,
  isResigned: users.isResigned,
  userInspection: users.userInspection,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type UserDtoRow = Pick<UserRow, keyof typeof dtoColumns>;

/** The API shape of an account: secrets, hashes and tokens never leave this function. */
export function toUserDto(row: UserDtoRow, tenantIds: string[]): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    tel: row.tel,
    role: row.role,
    customerRole: row.customerRole,
    department: row.department,
    customer: row.customer,
    abbreviation: row.abbreviation,
    is2FaUsed: row.is2FaUsed,
    auswertung: row.auswertung,
    forecast: row.forecast,
    isVerified: row.isVerified,
    isResigned: row.isResigned,
    tenants: tenantIds,
    userInspection: row.userInspection,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** An account and its tenants in one statement (GET users/{id}, users/me): prepared once per database. */
const userWithTenantsQuery = (db: Executor) =>
  db
    .select({
      user: dtoColumns,
      tenantIds: sql<
        string[]
      >`coalesce((select array_agg(${userTenants.tenantId}::text) from ${userTenants} where ${userTenants.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_with_tenants');
const preparedUsers = preparedStatements<ReturnType<typeof userWithTenantsQuery>>();

export async function findUserWithTenants(db: Executor, id: string) {
  const [row] = await preparedUsers(db, 'user_with_tenants', () => userWithTenantsQuery(db)).execute({ id });
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** Tenant ids per user, for a set of users in one query. */
export async function tenantIdsOf(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.select().from(userTenants).where(inArray(userTenants.userId, userIds));
  for (const r of rows) map.get(r.userId)?.push(r.tenantId);
  return map;
}

export async function setUserTenants(db: Executor, userId: string, tenantIds: string[]) {
  await db.delete(userTenants).where(eq(userTenants.userId, userId));
  if (tenantIds.length) await db.insert(userTenants).values(tenantIds.map((tenantId) => ({ userId, tenantId })));
}

export async function existingTenantIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
  return rows.map((r) => r.id);
}

const SORTS: Record<string, SortField> = {
  name: { keys: [users.lastName, users.firstName] },
  email: { keys: [users.email] },
  role: { keys: [users.role], thenBy: [users.lastName] },
  created: { keys: [users.createdAt] },
};

export async function listUsers(
  db: Executor,
  q: { page: number; size: number; search?: string; sort?: string; role?: number; tenant?: string },
) {
  const conds: SQL[] = [];
  const search = searchAny(q.search, [
    users.firstName,
    users.lastName,
    users.email,
    users.abbreviation,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
  ]);
  if (search) conds.push(search);
  if (q.role) conds.push(eq(users.role, q.role));
  if (q.tenant) {
    conds.push(
      inArray(
        users.id,
        db.select({ id: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, q.tenant)),
      ),
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(dtoColumns)
      .from(users)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'name', [users.id]))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
