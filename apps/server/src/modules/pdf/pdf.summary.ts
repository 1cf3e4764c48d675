import { hiddenRecordKinds } from '@pruefbuch/domain/access';
import { translate } from '@pruefbuch/domain/locales/resources';
import type { Defect } from '@pruefbuch/domain/schemas/inspection';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { readsRetired } from '../../platform/legal-holds';
import { COLOR, createPdf, PDF_LANG, type PdfWriter } from '../../platform/pdf';
import { drawTable } from '../../platform/pdf/table';
import { formatDate } from '../../platform/pdf/text';
import { lastDates, loadRecords } from './pdf.book-export';
import { type BookData, bookSubtitle, installationBlock, pdfTenant, scheduleTable } from './pdf.book-parts';
import { recordTitle, severityCell } from './pdf.record';
import { kindKey, type PdfRecord } from './pdf.record-model';
import { finalizedRecords, findBookWithTenant } from './pdf.repo';

export interface Summary extends BookData {
  records: PdfRecord[];
}

export async function loadSummary(ctx: TenantContext, bookId: string): Promise<Summary> {
  const data = await findBookWithTenant(ctx.db, ctx.tenantId, bookId, readsRetired(ctx.user));
  if (!data) throw notFound();
  const rows = await finalizedRecords(ctx.db, ctx.tenantId, bookId, hiddenRecordKinds(ctx.user));
  return { ...data, records: await loadRecords(ctx.db, ctx.tenantId, rows) };
}

/**
 * The open defects of a book: the defects not marked resolved in its latest finalized
 * inspection, maintenance or expert report that has not been corrected (the record the shut-down
 * rule of decision 008 reads). Defects carry over from record to record, so the latest one
 * holds the current list.
 */
export function openDefects(records: PdfRecord[]): { record: PdfRecord; defects: Defect[] } | null {
  const latest = records.filter((r) => r.kind !== 'self' && !r.correctedBy).at(-1);
  if (!latest) return null;
  return { record: latest, defects: latest.defects.filter((d) => !d.resolved) };
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const MAX_OPEN_DEFECTS = 10;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The i18next plural suffix ('one', 'other') of a count in the document's language. */
function plural(pdf: PdfWriter, count: number) {
  let rules = pluralRules.get(pdf.lang);
  if (!rules) {
    rules = new Intl.PluralRules(pdf.lang);
    pluralRules.set(pdf.lang, rules);
  }
  return rules.select(count) === 'one' ? 'one' : 'other';
}

export const summaryPdf = (data: Summary) =>
  createPdf({
    title: translate(PDF_LANG, 'pdf.titles.book'),
    subtitle: bookSubtitle(data.book),
    tenant: pdfTenant(data.tenant),
  });

/** GET books/{id}/exportPdfShrink: one page: installation, ampel, dates, open defects, last five records. */
export function renderSummary(pdf: PdfWriter, data: Summary) {
  pdf.y += pdf.write(pdf.t('pdf.titles.shrink'), pdf.left, pdf.y, {
    width: pdf.width,
    font: 'bold',
    size: 18,
    color: COLOR.accent,
  });
  pdf.y +=
    1 +
    pdf.write(pdf.t('pdf.printedOn', { date: formatDate(new Date()) }), pdf.left, pdf.y + 1, {
      width: pdf.width,
      size: 8.5,
      color: COLOR.muted,
    });

  pdf.heading(pdf.t('pdf.sections.installation'));
  installationBlock(pdf, data);
  pdf.heading(pdf.t('pdf.sections.schedule'));
  scheduleTable(pdf, data, lastDates(data.records));

  pdf.heading(pdf.t('pdf.sections.openDefects'));
  const open = openDefects(data.records);
  if (!open || open.defects.length === 0) {
    pdf.paragraph(pdf.t('pdf.shrink.noOpenDefects'), { color: COLOR.muted });
  } else {
    const from = recordTitle(pdf, open.record);
    drawTable(
      pdf,
      [
        { header: pdf.t('pdf.defects.number'), weight: 0.6 },
        { header: pdf.t('pdf.defects.text'), weight: 6 },
        { header: pdf.t('pdf.defects.severity'), weight: 2.4 },
      ],
      open.defects.slice(0, MAX_OPEN_DEFECTS).map((d, i) => [String(i + 1), clip(d.text, 220), severityCell(pdf, d)]),
      { fontSize: 8 },
    );
    const more = open.defects.length - MAX_OPEN_DEFECTS;
    pdf.paragraph(more > 0 ? `${from} · +${more}` : from, { size: 7.5, color: COLOR.muted });
  }

  pdf.heading(pdf.t('pdf.sections.lastRecords'));
  const last = data.records.slice(-5).reverse();
  if (last.length === 0) {
    pdf.paragraph(pdf.t('pdf.shrink.noRecords'), { color: COLOR.muted });
    return;
  }
  drawTable(
    pdf,
    [
      { header: pdf.t('pdf.fields.date'), weight: 1.3 },
      { header: pdf.t('pdf.fields.kind'), weight: 2 },
      { header: pdf.t('pdf.fields.who'), weight: 2.4 },
      { header: pdf.t('pdf.shrink.result'), weight: 1.8 },
      { header: pdf.t('pdf.sections.continuedOperation'), weight: 1.5 },
    ],
    last.map((r) => {
      const open = r.defects.filter((d) => !d.resolved).length;
      return [
        formatDate(r.when),
        pdf.t(`pdf.kinds.${kindKey(r)}`) + (r.correctedBy ? ` (${pdf.t('pdf.corrections.correctedShort')})` : ''),
        clip(r.who || r.inspectorSignature?.name || '', 60),
        open
          ? {
              text: pdf.t(`pdf.shrink.defectsCount_${plural(pdf, open)}`, { count: open }),
              color: COLOR.danger,
              bold: true,
            }
          : { text: pdf.t('pdf.shrink.noDefects'), color: COLOR.ampel.green },
        r.continuedOperation === null
          ? '–'
          : r.continuedOperation
            ? pdf.t('pdf.yes')
            : { text: pdf.t('pdf.no'), color: COLOR.danger, bold: true },
      ];
    }),
    { fontSize: 8 },
  );
}
