/**
 * Changing customer locations: create, update (409 on a stale __v), delete (only without books), and
 * linking books. One transaction per call, the protocol written inside it.
 */

import { bookLinkVerdict } from '@pruefbuch/domain/rules/location-book-link';
import { zipIssue } from '@pruefbuch/domain/rules/zip-codes';
import {
  CUSTOMER_LOCATION_DEFAULTS,
  type CustomerLocationCreate,
  type CustomerLocationUpdate,
  oneIdentifier,
} from '@pruefbuch/domain/schemas/customerlocation';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerLocationBooks, customerLocations } from '../../db/schema/index';
import { toAddressValue } from '../../platform/addresses';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, conflict, notFound } from '../../platform/errors';
import { refreshLocationAmpels } from '../../platform/location-ampels';
import { versionedUpdate } from '../../platform/versioned-write';
import { findBook } from '../books/books.repo';
import { customerNamesOf } from './customerlocations.books';
import { findKeyHolder, keyTaken, type LocationKeys, withUniqueKeys } from './customerlocations.keys';
import { get } from './customerlocations.read';
import { locationAuditView, locationName, lockLocation } from './customerlocations.repo';

/** 400 on address.zip when a new or changed ZIP code does not fit its country (rules/zip-codes.ts). */
function assertZip(before: { zip: string; country: string } | null, after: { zip: string; country: string }) {
  const issue = zipIssue(before, after);
  if (issue) throw badField('address.zip', issue);
}

const audit = (ctx: TenantContext, id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'customerlocation' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

/** 409 LOCATION_KEY_TAKEN when another branch of the tenant and customer holds one of the keys (decision 039). */
async function assertKeysFree(tx: Executor, tenantId: string, keys: LocationKeys, exceptId?: string) {
  const holder = await findKeyHolder(tx, tenantId, keys, exceptId);
  if (holder) throw keyTaken(holder);
}

/** POST customerlocation: the customer is required; a key another branch of the customer holds is a 409. */
export async function create(ctx: TenantContext, input: CustomerLocationCreate) {
  const fields = { ...CUSTOMER_LOCATION_DEFAULTS, ...input };
  assertZip(null, fields.address);
  const id = await withUniqueKeys(
    ctx.db,
    ctx.tenantId,
    () => fields,
    () =>
      ctx.db.transaction(async (tx) => {
        await assertKeysFree(tx, ctx.tenantId, fields);
        const [row] = await tx
          .insert(customerLocations)
          .values({ ...fields, tenantId: ctx.tenantId, address: toAddressValue(fields.address, null) })
          .returning();
        if (!row) throw new Error('customer location insert returned nothing');
        await recordChanges(tx, ctx, audit(ctx, row.id, 'create'), null, locationAuditView(row));
        return row.id;
      }),
  );
  return get(ctx, id);
}

/** PUT customerlocation/{id}: a stale __v is a 409 CONFLICT, keys another branch of the customer holds 409 LOCATION_KEY_TAKEN. */
export async function update(ctx: TenantContext, id: string, input: CustomerLocationUpdate) {
  let wanted: LocationKeys | null = null;
  await withUniqueKeys(
    ctx.db,
    ctx.tenantId,
    () => wanted,
    () =>
      updateIn(ctx, id, input, (keys) => {
        wanted = keys;
      }),
  );
  return get(ctx, id);
}

async function updateIn(
  ctx: TenantContext,
  id: string,
  input: CustomerLocationUpdate,
  writing: (keys: LocationKeys) => void,
) {
  await ctx.db.transaction(async (tx) => {
    const { __v, address, ...fields } = input;
    await versionedUpdate(tx, customerLocations, {
      tenantId: ctx.tenantId,
      id,
      __v,
      lock: () => lockLocation(tx, ctx.tenantId, id),
      set: async (current) => {
        const next = {
          ...current,
          ...fields,
          ...(address ? { address: toAddressValue(address, current.address) } : {}),
        };
        if (!oneIdentifier(next)) {
          throw new AppError('VALIDATION', 400, [{ field: 'nr', key: 'validation.required', message: 'nr' }]);
        }
        assertZip(current.address, next.address);
        writing(next);
        await assertKeysFree(tx, ctx.tenantId, next, id);
        return {
          znl: next.znl,
          nr: next.nr,
          sapNr: next.sapNr,
          address: next.address,
          bemerkungen: next.bemerkungen,
          customer: next.customer,
          active: next.active,
          ruhend: next.ruhend,
        };
      },
      audit: { ctx, entity: 'customerlocation', before: locationAuditView, after: locationAuditView },
    });
  });
}

export async function remove(ctx: TenantContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockLocation(tx, ctx.tenantId, id);
    if (!current) throw notFound();
    const [linked] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customerLocationBooks)
      .where(eq(customerLocationBooks.locationId, id));
    if ((linked?.n ?? 0) > 0) throw conflict('LOCATION_HAS_BOOKS');
    await tx
      .delete(customerLocations)
      .where(and(eq(customerLocations.tenantId, ctx.tenantId), eq(customerLocations.id, id)));
    await recordChanges(tx, ctx, audit(ctx, id, 'delete'), locationAuditView(current), null);
  });
}

