import { translate } from '@pruefbuch/domain/locales/resources';
import type { RecordKind } from '@pruefbuch/domain/rules/checklists';
import { formatDay } from '@pruefbuch/domain/rules/date-display';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  holdsOn,
  lastingLongest,
  type QualificationKind,
  qualificationLabelKey,
  requiredQualification,
  validOn,
} from '@pruefbuch/domain/rules/qualifications';
import type { SigningQualification } from '@pruefbuch/domain/schemas/qualification';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { books, bookTypes, inspections } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { qualificationsOf } from './qualifications.repo';

/** The qualification the type of a book of the tenant names; null: none (or no type). */
async function typeQualification(db: Executor, tenantId: string, bookId: string): Promise<QualificationKind | null> {
  const [row] = await db
    .select({ qualification: bookTypes.qualification })
    .from(books)
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(and(eq(books.tenantId, tenantId), eq(books.id, bookId)))
    .limit(1);
  return row?.qualification ?? null;
}

/** What signing a record of `kind` on a book, dated `when`, needs of the caller, and whether they hold it. */
export async function signingCheck(
  db: Executor,
  ctx: TenantContext,
  record: { kind: RecordKind; bookId: string; when: string },
): Promise<SigningQualification> {
  const required = requiredQualification(record.kind, await typeQualification(db, ctx.tenantId, record.bookId));
  if (required === null) return { required, date: record.when, held: true, validUntil: null };
  const mine = (await qualificationsOf(db, ctx.user.id)).filter((q) => q.kind === required && validOn(q, record.when));
  return {
    required,
    date: record.when,
    held: holdsOn(mine, required, record.when),
    validUntil: lastingLongest(mine)?.validUntil ?? null,
  };
}

/**
 * Refuses (403 QUALIFICATION_MISSING, naming the qualification and the day) a signature or a
 * finalize by a user who does not hold the qualification the record's book type needs, valid on
 * the record's date (decision 055). Call it inside the write's transaction, with the record as it
 * will be.
 */
export async function assertQualifiedToSign(
  tx: Executor,
  ctx: TenantContext,
  record: { kind: RecordKind; bookId: string; when: string },
) {
  const check = await signingCheck(tx, ctx, record);
  if (check.held || check.required === null) return;
  const params = {
    kind: check.required,
    qualification: translate(ctx.lang, qualificationLabelKey(check.required)),
    date: formatDay(check.date, 'date', ctx.lang),
  };
  throw new AppError('QUALIFICATION_MISSING', 403, [
    { field: 'qualification', key: 'errors.QUALIFICATION_MISSING', message: 'QUALIFICATION_MISSING', params },
  ]);
}

/** GET inspections/{id}/qualification: what signing this record needs of the caller (on `when`, else its date). */
export async function recordSigningCheck(ctx: TenantContext, id: string, when?: string) {
  const [row] = await ctx.db
    .select({ kind: inspections.kind, bookId: inspections.bookId, when: inspections.when })
    .from(inspections)
    .where(and(eq(inspections.tenantId, ctx.tenantId), eq(inspections.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return signingCheck(ctx.db, ctx, {
    kind: row.kind as RecordKind,
    bookId: row.bookId,
    when: when ?? row.when ?? berlinToday(),
  });
}
