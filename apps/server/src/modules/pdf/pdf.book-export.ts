import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { translate } from '@pruefbuch/domain/locales/resources';
import { lastInspectionDate } from '@pruefbuch/domain/rules/next-inspection';
import type { Nameplate } from '@pruefbuch/domain/schemas/book';
import type { Executor } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { readsRetired } from '../../platform/legal-holds';
import { COLOR, createPdf, PDF_LANG, type PdfWriter } from '../../platform/pdf';
import { flatSignature, hasFlatSignature, ImageCache, signatureRef } from '../../platform/pdf/images';
import { addressLine, formatDate } from '../../platform/pdf/text';
import { nameplate } from '../books/books.read';
import { type BookData, bookSubtitle, pdfTenant, scheduleTable } from './pdf.book-parts';
import { renderRecord } from './pdf.record';
import { type PdfRecord, type PhotoLoader, preloadedPhotos, toPdfRecord } from './pdf.record-model';
import {
  blobsByIds,
  correctionPartners,
  finalizedRecords,
  findBookWithTenant,
  type InspectionRow,
  signatureImages,
} from './pdf.repo';

export interface BookExport extends BookData {
  plate: Nameplate;
  records: PdfRecord[];
  photos: PhotoLoader;
  /** The flattened signatures of the records by their 'md5:…' reference. */
  signatures: Map<string, Buffer | null>;
}

/** The finalized records of a book with their corrections and uploaded reports resolved. */
export async function loadRecords(db: Executor, tenantId: string, rows: InspectionRow[]): Promise<PdfRecord[]> {
  const [{ partners, correctedBy }, reports] = await Promise.all([
    correctionPartners(db, tenantId, rows),
    blobsByIds(
      db,
      tenantId,
      rows.map((r) => r.reportBlobId).filter((id): id is string => !!id),
    ),
  ]);
  const reportNames = new Map(reports.map((b) => [b.id, b.fileName]));
  return rows.map((row) => {
    const fixer = correctedBy.get(row.id);
    return toPdfRecord(row, {
      report: row.reportBlobId ? { fileName: reportNames.get(row.reportBlobId) ?? '' } : null,
      corrects: row.correctsId ? (partners.get(row.correctsId) ?? null) : null,
      correctedBy: fixer ? (partners.get(fixer) ?? null) : null,
    });
  });
}

/** Everything the book export shows, read before the first byte is sent (a missing book is a 404). */
export async function loadBookExport(ctx: TenantContext, bookId: string): Promise<BookExport> {
  const data = await findBookWithTenant(ctx.db, ctx.tenantId, bookId, readsRetired(ctx.user));
  if (!data) throw notFound();
  const [plate, rows] = await Promise.all([
    nameplate(ctx, bookId),
    finalizedRecords(ctx.db, ctx.tenantId, bookId, hiddenRecordKinds(ctx.user)),
  ]);
  const records = await loadRecords(ctx.db, ctx.tenantId, rows);
  return {
    ...data,
    plate,
    records,
    signatures: await loadSignatures(ctx, records),
    photos: await preloadedPhotos(ctx.db, ctx.tenantId, ctx.deps.files, records),
  };
}

/**
 * The flattened signatures of these records by reference, held for this document (the shared
 * cache may drop them meanwhile); images the cache lacks are read once and flattened.
 */
export async function loadSignatures(ctx: TenantContext, records: PdfRecord[]): Promise<Map<string, Buffer | null>> {
  const refsOf = (r: PdfRecord) =>
    [r.inspectorSignature?.image, r.operatorAcknowledgement?.image].filter((ref): ref is string => !!ref);
  const known = records.flatMap(refsOf).filter(hasFlatSignature);
  const missing = records.filter((r) => r.id && !refsOf(r).every(hasFlatSignature)).map((r) => r.id as string);
  const images = (await signatureImages(ctx.db, ctx.tenantId, missing)).flatMap((row) =>
    [row.inspector, row.operator].filter((image): image is string => !!image),
  );
  const flat = await Promise.all(
    [...new Set([...known, ...images])].map(
      async (image) => [signatureRef(image), await flatSignature(image)] as const,
    ),
  );
  return new Map(flat);
}

/** The dates the schedule shows: SPEC §4's last inspection (corrected records no longer count) and the last self-inspection. */
export function lastDates(records: PdfRecord[]) {
  const counted = records.filter((r) => !r.correctedBy);
  const dated = counted.map((r) => ({ ...r, finalized: true }));
  const self = counted.filter((r) => r.kind === 'self').map((r) => r.when);
  return { inspection: lastInspectionDate(dated), self: self.length ? (self.sort().at(-1) ?? null) : null };
}

