/**
 * Tenancy rules the services share (DESIGN "Rules that hold everywhere"); the request's own
 * tenant header is checked once per request in auth.ts.
 */
import { Role } from '@pruefbuch/domain/roles';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tenants, userTenants } from '../db/schema/index';
import type { AuthUser } from './context';
import { notFound } from './errors';

export const isAdmin = (user: Pick<AuthUser, 'role'>) => user.role === Role.ADMIN_ROLE;

/** Whether the user may work in the tenant: admins in every existing tenant, everybody else in their own. */
export async function mayUseTenant(db: Executor, user: Pick<AuthUser, 'id' | 'role'>, tenantId: string) {
  const rows = isAdmin(user)
    ? await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1)
    : await db
        .select({ id: userTenants.tenantId })
        .from(userTenants)
        .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)))
        .limit(1);
  return rows.length > 0;
}

/**
 * Refuses a tenant the user may not use with 404, exactly as an unknown one: whether a foreign
 * tenant exists is nobody else's business.
 */
export async function assertTenantAccess(db: Executor, user: Pick<AuthUser, 'id' | 'role'>, tenantId: string) {
  if (!(await mayUseTenant(db, user, tenantId))) throw notFound();
}
