import { customerKey } from '@pruefbuch/domain/rules/retention';
import type { LegalHold, LegalHoldCreate } from '@pruefbuch/domain/schemas/retention';
import { and, eq } from 'drizzle-orm';
import { legalHolds } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { holdsOf } from '../../platform/legal-holds';
import { findBook } from '../books/books.repo';
import { holdsList } from './retention.read';

/**
 * Where a hold's change is recorded: in the protocol of its book, or (a hold on a customer) of the tenant;
 * the field 'legalHold' with the reason (and the customer) as its value.
 */
const protocolOf = (ctx: TenantContext, hold: { bookId: string | null; customer: string | null; reason: string }) =>
  hold.bookId
    ? { entry: { entity: 'book' as const, entityId: hold.bookId }, value: hold.reason }
    : { entry: { entity: 'tenant' as const, entityId: ctx.tenantId }, value: `${hold.customer}: ${hold.reason}` };

/**
 * POST retention/holds (admins): a legal hold on a book of the tenant (retired or not; another tenant's is a
 * 404) or on a customer's name. A second hold on the same book or customer is a 409.
 */
export function createHold(ctx: TenantContext, input: LegalHoldCreate): Promise<LegalHold> {
  return ctx.db.transaction(async (tx) => {
    const bookId = input.book ?? null;
    const customer = bookId ? null : (input.customer ?? '').trim().replace(/\s+/g, ' ');
    if (bookId && !(await findBook(tx, ctx.tenantId, bookId, { retired: true }))) throw notFound();
    const holds = await holdsOf(tx, ctx.tenantId);
    if (bookId ? holds.books.has(bookId) : holds.customers.has(customerKey(customer))) {
      throw conflict('LEGAL_HOLD_EXISTS');
    }
    const [row] = await tx
      .insert(legalHolds)
      .values({ tenantId: ctx.tenantId, bookId, customer, reason: input.reason, createdBy: ctx.user.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('LEGAL_HOLD_EXISTS');
    const p = protocolOf(ctx, row);
    await recordChanges(
      tx,
      ctx,
      { ...p.entry, tenantId: ctx.tenantId, action: 'update' },
      { legalHold: null },
      { legalHold: p.value },
    );
    const [created] = await holdsList(tx, ctx.tenantId, row.id);
    if (!created) throw new Error('legal hold not read back');
    return created;
  });
}

/** DELETE retention/holds/{id} (admins): lifts the hold; due purges follow in the next daily run. */
export async function deleteHold(ctx: TenantContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(legalHolds)
      .where(and(eq(legalHolds.tenantId, ctx.tenantId), eq(legalHolds.id, id)))
      .returning();
    if (!row) throw notFound();
    const p = protocolOf(ctx, row);
    await recordChanges(
      tx,
      ctx,
      { ...p.entry, tenantId: ctx.tenantId, action: 'update' },
      { legalHold: p.value },
      { legalHold: null },
    );
  });
}
