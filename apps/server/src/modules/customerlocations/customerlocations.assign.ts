/**
 * Which locations a branch user is assigned (customer roles default and regional manager; control
 * sees all of their customer). Admins set them on the user administration screen, per tenant.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerLocations, userCustomerLocations, users, userTenants } from '../../db/schema/index';
import type { RequestContext, TenantContext } from '../../platform/context';
import { badField, notFound } from '../../platform/errors';

async function assertUser(ctx: RequestContext, userId: string) {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
}

/** The ids of the user's locations in the request's tenant. */
export async function assigned(ctx: TenantContext, userId: string) {
  await assertUser(ctx, userId);
  const rows = await ctx.db
    .select({ id: userCustomerLocations.locationId })
    .from(userCustomerLocations)
    .innerJoin(customerLocations, eq(customerLocations.id, userCustomerLocations.locationId))
    .where(and(eq(userCustomerLocations.userId, userId), eq(customerLocations.tenantId, ctx.tenantId)));
  return { locations: rows.map((r) => r.id) };
}

/** Replaces the user's locations in the request's tenant; locations of other tenants stay as they are. */
export async function assign(ctx: TenantContext, userId: string, locations: string[]) {
  await assertUser(ctx, userId);
  const wanted = [...new Set(locations)];
  await ctx.db.transaction(async (tx) => {
    // Two saves for one user at once take turns (else both delete, both insert, and one hits the key).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [member] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(userTenants)
      .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, ctx.tenantId)));
    if (wanted.length > 0 && !member?.n) throw badField('locations', 'errors.TENANT_FORBIDDEN');
    const known = wanted.length
      ? await tx
          .select({ id: customerLocations.id })
          .from(customerLocations)
          .where(and(eq(customerLocations.tenantId, ctx.tenantId), inArray(customerLocations.id, wanted)))
      : [];
    if (known.length !== wanted.length) throw badField('locations', 'validation.invalid');
    await tx
      .delete(userCustomerLocations)
      .where(
        and(
          eq(userCustomerLocations.userId, userId),
          inArray(
            userCustomerLocations.locationId,
            tx
              .select({ id: customerLocations.id })
              .from(customerLocations)
              .where(eq(customerLocations.tenantId, ctx.tenantId)),
          ),
        ),
      );
    if (wanted.length)
      await tx.insert(userCustomerLocations).values(wanted.map((locationId) => ({ userId, locationId })));
  });
  return assigned(ctx, userId);
}
