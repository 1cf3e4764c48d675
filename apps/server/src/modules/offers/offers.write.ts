/**
 * Changing offers: create (from the defaults, optionally from a defect), update (409 on a stale __v,
 * blocks replaced whole), delete (admins), the hand-over to order processing, and the last search.
 * Every write recomputes the ampel, status and type for today and records the protocol in its
 * transaction. __v counts changes of the fields a client writes; what the server sets on its own
 * (KTB informed, take-over asked for, attachments, the daily ampel) leaves it as it is.
 */
import type { DetailKey } from '@pruefbuch/domain/error-codes';
import { deleteFilesDateIssue } from '@pruefbuch/domain/rules/field-permissions';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { mayTakeOver } from '@pruefbuch/domain/rules/offer-ampel';
import { offerMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import type { OfferLastSearch } from '@pruefbuch/domain/schemas/offer';
import {
  OFFER_DEFAULTS,
  type OfferCreate,
  type OfferFields,
  type OfferUpdate,
  offerIssues,
} from '@pruefbuch/domain/schemas/offer';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { blobs, offerFiles, offerLastSearches, offers, orders } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, conflict, notFound } from '../../platform/errors';
import { checkFieldPermissions } from '../../platform/field-permissions';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { versionedUpdate } from '../../platform/versioned-write';
import { resolveSource, sourceLabel } from './offers.defects';
import { get } from './offers.read';
import {
  ampelInputOf,
  auditViewOf,
  columnsOf,
  derivedOf,
  fieldsOf,
  lockOffer,
  type OfferRow,
  pickableUsers,
  type ServerState,
  USER_FIELDS,
} from './offers.repo';
import { keepListItems, moveOfferTotals } from './offers.store';

export const auditOf = (ctx: TenantContext, id: string, action: 'create' | 'update' | 'delete') => ({
  entity: 'offer' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

const serverStateOf = (row: OfferRow): ServerState => ({
  orderId: row.orderId,
  ktbInformedAt: row.ktbInformedAt,
  takeOverRequestedAt: row.takeOverRequestedAt,
});

/** The people named anew must be users of the tenant: a 400 at each field that names somebody else. */
async function checkUsers(db: Executor, tenantId: string, next: OfferFields, before: OfferFields | null) {
  const changed = USER_FIELDS.filter((k) => next[k] && next[k] !== before?.[k]);
  if (changed.length === 0) return;
  const known = new Set(
    (
      await pickableUsers(
        db,
        tenantId,
        changed.map((k) => next[k] as string),
      )
    ).map((u) => u.id),
  );
  const bad = changed.filter((k) => !known.has(next[k] as string));
  if (bad.length) {
    const key: DetailKey = 'validation.offer.user';
    throw new AppError(
      'VALIDATION',
      400,
      bad.map((field) => ({ field, key, message: key })),
    );
  }
}

/** The cross-field rules on the offer as it will be after the write (the schema sees only what was sent). */
function checkIssues(next: OfferFields) {
  const issues = [...offerMinimumIssues(next), ...offerIssues(next)];
  if (issues.length) {
    throw new AppError(
      'VALIDATION',
      400,
      issues.map((i) => ({ field: i.path.join('.'), key: i.key as DetailKey, message: i.key })),
    );
  }
}

/**
 * What a role may set (decision 043): a changed field of a group the role may not set is a 403; a
 * deletion date set anew must lie after today (admins excepted), else a 400 at deleteFilesDate.
 */
function checkPermitted(ctx: TenantContext, before: OfferFields, next: OfferFields) {
  checkFieldPermissions('offer', ctx.user.role, before, next);
  const key = deleteFilesDateIssue(before.deleteFilesDate, next.deleteFilesDate, ctx.user.role, berlinToday());
  if (key) throw badField('deleteFilesDate', key);
}

/** Who set the deletion date: the caller when it changes, nobody once it is cleared (the purge is recorded in their name). */
const deleteFilesSetBy = (ctx: TenantContext, before: OfferFields | null, next: OfferFields, was: string | null) => {
  if (before && next.deleteFilesDate === before.deleteFilesDate) return was;
  return next.deleteFilesDate ? ctx.user.id : null;
};

/** POST offer: the defaults, what was sent, the derived columns; with `source` linked to its defect. */
export async function create(ctx: TenantContext, input: OfferCreate) {
  const { source, ...given } = input;
  const fields: OfferFields = { ...OFFER_DEFAULTS, ...given };
  checkPermitted(ctx, OFFER_DEFAULTS, fields);
  checkIssues(fields);
  const id = await ctx.db.transaction(async (tx) => {
    await checkUsers(tx, ctx.tenantId, fields, null);
    const src = source ? await resolveSource(tx, ctx.tenantId, source) : null;
    const server: ServerState = { orderId: null, ktbInformedAt: null, takeOverRequestedAt: null };
    const [row] = await tx
      .insert(offers)
      .values({
        ...columnsOf(fields),
        ...derivedOf(fields, server, berlinToday()),
        tenantId: ctx.tenantId,
        talkResultAt: fields.angebot.talkResult ? new Date() : null,
        deleteFilesSetBy: deleteFilesSetBy(ctx, null, fields, null),
        sourceBookId: src?.book.id ?? null,
        sourceRecordId: src?.record.id ?? null,
        sourceDefectId: src?.defect._id ?? null,
        createdBy: ctx.user.id,
      })
      .returning();
    if (!row) throw new Error('offer insert returned nothing');
    await keepListItems(tx, [row]);
    await moveOfferTotals(tx, [], [row]);
    await recordChanges(tx, ctx, auditOf(ctx, row.id, 'create'), null, {
      ...auditViewOf(row),
      ...(src ? { source: sourceLabel(src) } : {}),
    });
    return row.id;
  });
  return get(ctx, id);
}

/** PUT offer/{id}: the fields sent replace the stored ones (a block as a whole); a stale __v is a 409. */
export async function update(ctx: TenantContext, id: string, input: OfferUpdate) {
  await ctx.db.transaction(async (tx) => {
    const { __v, ...given } = input;
    const { current, row } = await versionedUpdate(tx, offers, {
      tenantId: ctx.tenantId,
      id,
      __v,
      lock: () => lockOffer(tx, ctx.tenantId, id),
      set: async (current: OfferRow) => {
        const before = fieldsOf(current);
        const next: OfferFields = { ...before, ...given };
        checkPermitted(ctx, before, next);
        checkIssues(next);
        await checkUsers(tx, ctx.tenantId, next, before);
        const talkChanged = next.angebot.talkResult !== before.angebot.talkResult;
        return {
          ...columnsOf(next),
          ...derivedOf(next, serverStateOf(current), berlinToday()),
          talkResultAt: talkChanged ? (next.angebot.talkResult ? new Date() : null) : current.talkResultAt,
          deleteFilesSetBy: deleteFilesSetBy(ctx, before, next, current.deleteFilesSetBy),
        };
      },
      audit: { ctx, entity: 'offer', before: auditViewOf, after: auditViewOf },
    });
    await keepListItems(tx, [row]);
    await moveOfferTotals(tx, [current], [row]);
  });
  return get(ctx, id);
}

/** Locks an offer of the request's tenant for a write; another tenant's is a 404. */
export async function lockForWrite(tx: Executor, ctx: TenantContext, id: string) {
  const row = await lockOffer(tx, ctx.tenantId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * In the caller's transaction: sets what the server records of a locked offer (KTB informed, take-over
 * asked for), recomputes the ampel and records the protocol. The version stays: no written field changed.
 */
export async function setServerState(tx: Tx, ctx: TenantContext, current: OfferRow, change: Partial<ServerState>) {
  const server = { ...serverStateOf(current), ...change };
  const [row] = await tx
    .update(offers)
    .set({ ...change, ...derivedOf(fieldsOf(current), server, berlinToday()), updatedAt: new Date() })
    .where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.id, current.id)))
    .returning();
  if (!row) throw notFound();
  await keepListItems(tx, [row]);
  await recordChanges(tx, ctx, auditOf(ctx, current.id, 'update'), auditViewOf(current), auditViewOf(row));
  return row;
}

