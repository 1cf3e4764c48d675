import { translate } from '@pruefbuch/domain/locales/resources';
import { LABELS_PER_SHEET } from '@pruefbuch/domain/schemas/qr';
import QRCode from 'qrcode';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { COLOR, createPdf, MM, PDF_LANG, type PdfWriter } from '../../platform/pdf';
import { ImageCache } from '../../platform/pdf/images';
import { greyPng } from '../../platform/pdf/png';
import { findBookWithTenant } from '../pdf/pdf.repo';
import { labelBooks, lockBooks } from './qr.repo';
import { codeUrl, generateMissing } from './qr.service';

/**
 * The label sheet: Avery Zweckform 3474 (and compatibles), A4 with 3 × 8 labels of 70 × 37 mm,
 * no gaps, the sheet's top and bottom edge 0.5 mm. Each label: the QR code on the left with its
 * code printed under it (to type on the scan screen when the camera cannot read it), object,
 * site, manufacturer and serial number and the service company on the right, 3 mm inside the
 * edge so printers that cannot print to the edge lose nothing.
 */
export const LABEL_SHEET = {
  name: 'Avery Zweckform 3474',
  columns: 3,
  rows: 8,
  width: 70 * MM,
  height: 37 * MM,
  top: 0.5 * MM,
  left: 0,
  padding: 3 * MM,
  qr: 25 * MM,
  /** Height of the line with the code under the QR. */
  codeLine: 3.4 * MM,
} as const;
const PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows;
if (PER_PAGE !== LABELS_PER_SHEET) throw new Error('label sheet and LABELS_PER_SHEET disagree');

export interface Label {
  /** The code as typed on the scan screen (the last part of the QR's URL). */
  code: string;
  title: string;
  object: string;
  site: string;
  manufacturerNo: string;
  serial: string;
  url: string;
}

export interface LabelRun {
  tenantName: string;
  labels: Label[];
  /** Position (1–24, row by row from the top left) of the first label on the first sheet. */
  start?: number;
}

/** Sheet (0-based) and position on it (0–23) of the label with this index, the first one at `start`. */
export function labelSlot(index: number, start = 1) {
  const slot = start - 1 + index;
  const position = slot % PER_PAGE;
  return {
    sheet: Math.floor(slot / PER_PAGE),
    position,
    column: position % LABEL_SHEET.columns,
    row: Math.floor(position / LABEL_SHEET.columns),
  };
}

/**
 * POST books/getEtikettPdf: the books (ids of the request's tenant, in the order given) with
 * their newest code; books without a code get one, all in one transaction. An id that is not a
 * book of the tenant makes the whole call a 404.
 */
export async function loadLabels(ctx: TenantContext, bookIds: string[], start = 1): Promise<LabelRun> {
  const ids = [...new Set(bookIds)];
  return ctx.db.transaction(async (tx) => {
    let rows = await labelBooks(tx, ctx.tenantId, ids);
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => !r.code)) {
      await lockBooks(tx, ctx.tenantId, ids);
      rows = await labelBooks(tx, ctx.tenantId, ids);
      const made = await generateMissing(
        tx,
        ctx,
        rows.filter((r) => !r.code).map((r) => r.id),
      );
      rows = rows.map((r) => (r.code ? r : { ...r, code: made.get(r.id)?.code ?? null }));
    }
    const first = await findBookWithTenant(tx, ctx.tenantId, ids[0] ?? '', true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      tenantName: first?.tenant.name ?? '',
      start,
      labels: bookIds.flatMap((id) => {
        const r = byId.get(id);
        if (!r?.code) return [];
        return [
          {
            code: r.code,
            title: r.title,
            object: r.object,
            site: r.site,
            manufacturerNo: r.manufacturerNo,
            serial: r.glasbocknr,
            url: codeUrl(ctx.deps.config.publicUrl, r.code),
          },
        ];
      }),
    };
  });
}

export const labelPdf = (run: LabelRun) =>
  createPdf({
    title: translate(PDF_LANG, 'pdf.titles.labels'),
    tenant: { name: run.tenantName, fusszeileText: '', addressName: '', address: null },
    frame: false,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
  });

const QR_SCALE = 4;
const QR_MARGIN = 1;

