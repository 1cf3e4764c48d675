/** Reading the cost list: the tenant's list (0 or 1), and the one list, created with the defaults on first read. */
import type { TenantContext } from '../../platform/context';
import { ensureCostList, findCostList, toCostListDto } from './costlist.repo';

/** GET costlist: the tenant's cost lists (none or one). */
export async function list(ctx: TenantContext) {
  const row = await findCostList(ctx.db, ctx.tenantId);
  return row ? [toCostListDto(row)] : [];
}

/** GET costlist/find/first: the tenant's cost list; the first read creates it with the defaults. */
export async function findFirst(ctx: TenantContext) {
  return toCostListDto(await ensureCostList(ctx.db, ctx.tenantId));
}
