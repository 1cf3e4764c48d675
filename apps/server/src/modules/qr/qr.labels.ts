import { translate } from '@pruefbuch/domain/locales/resources';
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
 * no gaps, the sheet's top and bottom edge 0.5 mm. Each label: the QR code on the left, object,
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
  qr: 27 * MM,
} as const;
const PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows;

export interface Label {
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
}

/**
 * POST books/getEtikettPdf: the books (ids of the request's tenant, in the order given) with
 * their newest code; books without a code get one, all in one transaction. An id that is not a
 * book of the tenant makes the whole call a 404.
 */
export async function loadLabels(ctx: TenantContext, bookIds: string[]): Promise<LabelRun> {
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
    const first = await findBookWithTenant(tx, ctx.tenantId, ids[0] ?? '');
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      tenantName: first?.tenant.name ?? '',
      labels: bookIds.flatMap((id) => {
        const r = byId.get(id);
        if (!r?.code) return [];
        return [
          {
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
  for (let start = 0; start < run.labels.length; start += PER_PAGE) {
    if (pdf.aborted) return;
    const page = run.labels.slice(start, start + PER_PAGE);
    const pngs = page.map((l) => qrPng(l.url));
    if (start > 0) pdf.addPage();
    page.forEach((label, i) => {
      const col = i % LABEL_SHEET.columns;
      const row = Math.floor(i / LABEL_SHEET.columns);
      const x = LABEL_SHEET.left + col * LABEL_SHEET.width;
      const y = LABEL_SHEET.top + row * LABEL_SHEET.height;
      drawLabel(pdf, images, label, pngs[i] ?? null, x, y, t);
    });
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
  const qrTop = y + (LABEL_SHEET.height - qr) / 2;
  const image = png ? images.open(png) : null;
  if (image) doc.image(image as never, x + pad, qrTop, { width: qr, height: qr });

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
