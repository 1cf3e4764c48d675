import { translate } from '@pruefbuch/domain/locales/resources';
import { COLOR, createPdf, PDF_LANG, type PdfWriter } from '../../platform/pdf';
import { drawTable } from '../../platform/pdf/table';
import { formatDate } from '../../platform/pdf/text';
import { bookSubtitle, installationBlock, pdfTenant } from './pdf.book-parts';
import { recordTitle } from './pdf.record';
import { blankChecklist, checklistTitle } from './pdf.record-model';
import { openDefects, type Summary } from './pdf.summary';

export const preInspectionPdf = (data: Summary) =>
  createPdf({
    title: translate(PDF_LANG, 'pdf.titles.preInspection'),
    subtitle: bookSubtitle(data.book),
    tenant: pdfTenant(data.tenant),
  });

const BLANK_DEFECT_ROWS = 6;

/**
 * GET inspections/preInspectionPdf/{bookId}: the blank checklist of the book's type to print and
 * take on site, with boxes to tick, the open defects of the last inspection, lines for new
 * defects, and signature fields.
 */
export function renderPreInspection(pdf: PdfWriter, data: Summary) {
  const t = pdf.t.bind(pdf);
  pdf.y += pdf.write(t('pdf.titles.preInspection'), pdf.left, pdf.y, {
    width: pdf.width,
    font: 'bold',
    size: 18,
    color: COLOR.accent,
  });
  pdf.paragraph(t('pdf.preInspection.intro'), { size: 8.5, color: COLOR.muted, gap: 2 });

  pdf.heading(t('pdf.sections.installation'));
  installationBlock(pdf, data);
  const next = formatDate(data.book.nextInspectionDate);
  if (next) pdf.paragraph(`${t('books.fields.nextInspectionDate')}: ${next}`, { size: 8.5 });

  pdf.heading(t('pdf.preInspection.kindChoice'), 3);
  pdf.checkboxes([
    t('pdf.kinds.inspection'),
    t('pdf.kinds.wartung'),
    t('pdf.kinds.gutachten'),
    t('pdf.kinds.abnahme'),
    t('pdf.fields.akkutausch'),
  ]);
  pdf.writeLines([
    [t('pdf.preInspection.date'), 1],
    [t('pdf.preInspection.inspector'), 2],
    [t('pdf.preInspection.where'), 2],
  ]);

  const checklist = blankChecklist('inspection', data.type, t);
  pdf.heading(`${t('pdf.sections.checklist')} – ${checklistTitle(checklist.name, t)}`);
  drawTable(
    pdf,
    [
      { header: t('pdf.checklist.item'), weight: 5 },
      { header: t('pdf.checklist.ok'), weight: 0.75, align: 'center' },
      { header: t('pdf.checklist.defect'), weight: 0.85, align: 'center' },
      { header: t('pdf.checklist.na'), weight: 0.85, align: 'center' },
      { header: t('pdf.checklist.note'), weight: 3.2 },
    ],
    checklist.entries.map((e, i) => [
      `${i + 1}. ${e.label}`,
      { text: '', box: true },
      { text: '', box: true },
      { text: '', box: true },
      '',
    ]),
    { minRowHeight: 24, zebra: false },
  );

  const open = openDefects(data.records);
  if (open && open.defects.length > 0) {
    pdf.heading(`${t('pdf.preInspection.openDefects')} (${recordTitle(pdf, open.record)})`, 2);
    drawTable(
      pdf,
      [
        { header: t('pdf.defects.number'), weight: 0.6 },
        { header: t('pdf.defects.text'), weight: 5.4 },
        { header: t('pdf.defects.severity'), weight: 2 },
        { header: t('pdf.defects.resolved'), weight: 1, align: 'center' },
      ],
      open.defects.map((d, i) => [String(i + 1), d.text, t(`pdf.severity.${d.severity}`), { text: '', box: true }]),
      { minRowHeight: 20, zebra: false },
    );
  }

  pdf.heading(t('pdf.preInspection.defectLines'));
  drawTable(
    pdf,
    [
      { header: t('pdf.defects.number'), weight: 0.6 },
      { header: t('pdf.defects.text'), weight: 5.4 },
      { header: t('pdf.preInspection.severityShort'), weight: 1.2, align: 'center' },
      { header: t('pdf.defects.item'), weight: 1.8 },
    ],
    Array.from({ length: BLANK_DEFECT_ROWS }, (_, i) => [String(i + 1), '', '', '']),
    { minRowHeight: 26, zebra: false },
  );
  pdf.paragraph(t('pdf.preInspection.severityHint'), { size: 7.5, color: COLOR.muted });

  pdf.heading(t('pdf.preInspection.remarks'), 3);
  for (let i = 0; i < 3; i++) pdf.writeLines([['', 1]], 22);

  pdf.ensureSpace(150);
  pdf.heading(t('pdf.sections.continuedOperation'), 3);
  pdf.checkboxes([t('pdf.yes'), t('pdf.no')], { lead: `${t('pdf.preInspection.continued')}:` });
  pdf.y += 16;
  pdf.writeLines(
    [
      [t('pdf.preInspection.placeDate'), 1],
      [t('pdf.preInspection.inspectorSignature'), 1.4],
    ],
    34,
  );
  pdf.writeLines(
    [
      [t('pdf.preInspection.placeDate'), 1],
      [t('pdf.preInspection.operatorSignature'), 1.4],
    ],
    34,
  );
}
