import type { Inspection, inspectionUpdateSchema } from '@pruefbuch/domain/schemas/inspection';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { blobs, inspections } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { scheduleFileRemovals } from '../../platform/files-removals';
import { versionedUpdate } from '../../platform/versioned-write';
import { recomputeBookSchedule } from '../books/books.schedule';
import { assertQualifiedToSign } from '../qualifications/qualifications.signing';
import { auditDeleted, auditUpdated } from './inspections.audit';
import {
  checkDefectItems,
  checkPhotos,
  DEFECT_PHOTO_TYPE,
  knownLabels,
  labelChecklist,
  stamped,
  withDefectIds,
} from './inspections.input';
import {
  findRecord,
  type InspectionInsert,
  type InspectionRow,
  photosInOtherRecords,
  type RecordFamily,
  readRecord,
} from './inspections.repo';

/** Fields a self-inspection does not have (SPEC §3): sent anyway, they are ignored. */
const NOT_SELF = new Set(['where', 'isAbnahmeGutachten', 'akkutausch']);

/** A draft of the tenant locked for a write (a finalized record is read-only: 409 FINALIZED); absent is null. */
export async function lockDraft(tx: Executor, tenantId: string, id: string, family: RecordFamily) {
  const current = await findRecord(tx, tenantId, id, { family, forUpdate: true });
  if (current?.finalizedAt) throw conflict('FINALIZED');
  return current;
}

/** The columns a PUT of a draft sets from the fields sent; 400 on defects or photos that do not fit. */
async function draftChanges(
  tx: Executor,
  tenantId: string,
  family: RecordFamily,
  current: InspectionRow,
  fields: Omit<z.infer<typeof inspectionUpdateSchema>, '__v'>,
  now: Date,
) {
  const set: Partial<InspectionInsert> = { updatedAt: now };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (family === 'self' && NOT_SELF.has(key))) continue;
    (set as Record<string, unknown>)[key] = value;
  }
  // A draft keeps the texts its items had when it was made.
  if (fields.checklist) set.checklist = labelChecklist(fields.checklist, knownLabels(current.checklist));
  if (fields.defects) {
    set.defects = withDefectIds(fields.defects);
    await checkPhotos(tx, tenantId, current.bookId, set.defects);
  }
  if (set.checklist || set.defects)
    checkDefectItems(set.checklist ?? current.checklist, set.defects ?? current.defects);
  if (set.isAbnahmeGutachten !== undefined)
    set.isAbnahmeGutachten = current.kind === 'gutachten' && set.isAbnahmeGutachten;
  if (fields.inspectorSignature !== undefined) set.inspectorSignature = stamped(fields.inspectorSignature, now);
  if (fields.operatorAcknowledgement !== undefined) {
    set.operatorAcknowledgement = stamped(fields.operatorAcknowledgement, now);
  }
  return set;
}

/**
 * PUT inspections/{id} and selfinspections/{id}: changes the fields sent of a draft of the
 * tenant. A finalized record is read-only (409 FINALIZED); a stale __v is a 409 CONFLICT.
 */
export function updateRecord(
  ctx: TenantContext,
  family: RecordFamily,
  id: string,
  input: z.infer<typeof inspectionUpdateSchema>,
): Promise<Inspection> {
  return ctx.db.transaction(async (tx) => {
    const { __v, ...fields } = input;
    const { current, row } = await versionedUpdate(tx, inspections, {
      tenantId: ctx.tenantId,
      id,
      __v,
      lock: () => lockDraft(tx, ctx.tenantId, id, family),
      set: async (current) => {
        const set = await draftChanges(tx, ctx.tenantId, family, current, fields, new Date());
        // A new signature needs the qualification of the book type (decision 055); one sent back as it was does not.
        const signature = set.inspectorSignature;
        const was = current.inspectorSignature;
        if (signature && (signature.image !== was?.image || signature.name !== was?.name)) {
          await assertQualifiedToSign(tx, ctx, {
            kind: current.kind,
            bookId: current.bookId,
            when: set.when ?? current.when,
          });
        }
        return set;
      },
    });
    await auditUpdated(tx, ctx, current, row);
    const dto = await readRecord(tx, ctx.tenantId, id);
    if (!dto) throw notFound();
    return dto;
  });
}

/**
 * DELETE inspections/{id}, selfinspections/{id}, books/{id}/inspection/{inspectionId} and
 * books/{id}/selfinspection/{selfInspectionId}: removes a draft (a finalized record stays:
 * 409 FINALIZED). Photos that only this draft showed go with it, their files after the grace period.
 */
export async function deleteRecord(ctx: TenantContext, family: RecordFamily, id: string, bookId?: string) {
  await ctx.db.transaction(async (tx) => {
    const current = await findRecord(tx, ctx.tenantId, id, { family, forUpdate: true });
    if (!current || (bookId && current.bookId !== bookId)) throw notFound();
    if (current.finalizedAt) throw conflict('FINALIZED');
    const stillShown = await photosInOtherRecords(tx, ctx.tenantId, current.bookId, id);
    const orphaned = [...new Set(current.defects.flatMap((d) => d.photos))].filter((p) => !stillShown.has(p));
    await tx.delete(inspections).where(and(eq(inspections.id, id), eq(inspections.tenantId, ctx.tenantId)));
    const removed = orphaned.length
      ? await tx
          .delete(blobs)
          .where(and(eq(blobs.tenantId, ctx.tenantId), inArray(blobs.id, orphaned), eq(blobs.type, DEFECT_PHOTO_TYPE)))
          .returning({ sha256: blobs.sha256 })
      : [];
    await auditDeleted(tx, ctx, current);
    await recomputeBookSchedule(tx, ctx, current.bookId, { status: false });
    await scheduleFileRemovals(
      tx,
      removed.map((r) => r.sha256),
      ctx.deps.config.fileRemovalGraceHours,
    );
  });
}
