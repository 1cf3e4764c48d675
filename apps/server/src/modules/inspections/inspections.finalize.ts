import type { ErrorCode } from '@pruefbuch/domain/error-codes';
import { contradictsContinuedOperation } from '@pruefbuch/domain/rules/continued-operation';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { Executor } from '../../db/client';
import { inspections } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, notFound } from '../../platform/errors';
import { versionedUpdate } from '../../platform/versioned-write';
import { recomputeBookSchedule } from '../books/books.schedule';
import { assertQualifiedToSign } from '../qualifications/qualifications.signing';
import { auditFinalized } from './inspections.audit';
import { type InspectionRow, type RecordFamily, readRecord } from './inspections.repo';
import { sealFinalizedRecord } from './inspections.seal';
import { lockDraft } from './inspections.write';

/**
 * What a finalize sets off in the pdf module, which this module may not import (the PDFs read the
 * records; docs/decisions/018). app.ts plugs in the pdf module's archive.
 */
export interface InspectionPorts {
  /** Renders the PDF of a record finalized in `tx` and keeps it with its book, inside `tx`. */
  archiveFinalized(ctx: TenantContext, tx: Executor, inspectionId: string): Promise<unknown>;
}

const refused = (code: ErrorCode, field: string) =>
  new AppError(code, 400, [{ field, key: `errors.${code}`, message: code }]);

/**
 * What a record needs before it is signed off: the inspector's signature; a result for every
 * checklist item (a checklist of its own, except for an expert report, whose findings are its
 * text); for inspections and maintenance the statement whether the installation may stay in
 * operation, and never 'yes' beside an open defect that rules it out (rules/continued-operation);
 * and a date that is not in the future.
 */
export function assertFinalizable(r: InspectionRow, today = berlinToday()) {
  if (!r.inspectorSignature) throw refused('SIGNATURE_REQUIRED', 'inspectorSignature');
  const open = r.checklist.findIndex((c) => c.result === null);
  if (open >= 0) throw refused('CHECKLIST_INCOMPLETE', `checklist.${open}.result`);
  if (r.checklist.length === 0 && r.kind !== 'gutachten') throw refused('CHECKLIST_INCOMPLETE', 'checklist');
  if ((r.kind === 'inspection' || r.kind === 'wartung') && r.continuedOperation === null) {
    throw refused('CONTINUED_OPERATION_REQUIRED', 'continuedOperation');
  }
  if (contradictsContinuedOperation(r)) throw refused('CONTINUED_OPERATION_CONFLICT', 'continuedOperation');
  if (r.when > today) throw badField('when', 'validation.date');
}

/**
 * POST inspections/{id}/finalize and selfinspections/{id}/finalize: signs a draft off. In one
 * transaction the record becomes read-only, the book's schedule (dates, ampels, shut-down and,
 * for staff records, the status) is recomputed, the record's PDF is archived and the record is
 * sealed as the next link of its book's chain (decision 057).
 */
export function finalizeRecord(
  ctx: TenantContext,
  family: RecordFamily,
  id: string,
  version: number,
  ports: InspectionPorts,
): Promise<Inspection> {
  return ctx.db.transaction(async (tx) => {
    const { row } = await versionedUpdate(tx, inspections, {
      tenantId: ctx.tenantId,
      id,
      __v: version,
      lock: () => lockDraft(tx, ctx.tenantId, id, family),
      set: async (current) => {
        await assertQualifiedToSign(tx, ctx, current);
        assertFinalizable(current);
        const now = new Date();
        return { finalizedAt: now, finalizedBy: ctx.user.id, updatedAt: now };
      },
    });
    await auditFinalized(tx, ctx, row);
    await recomputeBookSchedule(tx, ctx, row.bookId, { status: family === 'staff' });
    await ports.archiveFinalized(ctx, tx, id);
    await sealFinalizedRecord(tx, ctx.tenantId, id);
    const dto = await readRecord(tx, ctx.tenantId, id);
    if (!dto) throw notFound();
    return dto;
  });
}
