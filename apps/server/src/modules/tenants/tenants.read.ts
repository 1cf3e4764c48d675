import type { PageQuery } from '@pruefbuch/domain/schemas/common';
import { tenantTemplate } from '@pruefbuch/domain/schemas/tenant';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReply } from '../../platform/paging';
import { assertTenantAccess, isAdmin, mayUseTenant } from '../../platform/tenancy';
import {
  findTenant,
  findTenantByUrl,
  listTenants,
  type TenantScope,
  techAcceptorsOf,
  tenantBookCounts,
  tenantsOfUser,
  toTenantDto,
} from './tenants.repo';

/** Admins see every tenant, everybody else the tenants they belong to. */
export const scopeOf = (ctx: RequestContext): TenantScope =>
  isAdmin(ctx.user) ? { all: true } : { all: false, userId: ctx.user.id };

export async function list(ctx: RequestContext, q: PageQuery) {
  const { rows, total } = await listTenants(ctx.db, scopeOf(ctx), q);
  return pageReply(rows.map(toTenantDto), total, q);
}

export async function get(ctx: RequestContext, id: string) {
  const row = await findTenant(ctx.db, id);
  if (!row || !(await mayUseTenant(ctx.db, ctx.user, row.id))) throw notFound();
  return toTenantDto(row);
}

export async function getByUrl(ctx: RequestContext, url: string) {
  const row = await findTenantByUrl(ctx.db, url);
  if (!row || !(await mayUseTenant(ctx.db, ctx.user, row.id))) throw notFound();
  return toTenantDto(row);
}

export const myTenants = (ctx: RequestContext) => tenantsOfUser(ctx.db, ctx.user.id, isAdmin(ctx.user));

export const bookCounts = (ctx: RequestContext) => tenantBookCounts(ctx.db, scopeOf(ctx));

/** Acceptors of a tenant; one the user may not work in is a 404. */
export async function techAcceptors(ctx: RequestContext, tenantId: string) {
  await assertTenantAccess(ctx.db, ctx.user, tenantId);
  return techAcceptorsOf(ctx.db, tenantId);
}

export const template = () => tenantTemplate();
