import { translate } from '@pruefbuch/domain/locales/resources';
import type { inspectionCreateSchema } from '@pruefbuch/domain/schemas/inspection';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { COLOR, createPdf, PDF_LANG, type PdfWriter } from '../../platform/pdf';
import { pdfFileName } from '../../platform/pdf/file-names';
import { ImageCache, recordSignatures } from '../../platform/pdf/images';
import { formatDate } from '../../platform/pdf/text';
import { loadRecords } from './pdf.book-export';
import { type BookData, bookSubtitle, installationBlock, pdfTenant } from './pdf.book-parts';
import { renderRecord } from './pdf.record';
import { blankChecklist, itemLabel, kindKey, type PdfRecord, type PhotoLoader, photoLoader } from './pdf.record-model';
import { findBookWithTenant, findRecord } from './pdf.repo';

export interface RecordDocument extends BookData {
  record: PdfRecord;
  photos: PhotoLoader;
  /** The record's signatures flattened on white, by the image the record names. */
  signatures: Map<string, Buffer | null>;
  draft: boolean;
}

const tr = (key: string, params?: Record<string, string | number>) => translate(PDF_LANG, key, params);

/**
 * One record of a book of the tenant (any executor: the archive reads inside the finalize transaction); a
 * retired book's only with `retired` (the reader reads retired books, decision 059).
 */
export async function loadRecordDocument(
  db: Executor,
  files: FileStore,
  tenantId: string,
  recordId: string,
  bookId?: string,
  retired = false,
): Promise<RecordDocument> {
  const row = await findRecord(db, tenantId, recordId);
  if (!row || (bookId && row.bookId !== bookId)) throw notFound();
  const data = await findBookWithTenant(db, tenantId, row.bookId, retired);
  if (!data) throw notFound();
  const [record] = await loadRecords(db, tenantId, [row]);
  if (!record) throw notFound();
  return {
    ...data,
    record,
    photos: photoLoader(db, tenantId, files),
    signatures: await recordSignatures([record]),
    draft: !row.finalizedAt,
  };
}

/** POST inspections/preview: the unsaved body of a new record, with the book type's checklist when it has none. */
export async function loadPreview(
  ctx: TenantContext,
  input: z.infer<typeof inspectionCreateSchema>,
): Promise<RecordDocument> {
  const data = await findBookWithTenant(ctx.db, ctx.tenantId, input.book);
  if (!data) throw notFound();
  const blank = blankChecklist(input.kind, data.type, tr);
  const checklist = input.checklist.length
    ? input.checklist.map((e) => ({ ...e, label: itemLabel(e, tr) }))
    : blank.entries;
  const record: PdfRecord = {
    id: null,
    kind: input.kind,
    when: input.when,
    where: input.where,
    who: input.who,
    isAbnahmeGutachten: input.isAbnahmeGutachten,
    akkutausch: input.akkutausch,
    text: input.text,
    checklistName: blank.name,
    checklist,
    defects: input.defects,
    continuedOperation: input.continuedOperation,
    inspectorSignature: input.inspectorSignature,
    operatorAcknowledgement: input.operatorAcknowledgement,
    report: null,
    corrects: null,
    correctedBy: null,
    finalizedAt: null,
  };
  return {
    ...data,
    record,
    photos: photoLoader(ctx.db, ctx.tenantId, ctx.deps.files),
    signatures: await recordSignatures([record]),
    draft: true,
  };
}

export const recordTitleOf = (r: Pick<PdfRecord, 'kind' | 'isAbnahmeGutachten'>) =>
  tr(`pdf.reportTitles.${kindKey(r)}`);

export function recordPdf(doc: RecordDocument) {
  return createPdf({
    title: recordTitleOf(doc.record),
    subtitle: bookSubtitle(doc.book),
    tenant: pdfTenant(doc.tenant),
    watermark: doc.draft ? tr('pdf.draft') : undefined,
  });
}

export function recordFileName(doc: RecordDocument, kind: 'gutachten' | 'inspection' | 'preview') {
  return pdfFileName(kind, doc.book, doc.record.when);
}

/** The PDF of one record: the title, the installation, then the record itself. */
export async function renderRecordDocument(pdf: PdfWriter, doc: RecordDocument) {
  pdf.y += pdf.write(recordTitleOf(doc.record), pdf.left, pdf.y, {
    width: pdf.width,
    font: 'bold',
    size: 18,
    color: COLOR.accent,
  });
  pdf.y +=
    1 + pdf.write(formatDate(doc.record.when), pdf.left, pdf.y + 1, { width: pdf.width, size: 9, color: COLOR.muted });
  pdf.heading(pdf.t('pdf.sections.installation'));
  installationBlock(pdf, doc);
  await renderRecord(pdf, doc.record, { level: 1, images: new ImageCache(pdf, doc.signatures), photos: doc.photos });
}