/** POST offer/{id}/takeover: 'In Auftragsabwicklung übernehmen' records the wish; order processing completes it. */
export async function takeOver(ctx: TenantContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockForWrite(tx, ctx, id);
    if (!mayTakeOver(ampelInputOf(fieldsOf(current), serverStateOf(current)))) {
      throw conflict('OFFER_TAKEOVER_NOT_ALLOWED');
    }
    await setServerState(tx, ctx, current, { takeOverRequestedAt: new Date() });
  });
  return get(ctx, id);
}

/**
 * 409 OFFER_HAS_ORDER naming the order made from the offer (its AB-Nr, else its object): the offer is
 * the order's basis (its object, contacts and prices came from it) and stays.
 */
async function orderMadeFrom(tx: Executor, ctx: TenantContext, orderId: string) {
  const [order] = await tx
    .select({ abnr: orders.abnr, objekt: orders.objekt })
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, orderId)));
  const label = order?.abnr || order?.objekt || orderId;
  return new AppError('OFFER_HAS_ORDER', 409, [
    { field: 'orderId', key: 'errors.OFFER_HAS_ORDER', message: 'OFFER_HAS_ORDER', params: { orderId, order: label } },
  ]);
}

/**
 * DELETE offer/{id}: the offer, its attachments' rows, and then the bytes nobody else holds. An offer an
 * order was made from is a 409 naming the order.
 */
export async function remove(ctx: TenantContext, id: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await lockForWrite(tx, ctx, id);
    if (current.orderId) throw await orderMadeFrom(tx, ctx, current.orderId);
    const files = await tx
      .select({ id: blobs.id, sha256: blobs.sha256 })
      .from(offerFiles)
      .innerJoin(blobs, eq(blobs.id, offerFiles.blobId))
      .where(eq(offerFiles.offerId, id));
    await tx.delete(offers).where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.id, id)));
    await moveOfferTotals(tx, [current], []);
    if (files.length) {
      await tx.delete(blobs).where(
        and(
          eq(blobs.tenantId, ctx.tenantId),
          inArray(
            blobs.id,
            files.map((f) => f.id),
          ),
        ),
      );
    }
    await recordChanges(tx, ctx, auditOf(ctx, id, 'delete'), auditViewOf(current), null);
    await scheduleFileRemovals(
      tx,
      files.map((f) => f.sha256),
      ctx.deps.config.fileRemovalGraceHours,
    );
  });
}

/** PUT offer/lastsearch: remembers the caller's search (one per user and tenant). */
export async function saveLastSearch(ctx: TenantContext, input: OfferLastSearch): Promise<OfferLastSearch> {
  await ctx.db
    .insert(offerLastSearches)
    .values({ userId: ctx.user.id, tenantId: ctx.tenantId, type: input.type, value: input.value })
    .onConflictDoUpdate({
      target: [offerLastSearches.userId, offerLastSearches.tenantId],
      set: { type: input.type, value: input.value, updatedAt: new Date() },
    });
  return input;
}
