import type { ChecklistEntry, Defect } from '@pruefbuch/domain/schemas/inspection';
import { COLOR, type PdfWriter } from '../../platform/pdf';
import type { ImageCache } from '../../platform/pdf/images';
import { drawTable, type TableCell } from '../../platform/pdf/table';
import { formatDate } from '../../platform/pdf/text';
import {
  checklistTitle,
  itemLabel,
  kindKey,
  type PdfRecord,
  type PhotoLoader,
  type RecordRef,
} from './pdf.record-model';

/** 'Prüfung vom 12.03.2025'. */
export const recordTitle = (pdf: PdfWriter, r: Pick<PdfRecord, 'kind' | 'isAbnahmeGutachten' | 'when'>) =>
  pdf.t('pdf.recordHeading', { kind: pdf.t(`pdf.kinds.${kindKey(r)}`), date: formatDate(r.when) });

const refText = (pdf: PdfWriter, key: string, ref: RecordRef) =>
  pdf.t(key, { kind: pdf.t(`pdf.kinds.${kindKey(ref)}`), date: formatDate(ref.when) });

export function resultCell(pdf: PdfWriter, result: ChecklistEntry['result']): TableCell {
  switch (result) {
    case 'ok':
      return { text: pdf.t('pdf.checklist.ok'), color: COLOR.ampel.green };
    case 'defect':
      return { text: pdf.t('pdf.checklist.defect'), color: COLOR.danger, bold: true };
    case 'na':
      return { text: pdf.t('pdf.checklist.na'), color: COLOR.muted };
    default:
      return { text: pdf.t('pdf.checklist.open'), color: COLOR.muted };
  }
}

export function severityCell(pdf: PdfWriter, d: Pick<Defect, 'severity' | 'resolved'>): TableCell {
  const text = pdf.t(`pdf.severity.${d.severity}`);
  if (d.resolved) return { text, color: COLOR.muted };
  if (d.severity === 'shutdown') return { text, color: COLOR.danger, bold: true };
  if (d.severity === 'repair') return { text, color: COLOR.ampel.orange, bold: true };
  return text;
}

export interface RecordRenderOptions {
  /** The heading's level: 1 when the record is the document, 2 inside the book export. */
  level: 1 | 2;
  images: ImageCache;
  photos: PhotoLoader;
}

/**
 * One record: heading, corrections, data, remarks, checklist, defects with photos, continued
 * operation and signatures. Shared by the book export, the expert report, the archived
 * inspection PDF and the preview.
 */
export async function renderRecord(pdf: PdfWriter, r: PdfRecord, opts: RecordRenderOptions) {
  pdf.heading(recordTitle(pdf, r), opts.level);
  if (r.corrects)
    pdf.paragraph(refText(pdf, 'pdf.corrections.corrects', r.corrects), { font: 'bold', color: COLOR.accent });
  if (r.correctedBy) {
    pdf.paragraph(refText(pdf, 'pdf.corrections.correctedBy', r.correctedBy), { font: 'bold', color: COLOR.danger });
  }

  const self = r.kind === 'self';
  pdf.keyValues(
    [
      [pdf.t('pdf.fields.kind'), pdf.t(`pdf.kinds.${kindKey(r)}`)],
      [pdf.t('pdf.fields.date'), formatDate(r.when)],
      [pdf.t(r.kind === 'gutachten' ? 'pdf.fields.expert' : 'pdf.fields.who'), r.who],
      [pdf.t('pdf.fields.where'), self ? '' : r.where],
      [pdf.t('pdf.fields.akkutausch'), self || !r.akkutausch ? '' : pdf.t('pdf.yes')],
      [pdf.t('pdf.fields.checklist'), r.checklist.length ? checklistTitle(r.checklistName, pdf.t.bind(pdf)) : ''],
      [pdf.t('pdf.fields.finalized'), formatDate(r.finalizedAt)],
    ],
    { columns: 3 },
  );

  if (r.report) pdf.paragraph(pdf.t('pdf.report.uploaded', { name: r.report.fileName }), { font: 'italic' });
  if (r.text.trim()) {
    pdf.heading(pdf.t('pdf.sections.text'), 3);
    pdf.paragraph(r.text);
  }

  if (r.checklist.length) {
    pdf.heading(pdf.t('pdf.sections.checklist'), 3);
    drawTable(
      pdf,
      [
        { header: pdf.t('pdf.checklist.item'), weight: 5.2 },
        { header: pdf.t('pdf.checklist.result'), weight: 1.3 },
        { header: pdf.t('pdf.checklist.note'), weight: 3.5 },
      ],
      r.checklist.map((e) => [itemLabel(e, pdf.t.bind(pdf)), resultCell(pdf, e.result), e.note]),
    );
  }

  await renderDefects(pdf, r, opts);
  renderContinuedOperation(pdf, r);
  renderSignatures(pdf, r, opts.images);
}