const bookLabel = (b: { title: string; site: string }) => (b.site ? `${b.title} (${b.site})` : b.title);

const LINK_REFUSAL = {
  refuse: 'BOOK_OF_OTHER_CUSTOMER',
  'confirm-no-customer': 'BOOK_WITHOUT_CUSTOMER',
  'confirm-first-book': 'BOOK_FIRST_OF_CUSTOMER',
} as const;

/**
 * Links a book of the tenant; one already here is 409 BOOK_ALREADY_LINKED, one of another location 409
 * BOOK_IN_OTHER_LOCATION. Only a book of the branch's customer links at once; one of another customer is
 * 409 BOOK_OF_OTHER_CUSTOMER, one of no customer (or the first named book of the customer) 409
 * BOOK_WITHOUT_CUSTOMER / BOOK_FIRST_OF_CUSTOMER until sent again with `confirm` (decision 038).
 */
export async function linkBook(ctx: TenantContext, id: string, bookId: string, confirm = false) {
  await ctx.db.transaction(async (tx) => {
    const location = await lockLocation(tx, ctx.tenantId, id);
    // The book's row lock makes two links of one book at once wait for each other: the second sees the first.
    const book = await findBook(tx, ctx.tenantId, bookId, { forUpdate: true });
    if (!location || !book) throw notFound();
    const [existing] = await tx
      .select({
        locationId: customerLocationBooks.locationId,
        znl: customerLocations.znl,
        nr: customerLocations.nr,
        sapNr: customerLocations.sapNr,
      })
      .from(customerLocationBooks)
      .innerJoin(customerLocations, eq(customerLocations.id, customerLocationBooks.locationId))
      .where(eq(customerLocationBooks.bookId, bookId))
      .limit(1);
    if (existing?.locationId === id) throw conflict('BOOK_ALREADY_LINKED');
    if (existing) {
      throw new AppError('BOOK_IN_OTHER_LOCATION', 409, [
        {
          field: 'bookId',
          key: 'errors.BOOK_IN_OTHER_LOCATION',
          message: 'BOOK_IN_OTHER_LOCATION',
          params: { location: locationName(existing) },
        },
      ]);
    }
    const verdict = bookLinkVerdict(book.customer, await customerNamesOf(tx, ctx.tenantId, location.customer), confirm);
    if (verdict !== 'link') {
      const code = LINK_REFUSAL[verdict];
      throw new AppError(code, 409, [
        {
          field: 'bookId',
          key: `errors.${code}`,
          message: code,
          params: { book: bookLabel(book), customer: book.customer.trim() },
        },
      ]);
    }
    await tx.insert(customerLocationBooks).values({ locationId: id, bookId });
    await refreshLocationAmpels(tx, ctx.tenantId, [id]);
    await recordChanges(tx, ctx, audit(ctx, id, 'update'), { book: null }, { book: bookLabel(book) });
  });
  return get(ctx, id);
}

/** Removes a book from the location; a book that is not linked there is a 404. */
export async function unlinkBook(ctx: TenantContext, id: string, bookId: string) {
  await ctx.db.transaction(async (tx) => {
    const location = await lockLocation(tx, ctx.tenantId, id);
    const book = await findBook(tx, ctx.tenantId, bookId);
    if (!location || !book) throw notFound();
    const removed = await tx
      .delete(customerLocationBooks)
      .where(and(eq(customerLocationBooks.locationId, id), eq(customerLocationBooks.bookId, bookId)))
      .returning({ bookId: customerLocationBooks.bookId });
    if (removed.length === 0) throw notFound();
    await refreshLocationAmpels(tx, ctx.tenantId, [id]);
    await recordChanges(tx, ctx, audit(ctx, id, 'update'), { book: bookLabel(book) }, { book: null });
  });
  return get(ctx, id);
}
