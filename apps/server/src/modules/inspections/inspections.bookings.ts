/**
 * Bookings (SPEC §3 Booking entry, Book meta; §8 'Anmeldung erfolgreich!' and 'TOO EARLY'):
 * people register for one of a book's `slots` within its window enableFrom..enableTo.
 */
import { OFFICE_ROLES } from '@pruefbuch/domain/access';
import type { RoleNumber } from '@pruefbuch/domain/roles';
import { berlinToday, calculateNextDate } from '@pruefbuch/domain/rules/next-inspection';
import { isServiceInterval } from '@pruefbuch/domain/rules/service-intervals';
import {
  type Booking,
  type BookMeta,
  type bookingEntrySchema,
  type calculateDateSchema,
  TOO_EARLY,
} from '@pruefbuch/domain/schemas/inspection';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { bookings, users } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, conflict, forbidden, notFound } from '../../platform/errors';
import { mayUseTenant } from '../../platform/tenancy';
import { type BookRow, findBook } from '../books/books.repo';

export const BOOKING_SUCCESS_MESSAGE = 'Anmeldung erfolgreich!';

type BookingRow = typeof bookings.$inferSelect;

const toBookingDto = (r: BookingRow): Booking => ({
  _id: r.id,
  book: r.bookId,
  user_id: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  dob: r.dob,
  properties: r.properties,
  createdAt: r.createdAt.toISOString(),
});

async function usedSlots(db: Executor, tenantId: string, bookId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.bookId, bookId)));
  return row?.n ?? 0;
}

const inWindow = (b: Pick<BookRow, 'enableFrom' | 'enableTo'>, today: string) =>
  (!b.enableFrom || today >= b.enableFrom) && (!b.enableTo || today <= b.enableTo);

function metaOf(book: Pick<BookRow, 'slots' | 'enableFrom' | 'enableTo'>, used: number, today: string): BookMeta {
  const free = Math.max(0, book.slots - used);
  return {
    freeslots: free,
    usedslots: used,
    bookable: inWindow(book, today) && free > 0,
    bookableInFuture: !!book.enableFrom && today < book.enableFrom,
  };
}

/** GET books/{id}/meta: free and used slots, and whether the book can be booked now or later. */
export async function bookMeta(ctx: TenantContext, bookId: string): Promise<BookMeta> {
  const book = await findBook(ctx.db, ctx.tenantId, bookId);
  if (!book) throw notFound();
  return metaOf(book, await usedSlots(ctx.db, ctx.tenantId, book.id), berlinToday());
}

/** A named person must be a user who may work in the tenant (any tenant's admin included). */
async function assertTenantUser(db: Executor, tenantId: string, userId: string) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await mayUseTenant(db, { id: user.id, role: user.role as RoleNumber }, tenantId))) throw notFound();
}

const isUniqueBooking = (err: unknown) => {
  const c = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  return c.code === '23505' && c.constraint === 'bookings_book_user_idx';
};

/**
 * POST books/{id}/inspection: registers a person for a slot. Before the window 400 'TOO EARLY',
 * after it 400 TOO_LATE, the same user twice 409 ALREADY_BOOKED, no free slot 409 FULLY_BOOKED.
 * The book row is locked, so two bookings of the last slot cannot both succeed.
 */
