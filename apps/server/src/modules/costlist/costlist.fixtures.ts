import { Role } from '@pruefbuch/domain/roles';
import type { TestApp } from '../../../test/helper';
import { member, tag } from '../books/books.fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A tenant with a production lead, a production worker, an admin and an office user (standard), each
 * signed in, and a call helper in the tenant (as the production lead unless another token is given).
 */
export async function productionWorld(t: TestApp, name = 'Fertigung') {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const tenantId = tenant.id;
  const lead = await member(t, Role.ROLE_LEITER_FERTIGUNG, [tenantId]);
  const worker = await member(t, Role.ROLE_FERTIGUNG, [tenantId]);
  const admin = await member(t, Role.ADMIN_ROLE, [tenantId]);
  const office = await member(t, Role.STANDARD_ROLE, [tenantId]);
  const call = (method: Method, url: string, payload?: unknown, token = lead.token) =>
    t.api({ method, url, token, tenant: tenantId, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { tenant, tenantId, lead, worker, admin, office, call };
}
export type ProductionWorld = Awaited<ReturnType<typeof productionWorld>>;

/** The details of a 400 reply: field and reason key. */
export const detailsOf = (body: string) =>
  ((JSON.parse(body) as { details?: { field: string; key: string }[] }).details ?? []).map((d) => ({
    field: d.field,
    key: d.key,
  }));