/**
 * The QR code of a URL as a PNG: the matrix from the qrcode package (error correction M), drawn
 * 4 px per module with a quiet zone of one module, 8-bit grey without alpha so the PDF takes it
 * as it is. (qrcode's own PNG renderer spends most of a 500-label sheet choosing PNG filters.)
 */
export function qrPng(url: string): Buffer {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const px = (n + 2 * QR_MARGIN) * QR_SCALE;
  return greyPng(px, px, (x, y) => {
    const col = Math.floor(x / QR_SCALE) - QR_MARGIN;
    const row = Math.floor(y / QR_SCALE) - QR_MARGIN;
    return col >= 0 && row >= 0 && col < n && row < n && modules.data[row * n + col] === 1;
  });
}

export async function renderLabels(pdf: PdfWriter, run: LabelRun) {
  const images = new ImageCache(pdf);
  const t = pdf.t.bind(pdf);
  const start = run.start ?? 1;
  let from = 0;
  for (let sheet = 0; from < run.labels.length; sheet++) {
    if (pdf.aborted) return;
    // The first sheet holds the labels from the start position on, every further sheet a full 24.
    const room = sheet === 0 ? PER_PAGE - (start - 1) : PER_PAGE;
    const page = run.labels.slice(from, from + room);
    const pngs = page.map((l) => qrPng(l.url));
    if (sheet > 0) pdf.addPage();
    page.forEach((label, i) => {
      const { column, row } = labelSlot(from + i, start);
      const x = LABEL_SHEET.left + column * LABEL_SHEET.width;
      const y = LABEL_SHEET.top + row * LABEL_SHEET.height;
      drawLabel(pdf, images, label, pngs[i] ?? null, x, y, t);
    });
    from += page.length;
    await pdf.drain();
  }
}

function drawLabel(
  pdf: PdfWriter,
  images: ImageCache,
  label: Label,
  png: Buffer | null,
  x: number,
  y: number,
  t: PdfWriter['t'],
) {
  const { doc } = pdf;
  const pad = LABEL_SHEET.padding;
  const qr = LABEL_SHEET.qr;
  // QR and code line together, centred in the label's height.
  const qrTop = y + (LABEL_SHEET.height - qr - LABEL_SHEET.codeLine) / 2;
  const image = png ? images.open(png) : null;
  if (image) doc.image(image as never, x + pad, qrTop, { width: qr, height: qr });
  drawCode(pdf, label.code, x + pad, qrTop + qr + 0.4 * MM, qr);

  const textX = x + pad + qr + 2.5 * MM;
  const width = x + LABEL_SHEET.width - pad - textX;
  let ty = y + pad + 1;
  const line = (text: string, font: 'regular' | 'bold', size: number, color: string, lines = 1) => {
    if (!text.trim()) return;
    ty += pdf.write(text, textX, ty, { width, font, size, color, maxLines: lines }) + 1.5;
  };
  line(label.object || label.title, 'bold', 8, COLOR.text, 2);
  if (label.object && label.title) line(label.title, 'regular', 7, COLOR.text, 2);
  line(label.site, 'regular', 7, COLOR.text);
  if (label.manufacturerNo)
    line(`${t('pdf.labels.manufacturerNo')} ${label.manufacturerNo}`, 'regular', 6.5, COLOR.text);
  if (label.serial) line(`${t('pdf.labels.serial')} ${label.serial}`, 'regular', 6.5, COLOR.text);
  pdf.write(pdf.layout.tenant.name, textX, y + LABEL_SHEET.height - pad - 7, {
    width,
    font: 'bold',
    size: 6,
    color: COLOR.accent,
    maxLines: 1,
  });
}

/**
 * The code under the QR, centred, in a fixed-width font so that 0/O and 1/l/I can be told apart;
 * a long pre-printed code gets a smaller size to stay on one line.
 */
function drawCode(pdf: PdfWriter, code: string, x: number, y: number, width: number) {
  const size = Math.min(8, width / (Math.max(code.length, 1) * 0.6));
  const w = pdf.textWidth(code, 'mono', size);
  pdf.write(code, x + Math.max(0, (width - w) / 2), y, { width, font: 'mono', size, color: COLOR.text, maxLines: 1 });
}