export function bookExportPdf(data: BookExport) {
  return createPdf({
    title: translate(PDF_LANG, 'pdf.titles.book'),
    subtitle: bookSubtitle(data.book),
    tenant: pdfTenant(data.tenant),
  });
}

/** GET books/{id}/exportPdf: the whole book, every finalized record oldest first. */
export async function renderBookExport(pdf: PdfWriter, data: BookExport) {
  const { book, plate } = data;
  pdf.y += pdf.write(pdf.t('pdf.titles.book'), pdf.left, pdf.y, {
    width: pdf.width,
    font: 'bold',
    size: 22,
    color: COLOR.accent,
  });
  pdf.y +=
    2 + pdf.write(book.title || plate.type || '–', pdf.left, pdf.y + 2, { width: pdf.width, font: 'bold', size: 14 });
  pdf.y += 2;
  pdf.y += pdf.write(pdf.t('pdf.printedOn', { date: formatDate(new Date()) }), pdf.left, pdf.y, {
    width: pdf.width,
    size: 8.5,
    color: COLOR.muted,
  });
  pdf.y += 4;

  pdf.heading(pdf.t('pdf.sections.installation'));
  pdf.keyValues(
    [
      [pdf.t('books.fields.title'), plate.title],
      [pdf.t('books.nameplate.type'), plate.type],
      [pdf.t('books.fields.bookType'), plate.bookType ?? ''],
      [pdf.t('pdf.fields.component'), plate.component ?? ''],
      [pdf.t('books.nameplate.manufacturer'), plate.manufacturer],
      [pdf.t('books.nameplate.manufacturerNo'), plate.manufacturerNo],
      [pdf.t('books.nameplate.serialNo'), plate.serialNo],
      [pdf.t('books.nameplate.orderNo'), plate.orderNo],
      [pdf.t('books.nameplate.year'), plate.year ?? ''],
      [pdf.t('books.fields.object'), plate.object],
      [pdf.t('books.fields.objectnutzung'), book.objectnutzung],
      [pdf.t('books.fields.site'), plate.site],
      [pdf.t('books.fields.location'), book.location],
      [pdf.t('books.fields.customer'), book.customer],
      [pdf.t('books.fields.completedOn'), formatDate(book.completedOn)],
    ],
    { columns: 3 },
  );
  if (book.shortText.trim()) pdf.paragraph(book.shortText);
  const technical = Object.entries(plate.technical);
  if (technical.length) {
    pdf.heading(pdf.t('pdf.sections.technical'), 3);
    pdf.keyValues(
      technical.map(([k, v]) => {
        const label = pdf.t(`pdf.technical.${k}`);
        return [label.startsWith('pdf.') ? k : label, v];
      }),
      { columns: 3 },
    );
  }

  pdf.heading(pdf.t('pdf.sections.addresses'));
  const party = (name: string, address: Parameters<typeof addressLine>[0], more: string[] = []) =>
    [name, addressLine(address), ...more].filter((s) => s.trim()).join('\n');
  pdf.keyValues([
    [pdf.t('books.fields.controller'), party(book.controller, book.controlleraddress)],
    [pdf.t('books.fields.object'), party(book.object, book.objectaddress)],
    [pdf.t('books.fields.raiser'), party(book.raiser, book.raiseraddress)],
    [pdf.t('books.fields.manufacturer'), party(book.manufacturer, book.manufactureraddress)],
    [
      pdf.t('pdf.fields.contact'),
      party(book.contactName, null, [
        book.contactTel ? `${pdf.t('pdf.fields.tel')}: ${book.contactTel}` : '',
        book.contactMail ? `${pdf.t('pdf.fields.email')}: ${book.contactMail}` : '',
      ]),
    ],
  ]);

  pdf.heading(pdf.t('pdf.sections.schedule'));
  scheduleTable(pdf, data, lastDates(data.records));
  pdf.keyValues(
    [
      [pdf.t('books.fields.firstservice'), formatDate(book.firstservice)],
      [pdf.t('books.fields.completedOn'), formatDate(book.completedOn)],
    ],
    { columns: 3 },
  );

  pdf.heading(pdf.t('pdf.sections.records'));
  if (data.records.length === 0) pdf.paragraph(pdf.t('pdf.sections.noRecords'), { color: COLOR.muted });
  const images = new ImageCache(pdf, data.signatures);
  for (const [i, record] of data.records.entries()) {
    if (pdf.aborted) return;
    if (i > 0) pdf.rule(COLOR.rule, 14);
    await renderRecord(pdf, record, { level: 2, images, photos: data.photos });
    await pdf.drain();
  }
}