export async function addBooking(ctx: TenantContext, bookId: string, entry: z.infer<typeof bookingEntrySchema>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const book = await findBook(tx, ctx.tenantId, bookId, { forUpdate: true });
      if (!book) throw notFound();
      if (entry.user_id) await assertTenantUser(tx, ctx.tenantId, entry.user_id);
      const today = berlinToday();
      if (book.enableFrom && today < book.enableFrom) throw new AppError(TOO_EARLY, 400);
      if (book.enableTo && today > book.enableTo) throw new AppError('TOO_LATE', 400);
      if (entry.user_id) {
        const [dup] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(eq(bookings.bookId, book.id), eq(bookings.userId, entry.user_id)))
          .limit(1);
        if (dup) throw conflict('ALREADY_BOOKED');
      }
      const used = await usedSlots(tx, ctx.tenantId, book.id);
      if (used >= book.slots) throw conflict('FULLY_BOOKED');
      await tx.insert(bookings).values({
        tenantId: ctx.tenantId,
        bookId: book.id,
        userId: entry.user_id ?? null,
        firstName: entry.firstName,
        lastName: entry.lastName,
        dob: entry.dob ?? null,
        properties: entry.properties,
        createdBy: ctx.user.id,
      });
      await recordChanges(
        tx,
        ctx,
        { entity: 'book', entityId: book.id, tenantId: ctx.tenantId, action: 'update' },
        null,
        { booking: `${entry.firstName} ${entry.lastName}` },
      );
      return { success: true as const, message: BOOKING_SUCCESS_MESSAGE, meta: metaOf(book, used + 1, today) };
    });
  } catch (err) {
    if (isUniqueBooking(err)) throw conflict('ALREADY_BOOKED');
    throw err;
  }
}

/** Users may look at their own data; the office roles at anybody's in their tenants. */
export const mayActForOthers = (role: RoleNumber) => (OFFICE_ROLES as readonly number[]).includes(role);

/** The user whose data is asked for: oneself, or (office roles) a user of the tenant; else 403/404. */
export async function assertMaySeeUser(ctx: TenantContext, userId: string) {
  if (userId === ctx.user.id) return;
  if (!mayActForOthers(ctx.user.role)) throw forbidden();
  await assertTenantUser(ctx.db, ctx.tenantId, userId);
}

/** GET books/{id}/inspectionUser/{userId}: that user's bookings of the book, oldest first. */
export async function userBookings(ctx: TenantContext, bookId: string, userId: string): Promise<Booking[]> {
  if (!(await findBook(ctx.db, ctx.tenantId, bookId))) throw notFound();
  await assertMaySeeUser(ctx, userId);
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, ctx.tenantId), eq(bookings.bookId, bookId), eq(bookings.userId, userId)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return rows.map(toBookingDto);
}

/** GET books/{id}/bookings (office roles): everybody registered for the book's slots, oldest first. */
export async function bookBookings(ctx: TenantContext, bookId: string): Promise<Booking[]> {
  if (!(await findBook(ctx.db, ctx.tenantId, bookId))) throw notFound();
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, ctx.tenantId), eq(bookings.bookId, bookId)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return rows.map(toBookingDto);
}

/**
 * DELETE books/{id}/bookings/{bookingId}: cancels a registration and frees its slot. Users cancel
 * their own (the booking names them as user_id); the office roles any of their tenant's books.
 * Somebody else's registration is a 404 to everybody else, as they cannot see it either.
 */
export async function cancelBooking(ctx: TenantContext, bookId: string, bookingId: string): Promise<BookMeta> {
  return ctx.db.transaction(async (tx) => {
    const book = await findBook(tx, ctx.tenantId, bookId, { forUpdate: true });
    if (!book) throw notFound();
    const [row] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.tenantId, ctx.tenantId), eq(bookings.bookId, book.id), eq(bookings.id, bookingId)))
      .limit(1);
    if (!row || (row.userId !== ctx.user.id && !mayActForOthers(ctx.user.role))) throw notFound();
    await tx.delete(bookings).where(and(eq(bookings.id, row.id), eq(bookings.tenantId, ctx.tenantId)));
    await recordChanges(
      tx,
      ctx,
      { entity: 'book', entityId: book.id, tenantId: ctx.tenantId, action: 'update' },
      { booking: `${row.firstName} ${row.lastName}` },
      null,
    );
    return metaOf(book, await usedSlots(tx, ctx.tenantId, book.id), berlinToday());
  });
}

/**
 * POST books/calculatedate: the next due date after a record of that date with that interval
 * (rules/next-inspection.ts). An acceptance report does not count as an inspection: null.
 */
export function calculateDate(input: z.infer<typeof calculateDateSchema>) {
  if (!isServiceInterval(input.serviceinterval)) throw badField('serviceinterval', 'validation.invalid');
  const counts = !input.isAbnahmeGutachten;
  return { calcdate: counts ? calculateNextDate(input.date, input.serviceinterval) : null };
}
