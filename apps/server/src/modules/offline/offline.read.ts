/**
 * GET offline/day (decision 061): the books the signed-in user takes along in the current tenant — those
 * of their open records and of their bookings of today and the next days, capped — each with its type's
 * checklists, its last finalized records, the user's own open records in full, its documents' metadata and
 * its QR codes.
 */
import { typeChecklistFor } from '@pruefbuch/domain/rules/checklists';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { OFFLINE_DAY, pickOfflineBooks } from '@pruefbuch/domain/rules/offline-day';
import type { OfflineBook, OfflineDay } from '@pruefbuch/domain/schemas/offline';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import {
  booksByIds,
  bookTypesByIds,
  candidatesOf,
  chosenOf,
  documentsOf,
  draftsOf,
  lastRecordsOf,
  type OfflineChoice,
  qrCodesOf,
} from './offline.repo';

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (r: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    if (k == null) continue;
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

export async function offlineDay(
  ctx: TenantContext,
  choice: OfflineChoice | null = null,
  now: Date = new Date(),
): Promise<OfflineDay> {
  const { db, tenantId, user } = ctx;
  const chosen = choice ? await chosenOf(db, tenantId, user, choice) : null;
  // A folder or branch of another tenant, or out of the user's branches, is unknown here.
  if (choice && !chosen) throw notFound();
  const pick = pickOfflineBooks(await candidatesOf(db, tenantId, user, chosen?.rows ?? null), berlinToday(now));
  const ids = pick.books.map((b) => b.bookId);
  const rows = await booksByIds(db, tenantId, user, ids);
  const typeIds = [...new Set(rows.flatMap((r) => (r.bookTypeId ? [r.bookTypeId] : [])))];
  const [types, records, drafts, documents, codes] = [
    await bookTypesByIds(db, typeIds),
    await lastRecordsOf(db, tenantId, user, ids),
    await draftsOf(db, tenantId, user, ids),
    await documentsOf(db, tenantId, user, ids),
    await qrCodesOf(db, tenantId, user, ids),
  ];
  const typeById = new Map(types.map((t) => [t.id, t]));
  const recordsOf = groupBy(records, (r) => r.bookId);
  const draftsByBook = groupBy(drafts, (d) => d.book);
  const documentsByBook = groupBy(documents, (d) => d.bookId);
  const codesOf = groupBy(codes, (c) => c.bookId);
  const bookById = new Map(rows.map((r) => [r.id, r]));

  const out: OfflineBook[] = pick.books.flatMap(({ bookId, reason }) => {
    const b = bookById.get(bookId);
    if (!b) return [];
    const t = b.bookTypeId ? typeById.get(b.bookTypeId) : undefined;
    const type = t
      ? {
          type: t.type,
          component: t.component,
          checklist: t.checklist ?? undefined,
          selfChecklist: t.selfChecklist ?? undefined,
        }
      : null;
    return [
      {
        _id: b.id,
        title: b.title,
        customer: b.customer,
        location: b.location,
        typ: b.typ,
        bookTypeId: b.bookTypeId,
        nextInspectionDate: b.nextInspectionDate,
        inspectionAmpel: b.inspectionAmpel,
        enableFrom: b.enableFrom,
        enableTo: b.enableTo,
        reason,
        checklist: typeChecklistFor('inspection', type),
        selfChecklist: typeChecklistFor('self', type),
        records: (recordsOf.get(b.id) ?? []).map((r) => ({
          _id: r.id,
          kind: r.kind,
          when: r.when,
          who: r.who,
          continuedOperation: r.continuedOperation,
          defects: Number(r.defects),
          finalizedAt: (r.finalizedAt as Date).toISOString(),
        })),
        drafts: draftsByBook.get(b.id) ?? [],
        documents: (documentsByBook.get(b.id) ?? []).map((d) => ({
          _id: d.id,
          fileName: d.fileName,
          contentType: d.contentType,
          size: d.size,
          type: d.type,
          createdAt: d.createdAt.toISOString(),
        })),
        qrCodes: (codesOf.get(b.id) ?? []).map((c) => c.code),
      },
    ];
  });
  return {
    tenantId,
    preparedAt: now.toISOString(),
    chosen: chosen?.chosen ?? null,
    books: out,
    maxBooks: OFFLINE_DAY.maxBooks,
    overCap: pick.overCap,
    daysAhead: OFFLINE_DAY.daysAhead,
  };
}