async function renderDefects(pdf: PdfWriter, r: PdfRecord, opts: RecordRenderOptions) {
  pdf.heading(pdf.t('pdf.sections.defects'), 3);
  if (r.defects.length === 0) {
    pdf.paragraph(pdf.t('pdf.defects.none'), { color: COLOR.muted });
    return;
  }
  const labels = new Map(r.checklist.map((e) => [e.item, itemLabel(e, pdf.t.bind(pdf))]));
  drawTable(
    pdf,
    [
      { header: pdf.t('pdf.defects.number'), weight: 0.6 },
      { header: pdf.t('pdf.defects.text'), weight: 5 },
      { header: pdf.t('pdf.defects.severity'), weight: 2 },
      { header: pdf.t('pdf.defects.item'), weight: 2.6 },
    ],
    r.defects.map((d, i) => [
      String(i + 1),
      d.resolved ? { text: `${d.text} (${pdf.t('pdf.defects.resolved')})`, color: COLOR.muted } : d.text,
      severityCell(pdf, d),
      d.item ? (labels.get(d.item) ?? d.item) : '',
    ]),
  );

  const wanted = r.defects.flatMap((d, i) => d.photos.map((id) => ({ id, defect: i + 1 })));
  if (wanted.length === 0) return;
  await pdf.drain();
  const photos = await opts.photos(wanted.map((w) => w.id));
  const gap = 12;
  const perRow = 3;
  const boxW = (pdf.width - gap * (perRow - 1)) / perRow;
  const boxH = 118;
  let col = 0;
  let rowTop = pdf.y;
  let rowBottom = rowTop;
  for (const w of wanted) {
    const photo = photos.get(w.id);
    const image = photo?.bytes ? opts.images.open(photo.bytes) : null;
    if (col === 0) {
      pdf.ensureSpace(boxH + 24);
      rowTop = pdf.y;
      rowBottom = rowTop;
    }
    const x = pdf.left + col * (boxW + gap);
    let y = rowTop;
    if (image) {
      const size = opts.images.place(image, x, y, boxW, boxH);
      y += size.height + 3;
      pdf.write(pdf.t('pdf.defects.photo', { number: w.defect }), x, y, {
        width: boxW,
        size: 7.5,
        color: COLOR.muted,
        maxLines: 1,
      });
      y += 10;
    } else {
      const note = photo?.found
        ? pdf.t('pdf.defects.photoSkipped', { name: photo.fileName, type: photo.contentType })
        : pdf.t('pdf.defects.photoMissing');
      pdf.doc
        .save()
        .rect(x, y, boxW, 40)
        .lineWidth(0.5)
        .dash(2, { space: 2 })
        .strokeColor(COLOR.rule)
        .stroke()
        .restore();
      pdf.write(`${pdf.t('pdf.defects.photo', { number: w.defect })}: ${note}`, x + 5, y + 6, {
        width: boxW - 10,
        font: 'italic',
        size: 7.5,
        color: COLOR.muted,
        maxLines: 3,
      });
      y += 46;
    }
    rowBottom = Math.max(rowBottom, y);
    col = (col + 1) % perRow;
    if (col === 0) pdf.y = rowBottom + 6;
  }
  if (col !== 0) pdf.y = rowBottom + 6;
  pdf.doc.x = pdf.left;
}

function renderContinuedOperation(pdf: PdfWriter, r: PdfRecord) {
  if (r.kind === 'self' && r.continuedOperation === null) return;
  const key = r.continuedOperation === null ? 'open' : r.continuedOperation ? 'yes' : 'no';
  const color = r.continuedOperation === null ? COLOR.muted : r.continuedOperation ? COLOR.ampel.green : COLOR.danger;
  pdf.heading(pdf.t('pdf.sections.continuedOperation'), 3);
  const text = pdf.t(`pdf.continuedOperation.${key}`);
  const box = { width: pdf.width - 14, font: 'bold' as const, size: 9.5 };
  const h = pdf.measure(text, box) + 8;
  pdf.ensureSpace(h + 4);
  const y = pdf.y;
  pdf.doc.save().rect(pdf.left, y, 3, h).fillColor(color).fill().restore();
  pdf.write(text, pdf.left + 10, y + 4, { ...box, color: color === COLOR.muted ? COLOR.muted : COLOR.text });
  pdf.doc.x = pdf.left;
  pdf.y = y + h + 6;
}

function renderSignatures(pdf: PdfWriter, r: PdfRecord, images: ImageCache) {
  pdf.heading(pdf.t('pdf.sections.signatures'), 3);
  const gap = 24;
  const colW = (pdf.width - gap) / 2;
  const imageH = 48;
  pdf.ensureSpace(imageH + 44);
  const top = pdf.y;
  const column = (
    x: number,
    label: string,
    sig: { name: string; image: string | null; signedAt?: string } | null,
    none: string,
  ) => {
    pdf.write(label, x, top, { width: colW, size: 7.5, color: COLOR.muted, maxLines: 1 });
    const image = images.openSignature(sig?.image);
    if (image) images.place(image, x, top + 11, colW * 0.7, imageH);
    const lineY = top + 11 + imageH + 2;
    pdf.doc
      .moveTo(x, lineY)
      .lineTo(x + colW, lineY)
      .lineWidth(0.6)
      .strokeColor(COLOR.muted)
      .stroke();
    if (!sig) {
      return lineY + 4 + pdf.write(none, x, lineY + 4, { width: colW, font: 'italic', size: 8.5, color: COLOR.muted });
    }
    pdf.write(sig.name, x, lineY + 4, { width: colW, maxLines: 1 });
    const date = formatDate(sig.signedAt ?? null);
    if (date) {
      pdf.write(pdf.t('pdf.signatures.signedAt', { date }), x, lineY + 16, {
        width: colW,
        size: 7.5,
        color: COLOR.muted,
        maxLines: 1,
      });
    }
    return lineY + 28;
  };
  // An expert report is signed by the expert (Sachverständiger), the other records by the inspector.
  const signer = pdf.t(r.kind === 'gutachten' ? 'pdf.signatures.expert' : 'pdf.signatures.inspector');
  const a = column(pdf.left, signer, r.inspectorSignature, pdf.t('pdf.signatures.missing'));
  const b = column(
    pdf.left + colW + gap,
    pdf.t('pdf.signatures.operator'),
    r.operatorAcknowledgement,
    pdf.t('pdf.signatures.noOperator'),
  );
  pdf.doc.x = pdf.left;
  pdf.y = Math.max(a, b) + 6;
}
