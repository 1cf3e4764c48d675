/**
 * Changing orders: create (from the defaults; status CREATED, department 1), update (409 on a stale
 * __v; the status never moves here), delete (admins, only while CREATED), the status steps of
 * rules/order-status.ts (the order made from an offer: orders.take-over.ts). Every write recomputes the
 * ampels for today and records the protocol in its transaction.
 */
import type { DetailKey } from '@pruefbuch/domain/error-codes';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { checkStep, type OrderStatus } from '@pruefbuch/domain/rules/order-status';
import { orderMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import { ORDER_DEFAULTS, type OrderCreate, type OrderFields, type OrderUpdate } from '@pruefbuch/domain/schemas/order';
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, conflict, forbidden, notFound } from '../../platform/errors';
import { checkFieldPermissions } from '../../platform/field-permissions';
import { type VersionAudit, versionedUpdate, writeVersion } from '../../platform/versioned-write';
import { pickableUsers } from '../offers/offers.repo';
import { type ConfirmedCode, checkedDoor, type DoorCodeLog, logConfirmed } from './orders.door-codes';
import { get } from './orders.read';
import { auditViewOf, columnsOf, derivedOf, fieldsOf, lockOrder, type OrderRow, orderColumns } from './orders.repo';
import { insertOrderRows, listItemOf, moveOrderTotals, newOrderRow } from './orders.store';

export const auditOf = (ctx: TenantContext, id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'order' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

/** Locks an order of the request's tenant for a write; another tenant's is a 404. */
export async function lockForWrite(tx: Executor, ctx: TenantContext, id: string) {
  const row = await lockOrder(tx, ctx.tenantId, id);
  if (!row) throw notFound();
  return row;
}

/** The order as it will be saved needs what decision 028 asks for (the schema sees only what was sent): else a 400. */
function checkMinimum(next: OrderFields) {
  const issues = orderMinimumIssues(next);
  if (issues.length) {
    throw new AppError(
      'VALIDATION',
      400,
      issues.map((i) => ({ field: i.path.join('.'), key: i.key, message: i.key })),
    );
  }
}

/** A changed OPM must be a user of the tenant who works orders (else 400 at `opmUser`). */
async function checkOpmUser(db: Executor, tenantId: string, next: OrderFields, before: OrderFields | null) {
  if (!next.opmUser || next.opmUser === before?.opmUser) return;
  const [known] = await pickableUsers(db, tenantId, [next.opmUser]);
  if (!known) throw badField('opmUser', 'validation.order.opmUser');
}

/** Inserts an order in the caller's transaction with its ampels, list item, list counts and protocol; returns the row. */
export async function insertOrder(
  tx: Tx,
  ctx: TenantContext,
  fields: OrderFields,
  extra: { aktuelleAbteilung?: number; offerId?: string | null; abnr?: string },
) {
  const row = newOrderRow({
    ...columnsOf(extra.abnr ? { ...fields, abnr: extra.abnr } : fields),
    ...derivedOf(fields, 'CREATED', berlinToday()),
    tenantId: ctx.tenantId,
    status: 'CREATED',
    aktuelleAbteilung: extra.aktuelleAbteilung ?? 1,
    offerId: extra.offerId ?? null,
    createdBy: ctx.user.id,
  });
  await insertOrderRows(tx, [row]);
  await recordChanges(tx, ctx, auditOf(ctx, row.id, 'create'), null, auditViewOf(row));
  return row;
}

/**
 * POST orders: the defaults and what was sent; status CREATED, department 1 unless another is sent. A field
 * the caller's role may not set (decision 043) must keep its default; the door's codes come from the
 * catalogue (decision 052; `log` gets the codes a catalogue keeper confirmed outside it).
 */
export async function create(ctx: TenantContext, input: OrderCreate, log?: DoorCodeLog) {
  const { aktuelle_abteilung, ...given } = input;
  const fields: OrderFields = { ...ORDER_DEFAULTS, ...given };
  checkFieldPermissions('order', ctx.user.role, ORDER_DEFAULTS, fields);
  checkMinimum(fields);
  const { row, newlyConfirmed } = await ctx.db.transaction(async (tx) => {
    await checkOpmUser(tx, ctx.tenantId, fields, null);
    const door = await checkedDoor(tx, ctx, null, fields.tuer);
    const row = await insertOrder(
      tx,
      ctx,
      { ...fields, tuer: door.tuer },
      { aktuelleAbteilung: aktuelle_abteilung ?? 1 },
    );
    return { row, newlyConfirmed: door.newlyConfirmed };
  });
  logConfirmed(log, ctx, row.id, newlyConfirmed);
  return get(ctx, row.id);
}

/**
 * In the caller's transaction: writes the locked order with `set`, the fields `next` and the ampels
 * for its status, counts the version up, moves its list counts and records the protocol.
 */
export async function writeOrder(
  tx: Tx,
  ctx: TenantContext,
  current: OrderRow,
  next: OrderFields,
  set: Partial<typeof orders.$inferInsert> = {},
) {
  const row = await writeVersion(tx, orders, {
    tenantId: ctx.tenantId,
    current,
    set: orderSet(current, next, set),
    returning: orderColumns,
    audit: orderAudit(ctx),
  });
  await moveOrderTotals(tx, [current], [row]);
  return row;
}

/**
 * The columns an order write sets: the fields `next`, the ampels for its status, `set`, and the list item
 * of the order as the write leaves it (with the version and updatedAt the write gives it).
 */
function orderSet(current: OrderRow, next: OrderFields, set: Partial<typeof orders.$inferInsert> = {}) {
  const status = (set.status ?? current.status) as OrderStatus;
  const values = { ...columnsOf(next), ...derivedOf(next, status, berlinToday()), updatedAt: new Date(), ...set };
  return { ...values, listItem: listItemOf({ ...current, ...values, version: current.version + 1 }) };
}

const orderAudit = (ctx: TenantContext): VersionAudit<OrderRow, OrderRow> => ({
  ctx,
  entity: 'order',
  before: auditViewOf,
  after: auditViewOf,
});

/** A versioned write of an order (PUT, a status step): `set` computes the write from the locked order. */
async function updateOrder(
  tx: Tx,
  ctx: TenantContext,
  id: string,
  __v: number | undefined,
  set: (current: OrderRow) => ReturnType<typeof orderSet> | Promise<ReturnType<typeof orderSet>>,
) {
  const { current, row } = await versionedUpdate(tx, orders, {
    tenantId: ctx.tenantId,
    id,
    __v,
    lock: () => lockOrder(tx, ctx.tenantId, id),
    set,
    returning: orderColumns,
    audit: orderAudit(ctx),
  });
  await moveOrderTotals(tx, [current], [row]);
}

/**
 * PUT orders/{id}: the fields sent replace the stored ones (a block as a whole); a stale __v is a 409, a
 * changed field the caller's role may not set (decision 043) a 403, a door code outside the catalogue a
 * 400 unless confirmed (decision 052).
 */
export async function update(ctx: TenantContext, id: string, input: OrderUpdate, log?: DoorCodeLog) {
  let newlyConfirmed: ConfirmedCode[] = [];
  await ctx.db.transaction(async (tx) => {
    const { __v, ...given } = input;
    if (given.opmUser) {
      const current = await lockForWrite(tx, ctx, id);
      await checkOpmUser(tx, ctx.tenantId, { ...ORDER_DEFAULTS, opmUser: given.opmUser }, fieldsOf(current));
    }
    await updateOrder(tx, ctx, id, __v, async (current) => {
      const before = fieldsOf(current);
      const next = { ...before, ...given };
      checkFieldPermissions('order', ctx.user.role, before, next);
      checkMinimum(next);
      if (!given.tuer) return orderSet(current, next);
      const door = await checkedDoor(tx, ctx, before.tuer, next.tuer);
      newlyConfirmed = door.newlyConfirmed;
      return orderSet(current, { ...next, tuer: door.tuer });
    });
  });
  logConfirmed(log, ctx, id, newlyConfirmed);
  return get(ctx, id);
}

/**
 * Links the book made from the order ('Prüfbuch anlegen', in the caller's transaction): no field of the
 * order changes, so its version stays; its list item shows the book.
 */
export async function linkBook(tx: Executor, tenantId: string, current: OrderRow, bookId: string) {
  const set = { bookId, updatedAt: new Date() };
  await tx
    .update(orders)
    .set({ ...set, listItem: listItemOf({ ...current, ...set }) })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, current.id)));
}

