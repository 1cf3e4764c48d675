import { finalizeBlockers } from '@pruefbuch/domain/rules/finalize';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { Inspection } from '@pruefbuch/domain/schemas/inspection';
import type { Executor } from '../../db/client';
import { inspections } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
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

/**
 * Refuses a record that is not ready to be signed off (rules/finalize, the rule the editor and the offline
 * form check before sending): the reply's code is the first thing missing, its details name every one at
 * its field.
 */
export function assertFinalizable(r: InspectionRow, today = berlinToday()) {
  const blockers = finalizeBlockers(r, today);
  const [first] = blockers;
  if (!first) return;
  throw new AppError(
    first.code,
    400,
    blockers.map((b) => ({ field: b.field, key: b.key, message: b.key })),
  );
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
