import { SERVICE_INTERVALS } from '@pruefbuch/domain/rules/service-intervals';
import { COLOR, type PdfTenant, type PdfWriter } from '../../platform/pdf';
import { drawTable } from '../../platform/pdf/table';
import { addressLine, formatDate } from '../../platform/pdf/text';
import type { BookRow, BookTypeRow, TenantRow } from './pdf.repo';

export interface BookData {
  book: BookRow;
  tenant: TenantRow;
  type: BookTypeRow | null;
}

export const pdfTenant = (t: TenantRow): PdfTenant => ({
  name: t.name,
  fusszeileText: t.fusszeileText,
  addressName: t.addressName,
  address: t.address,
});

/** The header's second line: what installation the document is about. */
export const bookSubtitle = (b: BookRow) =>
  [b.title, b.object, b.site, b.manufacturerNo].filter((s) => s.trim()).join(' · ');

export const intervalLabel = (pdf: PdfWriter, value: number) => {
  const entry = SERVICE_INTERVALS.find((i) => i.value === value);
  return entry ? pdf.t(entry.labelKey) : String(value);
};

const AMPELS = ['green', 'orange', 'red', 'black'] as const;
export const ampelOf = (value: string | null) =>
  AMPELS.find((a) => a === value) ?? ('none' as const satisfies keyof typeof COLOR.ampel);

/** The short block that opens every single-record PDF: which installation, where. */
export function installationBlock(pdf: PdfWriter, { book, type }: BookData) {
  pdf.keyValues(
    [
      [pdf.t('books.fields.title'), book.title],
      [pdf.t('books.fields.object'), book.object],
      [pdf.t('books.fields.site'), book.site],
      [pdf.t('books.fields.objectaddress'), addressLine(book.objectaddress)],
      [pdf.t('books.fields.manufacturerNo'), book.manufacturerNo],
      [pdf.t('books.fields.glasbocknr'), book.glasbocknr],
      [pdf.t('books.fields.typ'), book.typ || type?.type || ''],
      [pdf.t('pdf.fields.component'), type?.component ?? ''],
      [pdf.t('books.fields.controller'), book.controller],
    ],
    { columns: 3 },
  );
}

/**
 * Intervals, last and next dates with their ampels, as a small table: one row for the
 * inspection and one for the operator's self-inspection.
 */
export function scheduleTable(
  pdf: PdfWriter,
  { book, type }: BookData,
  last: { inspection: string | null; self: string | null },
) {
  const interval = book.serviceinterval || type?.serviceinterval || 0;
  const selfInterval = book.selfserviceinterval || type?.selfserviceinterval || 0;
  const ampelCell = (value: string | null) => {
    const a = ampelOf(value);
    return { text: pdf.t(`pdf.ampel.${a}`), dot: COLOR.ampel[a] };
  };
  drawTable(
    pdf,
    [
      { header: '', weight: 2 },
      { header: pdf.t('books.fields.serviceinterval'), weight: 1.8 },
      { header: pdf.t('pdf.fields.lastInspection'), weight: 1.5 },
      { header: pdf.t('books.fields.nextInspectionDate'), weight: 1.5 },
      { header: pdf.t('pdf.fields.ampel'), weight: 3 },
    ],
    [
      [
        { text: pdf.t('pdf.kinds.inspection'), bold: true },
        intervalLabel(pdf, interval),
        formatDate(last.inspection) || '–',
        formatDate(book.nextInspectionDate) || '–',
        ampelCell(book.inspectionAmpel),
      ],
      [
        { text: pdf.t('pdf.kinds.self'), bold: true },
        intervalLabel(pdf, selfInterval),
        formatDate(last.self) || '–',
        formatDate(book.nextInspectionDateSelf) || '–',
        ampelCell(book.inspectionSelfAmpel),
      ],
    ],
    { zebra: false },
  );
  if (book.shutDown) {
    pdf.paragraph(pdf.t('pdf.shutDownNote'), { font: 'bold', color: COLOR.danger });
  }
}
