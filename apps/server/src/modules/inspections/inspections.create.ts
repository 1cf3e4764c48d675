import { checklistFor, typeChecklistFor } from '@pruefbuch/domain/rules/checklists';
import { selfInspectionText } from '@pruefbuch/domain/rules/self-inspection';
import type {
  Inspection,
  InspectionKind,
  inspectionCreateSchema,
  selfInspectionCreateSchema,
} from '@pruefbuch/domain/schemas/inspection';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { inspections } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, badField, conflict, notFound } from '../../platform/errors';
import { findBook } from '../books/books.repo';
import { findBookType, toBookTypeDto } from '../booktypes/booktypes.repo';
import { assertQualifiedToSign } from '../qualifications/qualifications.signing';
import { auditCreated } from './inspections.audit';
import {
  blankChecklist,
  checkDefectItems,
  checkPhotos,
  knownLabels,
  labelChecklist,
  stamped,
  withDefectIds,
} from './inspections.input';
import { correctionOf, familyOf, findRecord, type InspectionRow, readRecord } from './inspections.repo';

type StaffCreate = z.infer<typeof inspectionCreateSchema>;
type SelfCreate = z.infer<typeof selfInspectionCreateSchema>;
type NewRecord = Omit<StaffCreate, 'kind'> & { kind: InspectionKind };

/** What a correction takes over from the record it corrects, unless the request sends it. */
const COPIED = [
  'where',
  'who',
  'isAbnahmeGutachten',
  'akkutausch',
  'text',
  'misc',
  'checklist',
  'defects',
  'continuedOperation',
] as const;

/** A unique violation of inspections_corrects_idx: somebody corrected the record a moment earlier. */
function isCorrectsConflict(err: unknown) {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? err;
  const c = cause as { code?: string; constraint?: string };
  return c.code === '23505' && c.constraint === 'inspections_corrects_idx';
}

/**
 * The record a correction names: a finalized record of the same book and family that nothing
 * corrects yet (409 NOT_FINALIZED / ALREADY_CORRECTED); locked until the correction is stored.
 */
async function correctedRecord(tx: Executor, ctx: TenantContext, input: NewRecord): Promise<InspectionRow | null> {
  if (!input.corrects) return null;
  const base = await findRecord(tx, ctx.tenantId, input.corrects, { forUpdate: true });
  if (!base) throw notFound();
  if (base.bookId !== input.book || familyOf(base.kind) !== familyOf(input.kind)) {
    throw badField('corrects', 'validation.invalid');
  }
  if (!base.finalizedAt) throw conflict('NOT_FINALIZED');
  if (await correctionOf(tx, ctx.tenantId, base.id)) throw conflict('ALREADY_CORRECTED');
  return base;
}

async function insertRecord(ctx: TenantContext, input: NewRecord, sent: ReadonlySet<string>): Promise<Inspection> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const book = await findBook(tx, ctx.tenantId, input.book);
      if (!book) throw notFound();
      const base = await correctedRecord(tx, ctx, input);
      const fields = { ...input };
      if (base) {
        for (const f of COPIED) if (!sent.has(f)) (fields as Record<string, unknown>)[f] = base[f];
      }
      const typeRow = book.bookTypeId ? await findBookType(tx, book.bookTypeId) : null;
      const type = typeRow ? toBookTypeDto(typeRow) : null;
      // The book type's list of this kind (decision 021): the type's own, else the norm list.
      const typeList = typeChecklistFor(input.kind, type);
      if (input.kind === 'self' && !base && !fields.text.trim()) fields.text = selfInspectionText(typeList);
      const checklistName = base?.checklistName ?? checklistFor(input.kind, type);
      // A correction keeps the texts of the record it corrects.
      const checklist = fields.checklist.length
        ? labelChecklist(fields.checklist, knownLabels(base?.checklist ?? [], blankChecklist(typeList)))
        : blankChecklist(typeList);
      const defects = withDefectIds(fields.defects);
      checkDefectItems(checklist, defects);
      await checkPhotos(tx, ctx.tenantId, book.id, defects);
      // Signed at once: the signer needs the qualification of the book type (decision 055).
      if (fields.inspectorSignature) {
        await assertQualifiedToSign(tx, ctx, { kind: input.kind, bookId: book.id, when: fields.when });
      }
      const now = new Date();
      const [row] = await tx
        .insert(inspections)
        .values({
          tenantId: ctx.tenantId,
          bookId: book.id,
          kind: input.kind,
          when: fields.when,
          where: fields.where,
          who: fields.who,
          // Only an expert report can be an acceptance report.
          isAbnahmeGutachten: input.kind === 'gutachten' && fields.isAbnahmeGutachten,
          akkutausch: fields.akkutausch,
          text: fields.text,
          misc: fields.misc,
          checklistName,
          checklist,
          defects,
          continuedOperation: fields.continuedOperation,
          inspectorSignature: stamped(fields.inspectorSignature, now),
          operatorAcknowledgement: stamped(fields.operatorAcknowledgement, now),
          correctsId: base?.id ?? null,
          createdBy: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('inspection insert returned nothing');
      await auditCreated(tx, ctx, row);
      const dto = await readRecord(tx, ctx.tenantId, row.id);
      if (!dto) throw new Error('inspection not readable after insert');
      return dto;
    });
  } catch (err) {
    if (isCorrectsConflict(err)) throw new AppError('ALREADY_CORRECTED', 409);
    throw err;
  }
}

/**
 * POST inspections: a new draft inspection, maintenance or expert report of a book of the
 * tenant. Without a checklist it gets its book type's, every item open; a correction starts as
 * a copy of the record it corrects (without signatures) where the request sends nothing.
 * `sent` names the fields the request actually carried (the schema fills in the others).
 */
export function createRecord(ctx: TenantContext, input: StaffCreate, sent: ReadonlySet<string>) {
  return insertRecord(ctx, input, sent);
}

/** POST selfinspections: a new draft self-inspection; without a text it gets the default self-check text. */
export function createSelfRecord(ctx: TenantContext, input: SelfCreate, sent: ReadonlySet<string>) {
  return insertRecord(ctx, { ...input, kind: 'self', where: '', isAbnahmeGutachten: false, akkutausch: false }, sent);
}