/** DELETE orders/{id}: only while the order is CREATED (else 409 ORDER_NOT_DELETABLE). */
export async function remove(ctx: TenantContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockForWrite(tx, ctx, id);
    if (current.status !== 'CREATED') throw conflict('ORDER_NOT_DELETABLE');
    await tx.delete(orders).where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id)));
    await moveOrderTotals(tx, [current], []);
    await recordChanges(tx, ctx, auditOf(ctx, id, 'delete'), auditViewOf(current), null);
  });
}

/**
 * POST orders/{id}/status: one step of the flow. A stale __v or a step the flow does not have from the
 * current status is a 409, a role the step does not allow a 403, missing fields a 400 at their paths.
 * Sets statusLastModified, and the first installedAt, acceptedAt and billedAt.
 */
export async function step(ctx: TenantContext, id: string, input: { to: OrderStatus; __v: number }) {
  await ctx.db.transaction(async (tx) => {
    await updateOrder(tx, ctx, id, input.__v, (current) => {
      const fields = fieldsOf(current);
      const check = checkStep(current.status as OrderStatus, input.to, ctx.user.role, fields, berlinToday());
      if (!check.ok) {
        if (check.reason === 'unknown') throw conflict('ORDER_STEP_NOT_ALLOWED');
        if (check.reason === 'role') throw forbidden();
        throw new AppError(
          'VALIDATION',
          400,
          check.issues.map((i) => ({ field: i.field, key: i.key as DetailKey, message: i.key })),
        );
      }
      const now = new Date();
      const to = input.to;
      const accepted = to === 'ZIVI_ERLEDIGT' || (to === 'MONTAGE_ABGESCHLOSSEN' && !fields.vkid.zivi);
      return orderSet(current, fields, {
        status: to,
        statusLastModified: now,
        installedAt: current.installedAt ?? (to === 'MONTAGE_ABGESCHLOSSEN' ? now : null),
        acceptedAt: current.acceptedAt ?? (accepted ? now : null),
        billedAt: current.billedAt ?? (to === 'VERRECHNET' ? now : null),
      });
    });
  });
  return get(ctx, id);
}
