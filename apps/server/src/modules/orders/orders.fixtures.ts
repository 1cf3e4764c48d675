import { Department, Role } from '@pruefbuch/domain/roles';
import { ORDER_DEFAULTS, type Order, orderListReply } from '@pruefbuch/domain/schemas/order';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { orders } from '../../db/schema/index';
import { member, tag } from '../books/books.fixtures';

/** Small helpers of the order API tests. */

export const FOREIGN = '11111111-1111-4111-8111-111111111111';

/** The ISO date `days` from today (UTC; the tests keep a day's margin to Berlin's date where it matters). */
export const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const vkid = (extra: Partial<Order['vkid']> = {}) => ({ ...ORDER_DEFAULTS.vkid, ...extra });
export const el = (extra: Partial<Order['el']> = {}) => ({ ...ORDER_DEFAULTS.el, ...extra });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A tenant with an office user (standard), an admin, a service technician and a warehouse user, each
 * signed in, and a call helper in the tenant.
 */
export async function orderWorld(t: TestApp, name = 'Aufträge') {
  const tenant = await t.createTenant(`${name} ${tag()}`);
  const tenantId = tenant.id;
  const office = await member(t, Role.STANDARD_ROLE, [tenantId], { firstName: 'Olga', lastName: 'Office' });
  const admin = await member(t, Role.ADMIN_ROLE, [tenantId]);
  const tech = await member(t, Role.ROLE_SERVICE_TECHNIKER, [tenantId], { department: Department.EL });
  const call = (method: Method, url: string, payload?: unknown, token = office.token) =>
    t.api({ method, url, token, tenant: tenantId, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** POST orders; fails the test on anything but 201. */
  const create = async (payload: Record<string, unknown> = {}) => {
    // Something to recognise it by (decision 028) unless the test names it itself.
    const res = await call('POST', '/orders', { objekt: 'Zentrale Mitte', ...payload });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json() as Order;
  };
  /** PUT orders/{id} with the order's __v; fails the test on anything but 200. */
  const put = async (o: Order, payload: Record<string, unknown>) => {
    const res = await call('PUT', `/orders/${o._id}`, { __v: o.__v, ...payload });
    if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
    return res.json() as Order;
  };
  /** POST orders/{id}/status; fails the test on anything but 200. */
  const stepTo = async (o: Order, to: string, token = office.token) => {
    const res = await call('POST', `/orders/${o._id}/status`, { to, __v: o.__v }, token);
    if (res.statusCode !== 200) throw new Error(`step ${o.status} → ${to} failed: ${res.statusCode} ${res.body}`);
    return res.json() as Order;
  };
  return { tenant, tenantId, office, admin, tech, call, create, put, stepTo };
}
export type OrderWorld = Awaited<ReturnType<typeof orderWorld>>;

/** The stored row of an order (for what the reply does not show). */
export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order row');
  return row;
}

/**
 * Every order of the tenant as GET orders lists it (JSON written by the database) is the order as GET
 * orders/{id} answers it, without deliveries, extra effort, object data and production, and fits the schema.
 */
export async function expectListItemsAreOrders(w: Pick<OrderWorld, 'call'>, atLeast: number) {
  const res = await w.call('GET', '/orders?inactive=true&size=500');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const page = res.json() as { docs: Order[] };
  expect(orderListReply.parse(page)).toEqual(page);
  expect(page.docs.length).toBeGreaterThanOrEqual(atLeast);
  for (const item of page.docs) {
    const detail = (await w.call('GET', `/orders/${item._id}`)).json() as Order;
    const { logistik: _l, maw: _m, objektdaten: _o, fertigung: _f, ...listed } = detail;
    expect(item).toEqual(listed);
  }
}
