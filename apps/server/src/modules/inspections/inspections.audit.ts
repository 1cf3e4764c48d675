/**
 * Changes of records go into the protocol of their book (GET auditlogs/book), so the book's
 * protocol tells its whole story. A row's field names the kind and the field, e.g.
 * 'wartung.defects'; creating, finalizing and deleting a record are rows of their own
 * ('wartung' with the record's date, person and id; 'wartung.finalized').
 */
import type { Executor } from '../../db/client';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import type { InspectionRow } from './inspections.repo';

const summary = (r: InspectionRow) => `${r.when} · ${r.who || '–'} (${r.id})`;

/** The fields of a record as the protocol compares them: short texts, no signature images. */
function fieldsOf(r: InspectionRow): Record<string, unknown> {
  return {
    when: r.when,
    where: r.where,
    who: r.who,
    isAbnahmeGutachten: r.isAbnahmeGutachten,
    akkutausch: r.akkutausch,
    text: r.text,
    misc: Object.keys(r.misc).length ? r.misc : null,
    checklist: r.checklist.map((c) => `${c.item}: ${c.result ?? '–'}${c.note ? ` (${c.note})` : ''}`).join('; '),
    defects: r.defects.map((d) => `${d.severity}${d.resolved ? ' ✓' : ''}: ${d.text}`).join('; '),
    continuedOperation: r.continuedOperation,
    inspectorSignature: r.inspectorSignature?.name ?? null,
    operatorAcknowledgement: r.operatorAcknowledgement?.name ?? null,
  };
}

const prefixed = (kind: string, fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${kind}.${k}`, v]));

const write = (
  tx: Executor,
  ctx: TenantContext,
  bookId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) =>
  recordChanges(tx, ctx, { entity: 'book', entityId: bookId, tenantId: ctx.tenantId, action: 'update' }, before, after);

export function auditCreated(tx: Executor, ctx: TenantContext, r: InspectionRow) {
  return write(tx, ctx, r.bookId, null, {
    [r.kind]: summary(r),
    ...(r.correctsId ? { [`${r.kind}.corrects`]: r.correctsId } : {}),
  });
}

export function auditUpdated(tx: Executor, ctx: TenantContext, before: InspectionRow, after: InspectionRow) {
  return write(tx, ctx, after.bookId, prefixed(before.kind, fieldsOf(before)), prefixed(after.kind, fieldsOf(after)));
}

export function auditFinalized(tx: Executor, ctx: TenantContext, r: InspectionRow) {
  return write(tx, ctx, r.bookId, null, { [`${r.kind}.finalized`]: `${summary(r)} ${r.finalizedAt?.toISOString()}` });
}

export function auditDeleted(tx: Executor, ctx: TenantContext, r: InspectionRow) {
  return write(tx, ctx, r.bookId, { [r.kind]: summary(r) }, null);
}
